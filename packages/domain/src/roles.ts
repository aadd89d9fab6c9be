// Who the current visitor is, as the route table and the UI see it (spec sections 2, 4 and 6).
// The role is derived from the session alone so server and web agree on it without a round trip.

/** The five roles of spec 2 and 6. `nas` is a signer in a direct-sign session (no account). */
export type Role = 'unauthenticated' | 'user' | 'nas' | 'member' | 'admin';

export const ROLES: readonly Role[] = ['unauthenticated', 'user', 'nas', 'member', 'admin'];

/** A user's place in a business, if any. */
export type BusinessRole = 'admin' | 'member';

export interface RoleInput {
  userId?: string | null;
  isDirectSession?: boolean | null;
  businessRole?: BusinessRole | null;
}

/**
 * Spec 4, in its order: no id is unauthenticated; a direct session is nas; a business admin is
 * admin; a business member is member; anyone else is user. The order matters: a direct session
 * without a user id is still unauthenticated.
 */
export function roleOf(input: RoleInput): Role {
  if (!input.userId) return 'unauthenticated';
  if (input.isDirectSession) return 'nas';
  if (input.businessRole === 'admin') return 'admin';
  if (input.businessRole === 'member') return 'member';
  return 'user';
}

// Spec 2: "admin includes member and user; member includes user". nas and unauthenticated
// include nothing but themselves.
const INCLUDED_ROLES: Readonly<Record<Role, readonly Role[]>> = {
  unauthenticated: ['unauthenticated'],
  user: ['user'],
  nas: ['nas'],
  member: ['member', 'user'],
  admin: ['admin', 'member', 'user'],
};

/** The roles a holder of `role` acts as under the hierarchy, itself first. */
export function listIncludedRoles(role: Role): readonly Role[] {
  return INCLUDED_ROLES[role];
}

/** Whether holding `held` satisfies a requirement for `required` under the hierarchy. */
export function isRoleIncluded(held: Role, required: Role): boolean {
  return INCLUDED_ROLES[held].includes(required);
}

/** Whether the role belongs to someone signed in with an account or a direct-sign session. */
export function isLoggedIn(role: Role): boolean {
  return role !== 'unauthenticated';
}

/** Spec 6: analytics receives role admin for business admins, otherwise user. */
export function analyticsRole(role: Role): 'admin' | 'user' {
  return role === 'admin' ? 'admin' : 'user';
}

/**
 * Spec 6: the user-guidance tool is on when the price plan id is free_legacy or the business
 * setting userPilot.enabled is true; otherwise it is shut down.
 */
export function isUserGuidanceEnabled(
  pricePlanId: string | null | undefined,
  userPilotEnabled: boolean | null | undefined,
): boolean {
  return pricePlanId === 'free_legacy' || userPilotEnabled === true;
}
