// The saved dashboard view lives in a cookie (spec 9: dashboard view cookies last 365 days,
// SameSite strict), so the list opens the way it was left, on any tab of this browser.
import {
  DASHBOARD_VIEW_COOKIE_DAYS,
  DASHBOARD_VIEW_COOKIE_SAME_SITE,
  DEFAULT_DASHBOARD_VIEW,
  parseDashboardView,
} from '@countersign/domain';
import type { DashboardView } from '@countersign/domain';

export const dashboardViewCookieName = 'countersign_dashboard_view';

/** The view stored in a `document.cookie` string, or the default view. */
export function readSavedView(cookieHeader: string): DashboardView {
  for (const pair of cookieHeader.split(';')) {
    const [name, ...rest] = pair.trim().split('=');
    if (name !== dashboardViewCookieName) continue;
    try {
      return parseDashboardView(JSON.parse(decodeURIComponent(rest.join('='))));
    } catch {
      return DEFAULT_DASHBOARD_VIEW;
    }
  }
  return DEFAULT_DASHBOARD_VIEW;
}

/** The `document.cookie` assignment that stores a view for a year. */
export function savedViewCookie(view: DashboardView, options: { isSecure: boolean }): string {
  const maxAge = DASHBOARD_VIEW_COOKIE_DAYS * 24 * 60 * 60;
  const parts = [
    `${dashboardViewCookieName}=${encodeURIComponent(JSON.stringify(view))}`,
    'Path=/',
    `Max-Age=${maxAge}`,
    `SameSite=${DASHBOARD_VIEW_COOKIE_SAME_SITE}`,
  ];
  if (options.isSecure) parts.push('Secure');
  return parts.join('; ');
}
