// The route table of spec section 2: every screen's path, who may open it, its layout and title.
// The web router is built from it and the server uses it to know which paths are SPA pages.
//
// The spec names the five layouts (admin, default, main, simple, unauthenticated) but not which
// route uses which; the choice below is ours: unauthenticated for the sign-in and sign-up flows,
// main for the working screens with the app navigation, default for profile and account pages,
// admin for the business console, simple for one-message and direct-sign pages.
import type { Role } from './roles.js';

export type Layout = 'admin' | 'default' | 'main' | 'simple' | 'unauthenticated';

/** Spec 2: "fallback default" when a route names no layout. */
export const DEFAULT_LAYOUT: Layout = 'default';

/** The spec section a route is listed under; useful for grouping and for tests. */
export type RouteSection = 'public' | 'user' | 'admin' | 'member' | 'nas' | 'error';

export interface RouteDefinition {
  /** React Router path syntax: `/view/:srid`, `*` for the catch-all. */
  path: string;
  roles: Role[];
  /** Strict routes admit exactly the listed roles, ignoring the hierarchy. */
  strict: boolean;
  /** Title meta; when absent the title comes from the path (see `pageTitle`). */
  title?: string;
  layout: Layout;
  fullWidth?: boolean;
  /** The route only forwards to another path. */
  redirectTo?: string;
  /** The same page as another path (spec 2: `/` is an alias of `/dashboard`). */
  aliasOf?: string;
  /** Spec 2: viewing a request accepts exit, error and decline redirect query parameters. */
  acceptsRedirectParams?: boolean;
  section: RouteSection;
}

const PUBLIC: Role[] = ['unauthenticated'];
const USER: Role[] = ['user'];
const ADMIN: Role[] = ['admin'];
const MEMBER: Role[] = ['member'];
const NAS: Role[] = ['nas'];
const ANY: Role[] = ['unauthenticated', 'user', 'nas', 'member', 'admin'];
// Spec 2: /sorry and the 404 catch-all are open to unauthenticated, user and nas (members and
// admins reach them through the hierarchy, since both include user).
const ERROR_PAGE: Role[] = ['unauthenticated', 'user', 'nas'];

type Shorthand = Omit<RouteDefinition, 'roles' | 'section' | 'strict'> & { roles?: Role[]; strict?: boolean };

function defineSection(section: RouteSection, roles: Role[], routes: Shorthand[]): RouteDefinition[] {
  return routes.map((route) => ({
    ...route,
    roles: route.roles ?? roles,
    strict: route.strict ?? false,
    section,
  }));
}

const PUBLIC_ROUTES = defineSection('public', PUBLIC, [
  { path: '/bye', layout: 'simple' },
  { path: '/login', layout: 'unauthenticated' },
  { path: '/signup', layout: 'unauthenticated' },
  { path: '/signup/mail-sent', layout: 'unauthenticated' },
  { path: '/signup/confirm', layout: 'unauthenticated' },
  // Spec 2: stores the query param `ucc` locally (the web app does that on entry).
  { path: '/business/signup', layout: 'unauthenticated' },
  { path: '/business/signup/mail-sent', layout: 'unauthenticated' },
  { path: '/expired', layout: 'simple' },
  { path: '/cookiesblocked', layout: 'simple', title: 'Cookies blocked' },
  // Spec 2: the maintenance page is open to any role.
  { path: '/maintenance', layout: 'simple', roles: ANY },
  // the built-in terms and privacy policy, for everyone, when the operator names no pages of their own
  { path: '/terms', layout: 'simple', roles: ANY, title: 'Terms and conditions' },
  { path: '/privacy', layout: 'simple', roles: ANY, title: 'Privacy policy' },
  // the public verifier of signed PDFs (ADR 079), for anyone, signed in or not
  { path: '/verify', layout: 'simple', roles: ANY },
  // where the QTSP sends a signer back after authorising a qualified signature (ADR 087): account
  // holders come back signed in, link holders without an account, so every role opens it
  { path: '/mab/redirect', layout: 'simple', roles: ANY },
  { path: '/password-reset', layout: 'unauthenticated', title: 'Password reset' },
  { path: '/password-reset/new', layout: 'unauthenticated', title: 'New password' },
  { path: '/password-reset/confirm', layout: 'unauthenticated', title: 'Password reset' },
  { path: '/password-reset/mail-sent', layout: 'unauthenticated' },
  { path: '/sso/error', layout: 'unauthenticated', title: 'Single sign-on error' },
  { path: '/sso/error/company', layout: 'unauthenticated', title: 'Single sign-on error' },
  { path: '/signup/flows/eidplus/new', layout: 'unauthenticated', title: 'Sign up' },
  { path: '/signup/flows/eidplus/confirm', layout: 'unauthenticated', title: 'Sign up' },
  { path: '/business/signup/steps', layout: 'unauthenticated', title: 'Business sign up' },
]);

const SIGNATURE_STANDARDS = '/profile/signature-standards';

const USER_ROUTES = defineSection('user', USER, [
  { path: '/', layout: 'main', title: 'Dashboard', fullWidth: true, aliasOf: '/dashboard' },
  { path: '/dashboard', layout: 'main', title: 'Dashboard', fullWidth: true },
  { path: '/logout', layout: 'simple' },
  { path: '/signed', layout: 'simple' },
  { path: '/upload', layout: 'main' },
  { path: '/templates', layout: 'default', title: 'Templates' },
  { path: '/upgrade', layout: 'default' },
  { path: '/welcome', layout: 'default' },
  { path: '/declined', layout: 'simple' },
  { path: '/not-available', layout: 'simple' },
  { path: '/profile', layout: 'default' },
  { path: '/profile/settings', layout: 'default' },
  { path: '/profile/change-password', layout: 'default' },
  { path: '/profile/visual-signature', layout: 'default' },
  { path: '/profile/confirm', layout: 'default' },
  { path: SIGNATURE_STANDARDS, layout: 'default' },
  ...[
    'update',
    'mobile-id',
    'eidas',
    'eidas/self',
    'eidas/video',
    'zertes',
    'zertes/auto',
    'zertes/video',
    'zertes/personal-details',
    'legislation',
    'id-austria-success',
  ].map((sub): Shorthand => ({ path: `${SIGNATURE_STANDARDS}/${sub}`, layout: 'default' })),
  { path: '/sendto/:id', layout: 'main', title: 'Send to' },
  { path: '/view/:srid', layout: 'main', acceptsRedirectParams: true },
  { path: '/signup/sso', layout: 'default', title: 'Single sign-on' },
  { path: '/signup/steps', layout: 'default', title: 'Sign up' },
  { path: '/business/register', layout: 'default', strict: true, title: 'Register business' },
]);

// Spec 2 lists /business/upgrade with the user routes but allows user and admin, strict, so a
// plain member (who is part of someone else's business) cannot open it.
const BUSINESS_UPGRADE: RouteDefinition = {
  path: '/business/upgrade',
  roles: ['user', 'admin'],
  strict: true,
  layout: 'default',
  title: 'Upgrade business',
  section: 'user',
};

const ADMIN_ROUTES = defineSection('admin', ADMIN, [
  { path: '/business/dashboard', layout: 'admin', title: 'Business dashboard' },
  { path: '/business/activity', layout: 'admin' },
  { path: '/business/members/activity', layout: 'admin', redirectTo: '/business/activity' },
  { path: '/business/settings', layout: 'admin' },
  { path: '/business/seals', layout: 'admin' },
  { path: '/business/seals/:accountname', layout: 'admin' },
  { path: '/business/billing/plan', layout: 'admin' },
  { path: '/business/extras', layout: 'admin' },
  { path: '/business/members', layout: 'admin' },
  { path: '/business/members/domains', layout: 'admin' },
  { path: '/business/members/signer-groups', layout: 'admin' },
  { path: '/business/profile', layout: 'admin', title: 'Business profile' },
  { path: '/business/profile/aes-for-business', layout: 'admin', title: 'Advanced signatures for business' },
  { path: '/business/developers/api', layout: 'admin', title: 'API' },
  { path: '/business/welcome', layout: 'admin' },
]);

// Spec 2: arriving at /invite/{id} from /upload marks that the upload step is skipped.
const MEMBER_ROUTES = defineSection('member', MEMBER, [
  { path: '/invite/:id', layout: 'main', title: 'Invite' },
]);

const DIRECT_IDENT = '/direct-sign/identification';

const NAS_ROUTES = defineSection('nas', NAS, [
  { path: '/view/:id/:userid', layout: 'simple', title: 'View', acceptsRedirectParams: true },
  // the same view in an integrator's frame (ADR 088): it tells the frame's parent, never navigates
  { path: '/embed/sign/:id/:userid', layout: 'simple', title: 'Sign' },
  ...[
    'eidas',
    'eidas/self',
    'eidas/video',
    'zertes',
    'zertes/auto',
    'zertes/video',
    'zertes/personal-details',
    'id-austria-success',
  ].map((sub): Shorthand => ({ path: `${DIRECT_IDENT}/${sub}`, layout: 'simple' })),
  { path: `${DIRECT_IDENT}/:id/:userid`, layout: 'simple', title: 'Identification' },
  { path: `${DIRECT_IDENT}/:id/:userid/preview`, layout: 'simple' },
]);

const ERROR_ROUTES = defineSection('error', ERROR_PAGE, [
  { path: '/sorry', layout: 'simple' },
  { path: '*', layout: 'simple', title: '404' },
]);

/** Every route of spec section 2, the catch-all last. */
export const ROUTES: readonly RouteDefinition[] = [
  ...PUBLIC_ROUTES,
  ...USER_ROUTES,
  BUSINESS_UPGRADE,
  ...ADMIN_ROUTES,
  ...MEMBER_ROUTES,
  ...NAS_ROUTES,
  ...ERROR_ROUTES,
];

/** The path of the 404 catch-all. */
export const NOT_FOUND_PATH = '*';
export const LOGIN_PATH = '/login';
export const HOME_PATH = '/';
