// Which component each route of the table shows. Every screen is its own chunk, loaded when its
// route is first visited, so the first load carries the shell and the screen asked for, not the
// whole app (issue 5: dashboard under 200 KB gzip). Routes without an entry show the honest
// "not built yet" page; the catch-all is handled by the route screen itself.
import type { RouteDefinition } from '@countersign/domain';
import { lazy } from 'react';
import type { ComponentType } from 'react';
import { NotFoundPage } from '../pages/errors/not-found-page.js';
import { NotBuiltPage } from '../pages/system/not-built-page.js';

export type Screen = ComponentType<{ route: RouteDefinition }>;

/** A screen from a module loaded on demand; `name` is the export that holds the component. */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): Screen {
  return lazy(async () => ({ default: (await load())[name] as Screen }));
}

const dashboard = page(() => import('../pages/dashboard/dashboard-page.js'), 'DashboardPage');
const messagePages = () => import('../pages/system/message-pages.js');
const signOutcomePages = () => import('../pages/sign/outcome-pages.js');
const identPages = () => import('../pages/direct-ident/identification-pages.js');
const chooseMethod = page(identPages, 'ChooseMethodPage');
const startMethod = page(identPages, 'StartMethodPage');

const screens: Record<string, Screen> = {
  '/': dashboard,
  '/dashboard': dashboard,
  '/login': page(() => import('../pages/auth/login-page.js'), 'LoginPage'),
  '/logout': page(() => import('../pages/auth/logout-page.js'), 'LogoutPage'),
  '/signup': page(() => import('../pages/auth/signup-page.js'), 'SignupPage'),
  '/signup/mail-sent': page(() => import('../pages/auth/signup-mail-sent-page.js'), 'SignupMailSentPage'),
  '/signup/confirm': page(() => import('../pages/auth/signup-confirm-page.js'), 'SignupConfirmPage'),
  '/password-reset': page(() => import('../pages/password-reset/request-reset-page.js'), 'RequestResetPage'),
  '/password-reset/mail-sent': page(
    () => import('../pages/password-reset/reset-mail-sent-page.js'),
    'ResetMailSentPage',
  ),
  '/password-reset/new': page(
    () => import('../pages/password-reset/new-password-page.js'),
    'NewPasswordPage',
  ),
  '/password-reset/confirm': page(
    () => import('../pages/password-reset/reset-confirm-page.js'),
    'ResetConfirmPage',
  ),
  '/profile': page(() => import('../pages/profile/profile-page.js'), 'ProfilePage'),
  '/profile/settings': page(() => import('../pages/profile/settings-page.js'), 'SettingsPage'),
  '/profile/visual-signature': page(
    () => import('../pages/profile/visual-signature-page.js'),
    'VisualSignaturePage',
  ),
  '/profile/confirm': page(() => import('../pages/profile/confirm-page.js'), 'ConfirmPage'),
  '/profile/change-password': page(
    () => import('../pages/profile/change-password-page.js'),
    'ChangePasswordPage',
  ),
  '/profile/signature-standards': page(
    () => import('../pages/profile/signature-standards-page.js'),
    'SignatureStandardsPage',
  ),
  '/upload': page(() => import('../pages/upload/upload-page.js'), 'UploadPage'),
  '/sendto/:id': page(() => import('../pages/upload/sendto-page.js'), 'SendtoPage'),
  '/invite/:id': page(() => import('../pages/upload/invite-page.js'), 'InvitePage'),
  '/maintenance': page(() => import('../pages/system/maintenance-page.js'), 'MaintenancePage'),
  '/sorry': page(() => import('../pages/errors/sorry-page.js'), 'SorryPage'),
  '/bye': page(messagePages, 'ByePage'),
  '/expired': page(messagePages, 'ExpiredPage'),
  '/cookiesblocked': page(messagePages, 'CookiesBlockedPage'),
  '/view/:srid': page(() => import('../pages/sign/view-page.js'), 'ViewPage'),
  '/view/:id/:userid': page(() => import('../pages/sign/direct-view-page.js'), 'DirectViewPage'),
  '/direct-sign/identification/eidas': chooseMethod,
  '/direct-sign/identification/zertes': chooseMethod,
  '/direct-sign/identification/eidas/self': startMethod,
  '/direct-sign/identification/eidas/video': startMethod,
  '/direct-sign/identification/zertes/auto': startMethod,
  '/direct-sign/identification/zertes/video': startMethod,
  '/direct-sign/identification/zertes/personal-details': page(identPages, 'PersonalDetailsPage'),
  '/direct-sign/identification/:id/:userid': page(
    () => import('../pages/direct-ident/identification-status-page.js'),
    'IdentificationStatusPage',
  ),
  '/signed': page(signOutcomePages, 'SignedPage'),
  '/declined': page(signOutcomePages, 'DeclinedPage'),
  '/not-available': page(signOutcomePages, 'NotAvailablePage'),
  '/welcome': page(signOutcomePages, 'WelcomePage'),
  '*': NotFoundPage,
};

export function screenFor(route: Pick<RouteDefinition, 'path'>): Screen {
  return screens[route.path] ?? NotBuiltPage;
}

/** The paths with a working screen in this release (the rest show the not-built notice). */
export const builtPaths: readonly string[] = Object.keys(screens);
