// The accounts module's façade (ADR 068): what other modules may use of it. Accounts owns the
// users table; other modules read people through `people.ts`, and count what callers try with
// the shared throttle.
export {
  toSignatureQualities,
  VISUAL_SIGNATURE_PERMISSIONS,
  type AccountFacts,
  type AccountStanding,
  type HeldQuality,
  type SignerGroupMembership,
} from './account.js';
export {
  accountCreatedAt,
  findPeople,
  findPeopleByEmail,
  findPerson,
  findPersonByEmail,
  fullNameOf,
  insertApiUserAccount,
  pagePeopleByEmail,
  updateAccountAttributes,
  withPeople,
  type Lookup,
  type Person,
} from './people-repo.js';
export { recordContacts } from './contacts-repo.js';
export { keepPart11Defaults, verifyPersonPassword } from './reauthentication.js';
export { createThrottle, type Throttle, type ThrottleRule } from './throttle-repo.js';
export { createIdentitiesRepo, type IdentitiesRepo } from './identities-repo.js';
export {
  createAccountFromIdentity,
  createConfirmedAccount,
  discardAccount,
  linkIdentity,
  linkIdentityWithPassword,
  openSessionFor,
  standingOfIdentity,
  type IdentityStanding,
  type SsoAccountsDeps,
} from './sso-accounts.js';
export {
  checkEidDisconnection,
  connectEidToAccount,
  createAccountFromEid,
  presentAccountOf,
  unlinkEidFromAccount,
  type EidPerson,
} from './eid-accounts.js';
