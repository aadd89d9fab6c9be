// Who may do what with a business's seals (ADR 053): one table of rules, `canOnSeal(principal,
// action, seal)`. A business's admins manage its seals (create, read, relabel, their visual, who
// may apply them); its people list the seals they are assigned to; a seal is applied only by a
// person or an API user of its business assigned to it. Anyone outside the business learns
// nothing: 404, as for a seal that does not exist.
import { AppError } from '../../lib/app-error.js';
import type { Principal } from '../../lib/principal.js';
import { relationToBusiness } from '../businesses/index.js';

/** How a principal stands to a seal: its place in the seal's business, and whether it is assigned. */
export type SealRelation =
  'admin' | 'assigned_admin' | 'member' | 'assigned_member' | 'api_user' | 'assigned_api_user' | 'outsider';

export const SEAL_ACTIONS = ['list', 'list_all', 'manage', 'apply'] as const;
export type SealAction = (typeof SEAL_ACTIONS)[number];

const ADMINS: readonly SealRelation[] = ['admin', 'assigned_admin'];

export const SEAL_POLICY: Readonly<Record<SealAction, readonly SealRelation[]>> = {
  // the seals a person may pick when signing (the business's `list_own_seals`)
  list: [...ADMINS, 'member', 'assigned_member'],
  // every seal of the business, not only those the caller is assigned to
  list_all: ADMINS,
  // create, read, relabel, set the visual, assign people and API users (the business's `manage_seals`)
  manage: ADMINS,
  // spec 6: only whoever the admins assigned applies the seal, admins included
  apply: ['assigned_admin', 'assigned_member', 'assigned_api_user'],
};

export interface SealResource {
  businessId: string;
  /** the principal is assigned to this seal (read by the caller; false for "any seal") */
  isAssigned?: boolean;
}

export function relationToSeal(principal: Principal | undefined, resource: SealResource): SealRelation {
  const relation = relationToBusiness(principal, { businessId: resource.businessId });
  if (relation === 'participant' || relation === 'outsider') return 'outsider';
  return resource.isAssigned ? `assigned_${relation}` : relation;
}

export function canOnSeal(
  principal: Principal | undefined,
  action: SealAction,
  resource: SealResource,
): boolean {
  return SEAL_POLICY[action].includes(relationToSeal(principal, resource));
}

/**
 * Refuses what the table does not allow: outside the business as not found (the business for its
 * admins' pages, the seal when applying), inside it as forbidden.
 */
export function authorizeSeal(
  principal: Principal | undefined,
  action: SealAction,
  resource: SealResource,
): void {
  if (canOnSeal(principal, action, resource)) return;
  const outside = relationToSeal(principal, resource) === 'outsider';
  if (action === 'apply') {
    if (outside) throw new AppError('seal.not_found', 'Your business has no seal of that account name');
    throw new AppError('seal.forbidden', 'You are not assigned to this seal, so you may not apply it');
  }
  if (outside) throw new AppError('business.not_found', 'No such business');
  throw new AppError('business.forbidden', 'Only an admin of the business may do this');
}
