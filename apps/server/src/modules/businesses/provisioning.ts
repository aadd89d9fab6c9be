// Membership decided by the business's identity provider through SCIM (ADR 084): the provider
// adds a person, who takes the seat of their invitation or a free one, and removes them as an
// admin's removal does. The business itself decides, so an earlier removal does not stand in the
// way of provisioning the person again.
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { BusinessDeps } from './deps.js';
import { markJoined } from './invitations.js';
import { markRemoved } from './people.js';

/** Who the business's activity report names as having acted. */
const PROVIDER = 'SCIM';

export interface ProvisionedPerson {
  userId: string;
  email: string;
  name: string;
}

/** Makes the person a member; `joined` false when they are one already. */
export async function provisionMember(
  deps: Pick<BusinessDeps, 'repo' | 'plans' | 'clock' | 'recordAccountEvents'>,
  businessId: string,
  person: ProvisionedPerson,
): Promise<{ joined: boolean }> {
  const current = await deps.repo.membershipOf(person.userId);
  if (current?.businessId === businessId) return { joined: false };
  if (current) throw new AppError('scim.uniqueness', 'This account belongs to another business');
  const invited = (await deps.repo.findInvitationsTo(businessId, [person.email])).length > 0;
  const now = deps.clock.now().toISOString();
  const join = (trx?: Transaction<Database>) =>
    deps.repo.join(
      businessId,
      { id: person.userId, email: person.email },
      now,
      markJoined,
      { invited: true },
      trx,
    );
  // an invitation holds its seat already; anyone else takes a free one
  const outcome = !invited && deps.plans ? await deps.plans.withSeats(businessId, 1, join) : await join();
  if (outcome !== 'joined')
    throw new AppError('scim.uniqueness', 'This account belongs to a business already');
  await deps.recordAccountEvents(businessId, now, PROVIDER, [
    { event: 'joined', email: person.email, name: person.name, role: 'member' },
  ]);
  return { joined: true };
}

/** Ends the person's membership, freeing the seat; nothing when they are not a member. */
export async function deprovisionMember(
  deps: Pick<BusinessDeps, 'repo' | 'clock' | 'recordAccountEvents'>,
  businessId: string,
  person: ProvisionedPerson,
): Promise<void> {
  if ((await deps.repo.membershipOf(person.userId))?.businessId !== businessId) return;
  const now = deps.clock.now().toISOString();
  if (!(await deps.repo.removePeople(businessId, [person.userId], markRemoved, now)))
    throw new AppError('business.last_admin', 'The last admin of a business cannot be deprovisioned');
  await deps.recordAccountEvents(businessId, now, PROVIDER, [
    { event: 'removed', email: person.email, name: person.name, role: null },
  ]);
}
