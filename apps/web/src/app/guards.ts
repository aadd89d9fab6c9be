// What a navigation shows, decided from the route, the visitor and the server's state (spec 2,
// "Route rules"). Pure, so every rule is tested without rendering; the route screen acts on it.
import type { User } from '@countersign/contract';
import {
  canAccessRoute,
  COOKIES_BLOCKED_PATH,
  isSsoSetupIncomplete,
  resolveAccessFailure,
  resolveBusinessRedirect,
  resolveLockedBusinessRedirect,
  SSO_SETUP_PATH,
} from '@countersign/domain';
import type { RouteDefinition, Role } from '@countersign/domain';
import type { MaintenanceNotice } from '../features/maintenance/app-config.js';

export const changePasswordPath = '/profile/change-password';
export const maintenancePath = '/maintenance';
export const logoutPath = '/logout';
/** Spec 2: the member route; the link of a business invitation leads here too. */
export const invitePath = '/invite/:id';
/** Navigation state of the registration page once the business exists (see `justRegistered`). */
export const registeredState = { registeredBusiness: true } as const;
const welcomePath = '/business/welcome';
const dashboardPath = '/dashboard';
/** The steps a new account goes through after confirming its address (ADR 092). */
export const signupStepsPath = '/signup/steps';
/** The home page, by both of its paths, where an account with steps ahead is sent to them. */
const homePaths = ['/', dashboardPath];
/** Spec 2: the address confirmation link; it works whoever is signed in (ADR 072). */
const signupConfirmPath = '/signup/confirm';
/** What a signed-in person is told on a page meant for visitors without a session (ADR 072). */
export const ALREADY_SIGNED_IN_SNACKBAR = 'login.alreadySignedIn';
const accountRoles: readonly Role[] = ['user', 'member', 'admin'];

/** Whether a navigation state is `registeredState` (browser history stores a copy of it). */
export function isRegisteredState(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as Record<string, unknown>).registeredBusiness === true
  );
}
const weakPasswordExempt = [changePasswordPath, logoutPath];

export type ScreenDecision =
  | { kind: 'show' }
  | { kind: 'redirect'; to: string; snackbar?: string }
  | { kind: 'login'; target: string }
  | { kind: 'not-found' };

export interface ScreenContext {
  route: RouteDefinition;
  role: Role;
  user: User | null;
  /** Path and query the visitor asked for, stored as the login target. */
  location: string;
  maintenance: MaintenanceNotice | null;
  /** The browser keeps cookies and local storage (features/session/cookie-probe.ts). */
  cookiesEnabled: boolean;
  /** The registration page has just registered the business (its navigation state). */
  justRegistered?: boolean;
  /** The person's business is locked or its trial or paid period ran out unpaid (spec 2). */
  businessLockedOrExpired?: boolean;
  /** The session began on this page (log in, confirm the address): the page itself leads on. */
  signedInHere?: boolean;
  /** The session was ended on purpose towards this page (account deleted): not the login page. */
  farewellPath?: string | null;
}

function isVisitorsOnly(route: RouteDefinition): boolean {
  return route.roles.length === 1 && route.roles[0] === 'unauthenticated';
}

export function decideScreen({
  route,
  role,
  user,
  location,
  maintenance,
  cookiesEnabled,
  justRegistered = false,
  businessLockedOrExpired = false,
  signedInHere = false,
  farewellPath = null,
}: ScreenContext): ScreenDecision {
  if (route.redirectTo) return { kind: 'redirect', to: route.redirectTo };
  // A blocking maintenance sends everyone to the maintenance page, which any role may open.
  if (maintenance?.isBlocking && route.path !== maintenancePath)
    return { kind: 'redirect', to: maintenancePath };
  // Spec 2: without cookies no session can be kept; say so, in the order of the domain's guards
  // (resolveGuardRedirect: maintenance first, then cookies).
  if (!cookiesEnabled && route.path !== COOKIES_BLOCKED_PATH)
    return { kind: 'redirect', to: COOKIES_BLOCKED_PATH };
  // Once the session is gone the logout page has done its work: straight to the login, without
  // storing /logout as the place to come back to.
  if (route.path === logoutPath && role === 'unauthenticated') return { kind: 'redirect', to: '/login' };
  // Spec 2: admins on registration pages go to the business profile, non-business users to the
  // registration, and members are told they are not allowed and go home.
  const business = resolveBusinessRedirect(route.path, role);
  // the registration's own admin goes on to the welcome page rather than the profile
  if (business && justRegistered && role === 'admin') return { kind: 'redirect', to: welcomePath };
  if (business) return { kind: 'redirect', ...business };
  // The invitation mail links to /invite/{id}: the invitee is not a member yet, and sees the
  // invitation there (the members' own page at that path is the request editor); a visitor without
  // an account is told who invites them and offered to sign up or log in.
  if (route.path === invitePath && (role === 'user' || role === 'unauthenticated')) return { kind: 'show' };
  // ADR 072: a signed-in person following a link to a page for visitors (log in, reset password,
  // sign up) goes to the dashboard and is told why, rather than to a dead-end 404; the address
  // confirmation link still confirms. The 404 of spec 2 stays for the pages of another role.
  if (route.section === 'public' && isVisitorsOnly(route) && accountRoles.includes(role)) {
    if (route.path === signupConfirmPath || signedInHere) return { kind: 'show' };
    return { kind: 'redirect', to: dashboardPath, snackbar: ALREADY_SIGNED_IN_SNACKBAR };
  }
  if (!canAccessRoute(role, route)) {
    if (resolveAccessFailure(role) !== 'login') return { kind: 'not-found' };
    // a person who just deleted their account is on the way out: no login, no target to return to
    if (farewellPath !== null && role === 'unauthenticated') return { kind: 'redirect', to: farewellPath };
    return { kind: 'login', target: location };
  }
  // Weak-password users are forced to change it; logging out stays possible.
  if (user?.attributes.weakPassword && !weakPasswordExempt.includes(route.path)) {
    return { kind: 'redirect', to: changePasswordPath };
  }
  // Spec 2: users with incomplete SSO set-up go to /signup/sso; logging out stays possible.
  if (user && isSsoSetupIncomplete(user) && route.path !== SSO_SETUP_PATH && route.path !== logoutPath) {
    return { kind: 'redirect', to: SSO_SETUP_PATH };
  }
  // ADR 092: a new account with steps ahead goes to them from the home page (where signing in and
  // confirming the address land); a link to a particular page (a request to sign, an invitation,
  // the business registration) goes there first, and an offer to join a business is answered first.
  if (
    role === 'user' &&
    user?.attributes.signupStep != null &&
    user.businessInvitation === null &&
    homePaths.includes(route.path)
  ) {
    return { kind: 'redirect', to: signupStepsPath };
  }
  // Spec 2: the admin of a locked or expired business is kept to members, upgrade and logout.
  const locked = resolveLockedBusinessRedirect(route.path, role, businessLockedOrExpired);
  if (locked) return { kind: 'redirect', ...locked };
  return { kind: 'show' };
}
