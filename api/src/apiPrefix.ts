/** Where the API's routes live under the origin (the spec's paths); the console's assets and pages are outside it. */
export const API_PREFIX = '/api/v1';
