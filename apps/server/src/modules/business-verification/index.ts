// The business-verification module's façade (ADR 068): whether the operator's verification of a
// business's organisation identity still covers it, asked before a certificate names the business.
export { verifiedOrganisation } from './repo.js';
