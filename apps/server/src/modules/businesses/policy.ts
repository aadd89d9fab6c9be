// Who may do what with a business and its invitations: one table of rules per resource kind,
// `can(principal, action, resource)`, and `authorize` which turns a refusal into the right answer.
// Someone with no tie to the business gets 404 (its ids leak nothing, not even existence); a
// person of the business whose role does not allow the action gets 403.
import { AppError } from '../../lib/app-error.js';
import type { Principal } from '../../lib/principal.js';

/** How a principal stands to one business. */
export type BusinessRelation = 'admin' | 'member' | 'api_user' | 'participant' | 'outsider';

export const BUSINESS_ACTIONS = [
  'view',
  'update',
  'delete',
  'revoke_delete',
  'view_settings',
  'update_settings',
  'view_public_information',
  'view_activity',
  'view_statistics',
  'view_aes4biz',
  'update_aes4biz',
  'view_verification',
  'request_verification',
  'list_admins',
  'change_roles',
  'list_members',
  'invite_members',
  'remove_members',
  'leave',
  'list_invitations',
  'delete_invitation',
  'add_domain',
  'delete_domain',
  'manage_seals',
  'list_own_seals',
  'manage_api_users',
  'manage_webhooks',
  'answer_survey',
  'view_survey_summary',
] as const;
export type BusinessAction = (typeof BUSINESS_ACTIONS)[number];

const ADMIN: readonly BusinessRelation[] = ['admin'];

/**
 * Spec 6: business pages and calls are the admins'. Members may read the business (its name and
 * whether it is locked, for the locked dialog) and its public information, and leave it (the
 * profile's leave-business dialog). The public
 * information (name, logo, support contact) is also for whoever takes part in a request a person
 * of the business sent ('participant'), and for the business's API users.
 */
export const BUSINESS_POLICY: Readonly<Record<BusinessAction, readonly BusinessRelation[]>> = {
  view: ['admin', 'member'],
  update: ADMIN,
  delete: ADMIN,
  revoke_delete: ADMIN,
  view_settings: ADMIN,
  update_settings: ADMIN,
  view_public_information: ['admin', 'member', 'api_user', 'participant'],
  // the activity report, its export and the statistics are also for the business's API users
  // (reporting tools, ADR 052)
  view_activity: ['admin', 'api_user'],
  view_statistics: ['admin', 'api_user'],
  view_aes4biz: ADMIN,
  update_aes4biz: ADMIN,
  // the operator's verification of the business's name, register and country (ADR 062)
  view_verification: ADMIN,
  request_verification: ADMIN,
  list_admins: ADMIN,
  change_roles: ADMIN,
  list_members: ADMIN,
  invite_members: ADMIN,
  remove_members: ADMIN,
  leave: ['admin', 'member'],
  list_invitations: ADMIN,
  delete_invitation: ADMIN,
  add_domain: ADMIN,
  delete_domain: ADMIN,
  // seals (creating, labelling, their visual and who may apply them) and API users: spec 6
  manage_seals: ADMIN,
  // the seals a person is listed on, to pick one when signing (admins see every seal anyway)
  list_own_seals: ['admin', 'member'],
  manage_api_users: ADMIN,
  // webhook endpoints tell of every request the business's people send (ADR 069)
  manage_webhooks: ADMIN,
  // the satisfaction survey after a first send is asked of each person of the business; what they
  // answered is summed up for its admins (ADR 059)
  answer_survey: ['admin', 'member'],
  view_survey_summary: ADMIN,
};

export interface BusinessResource {
  businessId: string;
  /** the principal takes part in a request sent by a person of this business (read by the caller) */
  isParticipant?: boolean;
}

export function relationToBusiness(
  principal: Principal | undefined,
  resource: BusinessResource,
): BusinessRelation {
  if (principal?.kind === 'person' && principal.membership?.businessId === resource.businessId) {
    return principal.membership.role;
  }
  if (principal?.kind === 'api_user' && principal.businessId === resource.businessId) return 'api_user';
  return resource.isParticipant ? 'participant' : 'outsider';
}

export function can(
  principal: Principal | undefined,
  action: BusinessAction,
  resource: BusinessResource,
): boolean {
  return BUSINESS_POLICY[action].includes(relationToBusiness(principal, resource));
}

/** The actions a principal may take on the business, in table order, for the UI. */
export function listAllowedBusinessActions(
  principal: Principal | undefined,
  resource: BusinessResource,
): BusinessAction[] {
  return BUSINESS_ACTIONS.filter((action) => can(principal, action, resource));
}

export function authorizeBusiness(
  principal: Principal | undefined,
  action: BusinessAction,
  resource: BusinessResource,
): void {
  if (can(principal, action, resource)) return;
  const relation = relationToBusiness(principal, resource);
  if (relation === 'admin' || relation === 'member' || relation === 'api_user') {
    throw new AppError('business.forbidden', 'Only an admin of the business may do this');
  }
  throw new AppError('business.not_found', 'No such business');
}

/** How a principal stands to one invitation. */
export type InvitationRelation = 'business_admin' | 'invitee' | 'outsider';
export const INVITATION_ACTIONS = ['accept', 'delete'] as const;
export type InvitationAction = (typeof INVITATION_ACTIONS)[number];

/** The invitee (the signed-in person the invitation is addressed to) accepts; an admin withdraws it. */
export const INVITATION_POLICY: Readonly<Record<InvitationAction, readonly InvitationRelation[]>> = {
  accept: ['invitee'],
  delete: ['business_admin'],
};

export interface InvitationResource {
  businessId: string;
  email: string;
}

export function relationToInvitation(
  principal: Principal | undefined,
  invitation: InvitationResource,
): InvitationRelation {
  if (principal?.kind !== 'person') return 'outsider';
  const membership = principal.membership;
  if (membership?.businessId === invitation.businessId && membership.role === 'admin')
    return 'business_admin';
  if (principal.email === invitation.email) return 'invitee';
  return 'outsider';
}

export function canOnInvitation(
  principal: Principal | undefined,
  action: InvitationAction,
  invitation: InvitationResource,
): boolean {
  return INVITATION_POLICY[action].includes(relationToInvitation(principal, invitation));
}

/** Invitations are not revealed to anyone the action is not for: 404. */
export function authorizeInvitation(
  principal: Principal | undefined,
  action: InvitationAction,
  invitation: InvitationResource,
): void {
  if (!canOnInvitation(principal, action, invitation)) {
    throw new AppError('business.invitation_not_found', 'No such invitation');
  }
}
