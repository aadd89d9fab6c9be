// The groups module's façade (ADR 068): a signer group put in one signer's place in a request, and
// the groups an address belongs to.
export { groupForRequest } from './groups.js';
export { createGroupRepo, groupsOfAddress } from './repo.js';
