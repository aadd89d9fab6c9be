// The single sign-on module's façade (ADR 068, ADR 075): its routes and dependencies for the
// composition root, and the check password login asks of it.
export { createRelyingPartyCache, type SsoDeps } from './deps.js';
export { createSsoRepo } from './repo.js';
export { registerSsoRoutes } from './routes.js';
export { createSecretBox } from './secret-box.js';
export { isSsoRequired } from './sign-in.js';
