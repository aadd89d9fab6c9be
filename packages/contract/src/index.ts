// The API contract: zod schemas of every call, the only source of API types.
export * from './endpoint.js';
export * from './case.js';
export * from './problem.js';
export * from './user.js';
export * from './accounts.js';

import { accountEndpoints } from './accounts.js';

/** Every endpoint of the API, keyed by a stable operation name. */
export const endpoints = { ...accountEndpoints };
export type EndpointName = keyof typeof endpoints;
