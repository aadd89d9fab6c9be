// The seals module's façade (ADR 068): a business's seals as signing applies them.
export { requireVerifiedOrganisation } from './manage-seals.js';
export { authorizeSeal } from './policy.js';
export { createSealsRepo, type SealRecord, type SealsRepo } from './repo.js';
