// The people of a business: the admins and members lists, role changes and removal. The last
// admin can neither step down nor be removed (ADR 035): a business always has someone to manage
// it. A removed person keeps their account and requests and sees the downgrade dialog.
import { AppError } from '../../lib/app-error.js';
import type { PersonPrincipal } from '../../lib/principal.js';
import type { BusinessDeps } from './deps.js';
import type { BusinessRole } from './model.js';
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
  if (!(await deps.repo.setRoles(input.businessId, userIds, input.role))) {
    throw new AppError('business.last_admin', 'The last admin of a business cannot step down');
  }
  return { users: await deps.repo.findPeople(input.businessId, userIds) };
}

/** Marks the user's stored attributes: the downgrade dialog shows, the invitation is spent. */
export const markRemoved = (attributes: string): string =>
  JSON.stringify({ ...JSON.parse(attributes), removedFromBusiness: true, acceptedBusinessInvite: false });

export async function removeMembers(
  deps: BusinessDeps,
  principal: PersonPrincipal,
  input: { businessId: string; userIds: readonly string[] },
) {
  await loadBusiness(deps, principal, input.businessId, 'remove_members');
  const userIds = await requirePeople(deps, input.businessId, input.userIds);
  if (!(await deps.repo.removePeople(input.businessId, userIds, markRemoved))) {
    throw new AppError('business.last_admin', 'The last admin of a business cannot be removed');
  }
  return { removed: userIds };
}
