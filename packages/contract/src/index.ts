// The API contract: zod schemas of every call, the only source of API types. The package has no
// side effects (package.json), so a bundle keeps only the modules whose schemas it uses: the web
// app imports endpoint groups (`accountEndpoints`), not the `endpoints` of every call.
export * from './endpoint.js';
export * from './case.js';
export * from './problem.js';
export * from './errors.js';
export * from './user.js';
export * from './accounts.js';
export * from './visual-signatures.js';
export * from './signature-requests.js';
export * from './direct.js';
export * from './mab.js';
export * from './swisscom.js';
export * from './sendto.js';
export * from './signature-protocol.js';
export * from './system.js';
export * from './client-errors.js';
export * from './identification.js';
export * from './businesses.js';
export * from './business-activity.js';
export * from './business-verification.js';
export * from './maintenance.js';
export * from './business-surveys.js';
export * from './groups.js';
export * from './seals.js';
export * from './api-users.js';
export * from './webhooks.js';
export * from './embedded-signing.js';
export * from './mcp.js';
export * from './sso.js';
export * from './scim.js';
export * from './eid.js';
export * from './part11.js';
export * from './direct-tan.js';
export * from './verification-service.js';
export * from './templates.js';
export * from './bulk-send.js';
export * from './files.js';
export * from './trust.js';
export * from './verification.js';
export * from './sandbox.js';
export * from './price-plan.js';
export * from './billing.js';
export * from './payments.js';

export * from './all-endpoints.js';
