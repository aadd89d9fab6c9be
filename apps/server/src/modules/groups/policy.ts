// Who may do what with signer groups: one table of rules, `canOnGroups(principal, action, group)`.
// A business's people (and its API users) read its groups, to add them to their requests; only
// its admins create, change and delete them. Anyone else learns nothing: 404, as for a group
// that does not exist.
import { AppError } from '../../lib/app-error.js';
import type { Principal } from '../../lib/principal.js';
import { relationToBusiness, type BusinessRelation } from '../businesses/index.js';

/** How a principal stands to a business's groups: as it stands to the business (no participants). */
export type GroupRelation = Exclude<BusinessRelation, 'participant'>;

export const GROUP_ACTIONS = ['list', 'create', 'view', 'update', 'delete'] as const;
export type GroupAction = (typeof GROUP_ACTIONS)[number];

export const GROUP_POLICY: Readonly<Record<GroupAction, readonly GroupRelation[]>> = {
  list: ['admin', 'member', 'api_user'],
  create: ['admin'],
  view: ['admin', 'member', 'api_user'],
  update: ['admin'],
  delete: ['admin'],
};

/** The business whose groups are asked about (for `list` and `create`, the caller's own). */
export interface GroupResource {
  businessId: string;
}

/** The business's own relation, read by the businesses policy (a group has no participants). */
export function relationToGroups(principal: Principal | undefined, resource: GroupResource): GroupRelation {
  const relation = relationToBusiness(principal, { businessId: resource.businessId });
  return relation === 'participant' ? 'outsider' : relation;
}

export function canOnGroups(
  principal: Principal | undefined,
  action: GroupAction,
  resource: GroupResource,
): boolean {
  return GROUP_POLICY[action].includes(relationToGroups(principal, resource));
}

/** What the caller may do with one group, for the UI (view, update, delete). */
export function allowedGroupActions(
  principal: Principal | undefined,
  resource: GroupResource,
): GroupAction[] {
  return (['view', 'update', 'delete'] as const).filter((action) => canOnGroups(principal, action, resource));
}

export function authorizeGroups(
  principal: Principal | undefined,
  action: GroupAction,
  resource: GroupResource,
): void {
  if (canOnGroups(principal, action, resource)) return;
  if (relationToGroups(principal, resource) === 'outsider') {
    throw new AppError('group.not_found', 'No such signer group');
  }
  throw new AppError('group.forbidden', 'Only an admin of the business may change its signer groups');
}

/** The business of the caller, whose groups `list` and `create` are about. */
export function businessOfCaller(principal: Principal | undefined): string | null {
  if (principal?.kind === 'person') return principal.membership?.businessId ?? null;
  if (principal?.kind === 'api_user') return principal.businessId;
  return null;
}
