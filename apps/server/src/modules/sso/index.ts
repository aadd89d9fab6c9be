// The single sign-on module's façade (ADR 068, ADR 075): its routes and dependencies for the
// composition root, the check password login asks of it, and the round trip through a provider
// that the national eIDs share (ADR 083).
export { createRelyingPartyCache, type SsoDeps } from './deps.js';
export { createSsoRepo } from './repo.js';
export { registerSsoRoutes } from './routes.js';
export { createSecretBox } from './secret-box.js';
export { isSsoRequired } from './sign-in.js';
export {
  hasInstallationProvider,
  startProviderFlow,
  takeProviderAnswer,
  type FlowDeps,
} from './provider-flow.js';
export type { SignInPurpose } from './repo.js';
