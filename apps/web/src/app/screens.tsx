// Which component each route of the table shows. Routes of later issues show the honest
// "not built yet" page; the catch-all is handled by the route screen itself.
import type { RouteDefinition } from '@countersign/domain';
import type { ComponentType } from 'react';
import { LoginPage } from '../pages/auth/login-page.js';
import { LogoutPage } from '../pages/auth/logout-page.js';
import { SignupConfirmPage } from '../pages/auth/signup-confirm-page.js';
import { SignupMailSentPage } from '../pages/auth/signup-mail-sent-page.js';
import { SignupPage } from '../pages/auth/signup-page.js';
import { DashboardPage } from '../pages/dashboard/dashboard-page.js';
import { NotFoundPage } from '../pages/errors/not-found-page.js';
import { SorryPage } from '../pages/errors/sorry-page.js';
import { NewPasswordPage } from '../pages/password-reset/new-password-page.js';
import { RequestResetPage } from '../pages/password-reset/request-reset-page.js';
import { ResetConfirmPage } from '../pages/password-reset/reset-confirm-page.js';
import { ResetMailSentPage } from '../pages/password-reset/reset-mail-sent-page.js';
import { ChangePasswordPage } from '../pages/profile/change-password-page.js';
import { MaintenancePage } from '../pages/system/maintenance-page.js';
import { ByePage, CookiesBlockedPage, ExpiredPage } from '../pages/system/message-pages.js';
import { NotBuiltPage } from '../pages/system/not-built-page.js';

export type Screen = ComponentType<{ route: RouteDefinition }>;

const screens: Record<string, Screen> = {
  '/': DashboardPage,
  '/dashboard': DashboardPage,
  '/login': LoginPage,
  '/logout': LogoutPage,
  '/signup': SignupPage,
  '/signup/mail-sent': SignupMailSentPage,
  '/signup/confirm': SignupConfirmPage,
  '/password-reset': RequestResetPage,
  '/password-reset/mail-sent': ResetMailSentPage,
  '/password-reset/new': NewPasswordPage,
  '/password-reset/confirm': ResetConfirmPage,
  '/profile/change-password': ChangePasswordPage,
  '/maintenance': MaintenancePage,
  '/sorry': SorryPage,
  '/bye': ByePage,
  '/expired': ExpiredPage,
  '/cookiesblocked': CookiesBlockedPage,
  '*': NotFoundPage,
};

export function screenFor(route: Pick<RouteDefinition, 'path'>): Screen {
  return screens[route.path] ?? NotBuiltPage;
}

/** The paths with a working screen in this release (the rest show the not-built notice). */
export const builtPaths: readonly string[] = Object.keys(screens);
