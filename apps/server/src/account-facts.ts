// What other modules know of a person, which the account shows (ADR 068): the qualities from
// identifications, seals and the business's word; where the person stands with a business; the
// signer groups of their address. Accounts sits below those modules, so it is composed here.
import type { Kysely } from 'kysely';
import type { Database } from './db/schema.js';
import type { AccountFacts } from './modules/accounts/index.js';
import { businessStanding } from './modules/businesses/index.js';
import { groupsOfAddress } from './modules/groups/index.js';
import { heldQualities, vouchedQualities } from './modules/identification/index.js';

export function createAccountFacts(db: Kysely<Database>): AccountFacts {
  return {
    // the person signed in: their business's word counts as well (ADR 057)
    heldQualities: async (person) => [
      ...(await heldQualities(db, { kind: 'user', userId: person.id })),
      ...(await vouchedQualities(db, { userId: person.id, email: person.email })),
    ],
    standing: (person) => businessStanding(db, person),
    signerGroups: (email) => groupsOfAddress(db, email),
  };
}
