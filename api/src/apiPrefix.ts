/** Where the API's routes live under the origin (the spec's paths); the console's assets and pages are outside it. */
export const API_PREFIX = '/api/v1';

/** Path of the ingest routes under the API prefix: secret keys travel in it (operations/logRedaction.ts hides them). */
export const INGEST_PATH = '/ingest';

/** Path of the calendar feeds under the API prefix: their secrets travel in it (operations/logRedaction.ts hides them). */
export const CALENDARS_PATH = '/calendars';
