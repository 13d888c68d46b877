export { api } from './api/api';
export * from './api/client';
export * from './api/errors';
export * from './query/queryClient';
export * from './session/token';
