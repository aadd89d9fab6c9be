// The SCIM provisioning module's façade (ADR 068, ADR 084): its routes and repository for the
// composition root, and the question single sign-on asks of it.
export type { ScimDeps } from './deps.js';
export { createScimRepo } from './repo.js';
export { registerScimRoutes } from './routes.js';
export { isAccountProvisionedBy } from './users.js';
