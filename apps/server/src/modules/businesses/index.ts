// The businesses module's façade (ADR 068): what other modules may use of it. Its policy (who may
// do what in a business), where a person stands, a business's settings and public face, and the
// ports it asks the modules above it to fill (billing's seats and payload, the activity record).
import type { BusinessRepo } from './repo.js';

export {
  authorizeBusiness,
  BUSINESS_POLICY,
  can,
  relationToBusiness,
  type BusinessAction,
  type BusinessRelation,
  type BusinessResource,
} from './policy.js';
export {
  businessIdOfAccount,
  businessOfMember,
  businessStanding,
  settingsOfBusiness,
  settingsOfMember,
} from './repo.js';
export { presentPublicInformation } from './presenter.js';
export { createTenantResolver } from './tenant-repo.js';
export { deprovisionMember, provisionMember, type ProvisionedPerson } from './provisioning.js';
export type {
  AccountEvent,
  BusinessBillingPayload,
  BusinessBillingView,
  RecordAccountEvents,
  SeatGate,
} from './deps.js';

/** What other modules read of a business through its repository. */
export type BusinessReader = Pick<BusinessRepo, 'findBusiness' | 'listDomains'>;

/** What single sign-on reads of businesses: who proved a domain, and where a person belongs. */
export type BusinessDirectory = Pick<
  BusinessRepo,
  'findBusinessByVerifiedDomain' | 'membershipOf' | 'listDomains'
>;
