// The navigation guards of spec 2 ("Route rules") that act before a page shows: maintenance,
// blocked cookies, business pages for the wrong role, forced password change and SSO set-up,
// locked businesses, the upload block for free accounts, and the dialogs a user must answer.
// The web app runs `resolveGuardRedirect` first, then `decideNavigation` for plain access.
import type { Role } from './roles.js';

export interface GuardUser {
  weakPassword?: boolean | null;
  /** The user signed up through SSO and has not finished the set-up steps. */
  ssoSetupIncomplete?: boolean | null;
  freeAccountType?: string | null;
}

export interface GuardContext {
  /** Path without query or hash. */
  pathname: string;
  role: Role;
  cookiesEnabled?: boolean;
  maintenance?: { isBlocking: boolean } | null;
  /** Spec 2: internal staff uploads mark a maintenance bypass. */
  maintenanceBypass?: boolean;
  user?: GuardUser | null;
  /** The user's business is locked (BLOCKED) or its trial expired (NEEDS_PAYMENT_METHOD). */
  businessLockedOrExpired?: boolean;
}

export interface GuardRedirect {
  to: string;
  /** Snackbar message key to show after redirecting. */
  snackbar?: string;
}

export const MAINTENANCE_PATH = '/maintenance';
export const COOKIES_BLOCKED_PATH = '/cookiesblocked';
export const CHANGE_PASSWORD_PATH = '/profile/change-password';
export const SSO_SETUP_PATH = '/signup/sso';
export const BUSINESS_REGISTER_PATH = '/business/register';
export const BUSINESS_PROFILE_PATH = '/business/profile';
export const BUSINESS_MEMBERS_PATH = '/business/members';
export const LOGOUT_PATH = '/logout';
export const BUSINESS_NOT_ALLOWED_SNACKBAR = 'business.not_allowed';

/**
 * Spec 2: a user signed in through single sign-on whose set-up is incomplete goes to /signup/sso.
 * The provider may send no names; the account needs them (requests and signatures show them), so
 * until both are given the set-up is incomplete (ADR 075).
 */
export function isSsoSetupIncomplete(user: {
  hasSso: boolean;
  firstName: string;
  lastName: string;
}): boolean {
  return user.hasSso && (user.firstName.trim() === '' || user.lastName.trim() === '');
}

/** The pages where a business gets registered; an existing admin has nothing to do there. */
export const BUSINESS_REGISTRATION_PATHS: readonly string[] = [
  '/business/register',
  '/business/signup/steps',
];

// Paths under /business/ that are not admin console pages.
const NON_CONSOLE_BUSINESS_PATHS: readonly string[] = [
  ...BUSINESS_REGISTRATION_PATHS,
  '/business/signup',
  '/business/signup/mail-sent',
  '/business/upgrade',
];

/**
 * Spec 1 and 3: the free account types are free_v1, free_migrated and free_legacy. We read
 * "the new free plan" of spec 2 as the current free offer, free_v1, and free_migrated (legacy
 * users moved onto it); free_legacy keeps its old rights.
 */
export const NEW_FREE_ACCOUNT_TYPES: readonly string[] = ['free_v1', 'free_migrated'];

function normalisePath(pathname: string): string {
  const bare = (pathname.split(/[?#]/, 1)[0] ?? '').replace(/\/+$/, '');
  return bare === '' ? '/' : bare.toLowerCase();
}

function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** Whether a path is a page of the business admin console (spec 6: business pages are admin only). */
export function isBusinessConsolePath(pathname: string): boolean {
  const path = normalisePath(pathname);
  return isUnder(path, '/business') && path !== '/business' && !NON_CONSOLE_BUSINESS_PATHS.includes(path);
}

function redirectUnless(path: string, to: string, allowed: readonly string[]): GuardRedirect | null {
  return allowed.some((prefix) => isUnder(path, prefix)) ? null : { to };
}

/**
 * The business part of the guards, on its own for callers that apply the other guards themselves
 * (the web app's screen decision).
 */
export function resolveBusinessRedirect(pathname: string, role: Role): GuardRedirect | null {
  const path = normalisePath(pathname);
  // Spec 2: admins on registration pages go to the business profile; non-business users go to
  // registration; non-admin members are told they are not allowed and go home.
  if (role === 'admin' && BUSINESS_REGISTRATION_PATHS.includes(path)) return { to: BUSINESS_PROFILE_PATH };
  if (!isBusinessConsolePath(path)) return null;
  if (role === 'user') return { to: BUSINESS_REGISTER_PATH };
  if (role === 'member') return { to: '/', snackbar: BUSINESS_NOT_ALLOWED_SNACKBAR };
  return null;
}

/**
 * Where the admin of a locked or expired business may still go: the members, paying, leaving.
 * Spec 2 names members, upgrade and logout; we read "upgrade" as the ways of paying, so the billing
 * page (where the card is updated, and where the payment provider's card page returns) is one.
 */
export const LOCKED_BUSINESS_ADMIN_PATHS: readonly string[] = [
  BUSINESS_MEMBERS_PATH,
  '/business/upgrade',
  '/business/billing/plan',
  LOGOUT_PATH,
];

/**
 * Spec 2: a locked or expired business sends its admin to the members page unless already on
 * members, upgrade or logout (its members see a dialog instead, see `listRequiredDialogs`).
 */
export function resolveLockedBusinessRedirect(
  pathname: string,
  role: Role,
  isLockedOrExpired: boolean,
): GuardRedirect | null {
  if (!isLockedOrExpired || role !== 'admin') return null;
  return redirectUnless(normalisePath(pathname), BUSINESS_MEMBERS_PATH, LOCKED_BUSINESS_ADMIN_PATHS);
}

/**
 * The first guard that sends the visitor elsewhere, in this order: blocking maintenance,
 * blocked cookies, business pages, forced password change, SSO set-up, locked business (admins
 * only; members get a dialog instead, see `listRequiredDialogs`), the upload block. Null when
 * no guard applies and plain route access decides.
 */
export function resolveGuardRedirect(context: GuardContext): GuardRedirect | null {
  const path = normalisePath(context.pathname);
  if (context.maintenance?.isBlocking && !context.maintenanceBypass && path !== MAINTENANCE_PATH) {
    return { to: MAINTENANCE_PATH };
  }
  if (context.cookiesEnabled === false && path !== COOKIES_BLOCKED_PATH) return { to: COOKIES_BLOCKED_PATH };
  const business = resolveBusinessRedirect(path, context.role);
  if (business) return business;
  if (context.role === 'unauthenticated' || context.role === 'nas') return null;
  const user = context.user;
  if (user?.weakPassword)
    return redirectUnless(path, CHANGE_PASSWORD_PATH, [CHANGE_PASSWORD_PATH, LOGOUT_PATH]);
  if (user?.ssoSetupIncomplete) return redirectUnless(path, SSO_SETUP_PATH, [SSO_SETUP_PATH, LOGOUT_PATH]);
  const locked = resolveLockedBusinessRedirect(path, context.role, context.businessLockedOrExpired ?? false);
  if (locked) return locked;
  // Spec 2: the upload page is blocked for users on the new free plan.
  if (path === '/upload' && user?.freeAccountType && NEW_FREE_ACCOUNT_TYPES.includes(user.freeAccountType)) {
    return { to: '/' };
  }
  return null;
}

export interface DialogUser {
  acceptedGtc?: boolean | null;
  /** The user was invited to a business and has not answered yet. */
  hasPendingBusinessInvite?: boolean | null;
  removedFromBusiness?: boolean | null;
  businessDeleted?: boolean | null;
}

export type RequiredDialog =
  'accept-terms' | 'business-invitation' | 'business-downgraded' | 'business-locked-member';

/**
 * Spec 2: the dialogs a logged-in user must answer, most pressing first (only one dialog is
 * active at a time, so the web app opens the first and the next after it closes).
 */
export function listRequiredDialogs(
  role: Role,
  user: DialogUser,
  options: { businessLockedOrExpired?: boolean } = {},
): RequiredDialog[] {
  if (role === 'unauthenticated' || role === 'nas') return [];
  const dialogs: RequiredDialog[] = [];
  if (user.acceptedGtc === false) dialogs.push('accept-terms');
  if (user.hasPendingBusinessInvite) dialogs.push('business-invitation');
  if (user.removedFromBusiness || user.businessDeleted) dialogs.push('business-downgraded');
  if (options.businessLockedOrExpired && role === 'member') dialogs.push('business-locked-member');
  return dialogs;
}
