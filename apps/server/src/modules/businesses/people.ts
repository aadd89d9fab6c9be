// The people of a business: the admins and members lists, role changes, removal, leaving, and
// what deleting one's account does to one's business. The last admin can neither step down, be
// removed nor leave (ADR 035): a business always has someone to manage it. A removed person keeps
// their account and requests and sees the downgrade dialog.
import { AppError } from '../../lib/app-error.js';
import type { PersonPrincipal } from '../../lib/principal.js';
import type { BusinessDeps } from './deps.js';
import type { BusinessRole } from './model.js';
import { markBusinessDeleted } from './business-jobs.js';
import { loadBusiness } from './manage-business.js';

export async function listPeople(
  deps: BusinessDeps,
  principal: PersonPrincipal,
  input: { businessId: string; role: BusinessRole; page: number; size: number },
) {
  await loadBusiness(
    deps,
    principal,
    input.businessId,
    input.role === 'admin' ? 'list_admins' : 'list_members',
  );
  return deps.repo.listPeople(input.businessId, input.role, input.page, input.size);
}

/** The people named, all of this business; another business's people are not revealed (404). */
async function requirePeople(deps: BusinessDeps, businessId: string, userIds: readonly string[]) {
  const unique = [...new Set(userIds)];
  const found = await deps.repo.findPeople(businessId, unique);
  if (found.length !== unique.length) {
    const missing = unique.filter((id) => !found.some((p) => p.userId === id));
    throw new AppError('business.member_not_found', `Not a person of this business: ${missing.join(', ')}`);
  }
  return unique;
}

export async function changeRoles(
  deps: BusinessDeps,
  principal: PersonPrincipal,
  input: { businessId: string; userIds: readonly string[]; role: BusinessRole },
) {
  await loadBusiness(deps, principal, input.businessId, 'change_roles');
  const userIds = await requirePeople(deps, input.businessId, input.userIds);
  const before = await deps.repo.findPeople(input.businessId, userIds);
  if (!(await deps.repo.setRoles(input.businessId, userIds, input.role))) {
    throw new AppError('business.last_admin', 'The last admin of a business cannot step down');
  }
  const changed = before.filter((p) => p.role !== input.role);
  await deps.recordAccountEvents(
    input.businessId,
    deps.clock.now().toISOString(),
    principal.email,
    changed.map((p) => ({ event: 'role_changed', email: p.email, name: nameOf(p), role: input.role })),
  );
  return { users: await deps.repo.findPeople(input.businessId, userIds) };
}

/** Marks the user's stored attributes: the downgrade dialog shows, the invitation is spent. */
export const markRemoved = (attributes: string): string =>
  JSON.stringify({ ...JSON.parse(attributes), removedFromBusiness: true, acceptedBusinessInvite: false });

/** Someone who left on their own spends the invitation; no downgrade dialog tells them they left. */
const markLeft = (attributes: string): string =>
  JSON.stringify({ ...JSON.parse(attributes), acceptedBusinessInvite: false });

/**
 * Removes people (an admin's call), or lets the caller leave: naming only oneself is leaving,
 * which members may do too. Either way the last admin stays.
 */
export async function removeMembers(
  deps: BusinessDeps,
  principal: PersonPrincipal,
  input: { businessId: string; userIds: readonly string[] },
) {
  const leaving = input.userIds.every((id) => id === principal.userId);
  await loadBusiness(deps, principal, input.businessId, leaving ? 'leave' : 'remove_members');
  const userIds = await requirePeople(deps, input.businessId, input.userIds);
  const people = await deps.repo.findPeople(input.businessId, userIds);
  const now = deps.clock.now().toISOString();
  const removed = leaving
    ? await deps.repo.removePeople(input.businessId, userIds, markLeft)
    : await deps.repo.removePeople(input.businessId, userIds, markRemoved, now);
  if (!removed) {
    throw new AppError(
      'business.last_admin',
      leaving
        ? 'The last admin cannot leave the business; make someone else admin first, or delete the business'
        : 'The last admin of a business cannot be removed',
    );
  }
  await deps.recordAccountEvents(
    input.businessId,
    now,
    principal.email,
    people.map((p) => ({ event: leaving ? 'left' : 'removed', email: p.email, name: nameOf(p), role: null })),
  );
  return { removed: userIds };
}

/**
 * A person deleting their account leaves their business first (ADR 035): a member's seat is freed
 * at once; the last admin is refused while others remain, so that the business keeps someone to
 * manage it; the only person of a business takes it along, as nobody is left to revoke its
 * deletion.
 */
export async function leaveOnAccountDeletion(deps: BusinessDeps, userId: string): Promise<void> {
  await leaveBusinessOf(deps, userId);
  // what they answered in a satisfaction survey goes with them, comments included (ADR 059)
  await deps.surveys.deleteAnswersOf(userId);
}

async function leaveBusinessOf(deps: BusinessDeps, userId: string): Promise<void> {
  const membership = await deps.repo.membershipOf(userId);
  if (!membership) return;
  const { businessId } = membership;
  const counts = await deps.repo.countPeople(businessId);
  if (counts.admins + counts.members === 1) {
    const now = deps.clock.now().toISOString();
    await deps.repo.updateBusiness(businessId, { deletionDueAt: now }, now);
    await deps.repo.deleteBusiness(businessId, now, markBusinessDeleted);
    return;
  }
  const [person] = await deps.repo.findPeople(businessId, [userId]);
  if (!(await deps.repo.removePeople(businessId, [userId], (attributes) => attributes))) {
    throw new AppError(
      'business.last_admin',
      'You are the last admin of your business: make someone else admin, or delete the business, first',
    );
  }
  if (person) {
    const left = { event: 'left' as const, email: person.email, name: nameOf(person), role: null };
    await deps.recordAccountEvents(businessId, deps.clock.now().toISOString(), person.email, [left]);
  }
}

const nameOf = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();
