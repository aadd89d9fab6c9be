// The API contract: zod schemas of every call, the only source of API types.
export * from './endpoint.js';
export * from './case.js';
export * from './problem.js';
export * from './user.js';
export * from './accounts.js';
export * from './visual-signatures.js';
export * from './signature-requests.js';
export * from './direct.js';
export * from './sendto.js';
export * from './signature-protocol.js';
export * from './system.js';
export * from './identification.js';

import { accountEndpoints } from './accounts.js';
import { visualSignatureEndpoints } from './visual-signatures.js';
import { documentEndpoints, signatureRequestEndpoints } from './signature-requests.js';
import { directEndpoints } from './direct.js';
import { sendtoEndpoints } from './sendto.js';
import { signatureProtocolEndpoints } from './signature-protocol.js';
import { systemEndpoints } from './system.js';
import { identificationEndpoints } from './identification.js';

/** Every endpoint of the API, keyed by a stable operation name. */
export const endpoints = {
  ...accountEndpoints,
  ...visualSignatureEndpoints,
  ...signatureRequestEndpoints,
  ...documentEndpoints,
  ...directEndpoints,
  ...sendtoEndpoints,
  ...signatureProtocolEndpoints,
  ...systemEndpoints,
  ...identificationEndpoints,
};
export type EndpointName = keyof typeof endpoints;
