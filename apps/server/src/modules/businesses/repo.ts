// The businesses module's repository: the one object its use cases and other modules receive,
// assembled from the SQL files beside it: `business-repo.ts` (the business row, its settings,
// logo, deletion and retention), `people-repo.ts` (memberships and people),
// `invitation-domain-repo.ts` (invitations and where a person stands) and `domain-repo.ts` (domain
// claims).
import type { Failpoint } from '../../lib/failpoint.js';
import { createBusinessRowRepo } from './business-repo.js';
import { createDomainRepo } from './domain-repo.js';
import { createInvitationDomainRepo } from './invitation-domain-repo.js';
import { createPeopleRepo } from './people-repo.js';
import type { Db } from './repo-support.js';

export {
  businessIdOfAccount,
  businessOfMember,
  settingsOfBusiness,
  settingsOfMember,
} from './business-repo.js';
export { businessStanding, type BusinessStanding } from './invitation-domain-repo.js';

/** `failpoint` lets a test hold a role change inside its transaction (see `people-repo.ts`). */
export function createBusinessRepo(db: Db, failpoint: Failpoint = async () => undefined) {
  return {
    ...createBusinessRowRepo(db),
    ...createPeopleRepo(db, failpoint),
    ...createInvitationDomainRepo(db),
    ...createDomainRepo(db),
  };
}

export type BusinessRepo = ReturnType<typeof createBusinessRepo>;
