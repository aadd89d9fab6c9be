import { DEFAULT_DASHBOARD_VIEW } from '@countersign/domain';
import type { DashboardView } from '@countersign/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { dashboardViewCookieName, readSavedView, savedViewCookie } from './saved-view-cookie.js';

const chosen: DashboardView = {
  ...DEFAULT_DASHBOARD_VIEW,
  filters: { status: ['completed'] },
  sentByMe: true,
  pageSize: 50,
  view: 'drafts',
};

afterEach(() => {
  document.cookie = `${dashboardViewCookieName}=; Path=/; Max-Age=0`;
});

describe('saved dashboard view cookie (spec 3 and 9)', () => {
  it('lasts 365 days with SameSite strict, Secure only over HTTPS', () => {
    const cookie = savedViewCookie(chosen, { isSecure: false });
    expect(cookie).toContain('Max-Age=31536000');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toContain('Secure');
    expect(savedViewCookie(chosen, { isSecure: true })).toMatch(/; Secure$/);
  });

  it('round-trips through the browser cookie jar among other cookies', () => {
    document.cookie = 'other=1; Path=/';
    document.cookie = savedViewCookie(chosen, { isSecure: false });
    expect(readSavedView(document.cookie)).toEqual(chosen);
  });

  it('gives the default view when the cookie is absent or damaged', () => {
    expect(readSavedView('')).toEqual(DEFAULT_DASHBOARD_VIEW);
    expect(readSavedView(`${dashboardViewCookieName}=%7Bnot-json`)).toEqual(DEFAULT_DASHBOARD_VIEW);
  });
});
