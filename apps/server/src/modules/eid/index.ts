// The national eIDs' façade (ADR 068, ADR 083): their routes and dependencies for the
// composition root.
export { EIDPLUS, IDAUSTRIA, RETURN_PAGES, type EidDeps } from './deps.js';
export { registerEidRoutes } from './routes.js';
