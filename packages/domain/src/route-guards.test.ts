import { describe, expect, it } from 'vitest';
import { ROLES } from './roles.js';
import { isBusinessConsolePath, listRequiredDialogs, resolveGuardRedirect } from './route-guards.js';
import { ROUTES } from './routes.js';

describe('resolveGuardRedirect (spec 2)', () => {
  it('sends everyone to /maintenance during blocking maintenance, unless bypassed', () => {
    for (const role of ROLES) {
      expect(
        resolveGuardRedirect({ pathname: '/dashboard', role, maintenance: { isBlocking: true } }),
      ).toEqual({
        to: '/maintenance',
      });
    }
    expect(
      resolveGuardRedirect({ pathname: '/maintenance', role: 'user', maintenance: { isBlocking: true } }),
    ).toBeNull();
    expect(
      resolveGuardRedirect({
        pathname: '/upload',
        role: 'user',
        maintenance: { isBlocking: true },
        maintenanceBypass: true,
      }),
    ).toBeNull();
    expect(
      resolveGuardRedirect({ pathname: '/dashboard', role: 'user', maintenance: { isBlocking: false } }),
    ).toBeNull();
  });

  it('sends visitors with cookies disabled to /cookiesblocked', () => {
    expect(
      resolveGuardRedirect({ pathname: '/login', role: 'unauthenticated', cookiesEnabled: false }),
    ).toEqual({
      to: '/cookiesblocked',
    });
    expect(
      resolveGuardRedirect({ pathname: '/cookiesblocked', role: 'unauthenticated', cookiesEnabled: false }),
    ).toBeNull();
  });

  it('sends admins on registration pages to the business profile', () => {
    for (const pathname of ['/business/register', '/business/signup/steps']) {
      expect(resolveGuardRedirect({ pathname, role: 'admin' })).toEqual({ to: '/business/profile' });
      expect(resolveGuardRedirect({ pathname, role: 'user' })).toBeNull();
    }
  });

  it('sends non-business users on business pages to registration, members home with a snackbar', () => {
    expect(resolveGuardRedirect({ pathname: '/business/settings', role: 'user' })).toEqual({
      to: '/business/register',
    });
    expect(resolveGuardRedirect({ pathname: '/business/seals/acme', role: 'member' })).toEqual({
      to: '/',
      snackbar: 'business.not_allowed',
    });
    expect(resolveGuardRedirect({ pathname: '/business/settings', role: 'admin' })).toBeNull();
    expect(resolveGuardRedirect({ pathname: '/business/settings', role: 'unauthenticated' })).toBeNull();
  });

  it('classifies every admin route, and only those, as business console pages', () => {
    for (const route of ROUTES) {
      expect(isBusinessConsolePath(route.path), route.path).toBe(route.section === 'admin');
    }
  });

  it('forces weak-password users to change it, letting them log out', () => {
    const user = { weakPassword: true };
    expect(resolveGuardRedirect({ pathname: '/dashboard', role: 'user', user })).toEqual({
      to: '/profile/change-password',
    });
    expect(resolveGuardRedirect({ pathname: '/profile/change-password', role: 'admin', user })).toBeNull();
    expect(resolveGuardRedirect({ pathname: '/logout', role: 'member', user })).toBeNull();
  });

  it('sends users with incomplete SSO set-up to /signup/sso', () => {
    const user = { ssoSetupIncomplete: true };
    expect(resolveGuardRedirect({ pathname: '/upload', role: 'user', user })).toEqual({ to: '/signup/sso' });
    expect(resolveGuardRedirect({ pathname: '/signup/sso', role: 'user', user })).toBeNull();
  });

  it('keeps admins of a locked or expired business on members, upgrade or logout', () => {
    const base = { role: 'admin' as const, businessLockedOrExpired: true };
    expect(resolveGuardRedirect({ ...base, pathname: '/dashboard' })).toEqual({ to: '/business/members' });
    expect(resolveGuardRedirect({ ...base, pathname: '/business/settings' })).toEqual({
      to: '/business/members',
    });
    expect(resolveGuardRedirect({ ...base, pathname: '/business/extras' })).toEqual({
      to: '/business/members',
    });
    for (const pathname of [
      '/business/members',
      '/business/members/domains',
      '/business/upgrade',
      // paying includes updating the card, where the provider's card page returns
      '/business/billing/plan',
      '/logout',
    ]) {
      expect(resolveGuardRedirect({ ...base, pathname }), pathname).toBeNull();
    }
    expect(
      resolveGuardRedirect({ pathname: '/dashboard', role: 'member', businessLockedOrExpired: true }),
    ).toBeNull();
  });

  it('blocks the upload page for the new free plan only', () => {
    for (const freeAccountType of ['free_v1', 'free_migrated']) {
      expect(resolveGuardRedirect({ pathname: '/upload', role: 'user', user: { freeAccountType } })).toEqual({
        to: '/',
      });
    }
    for (const freeAccountType of ['free_legacy', null]) {
      expect(
        resolveGuardRedirect({ pathname: '/upload', role: 'user', user: { freeAccountType } }),
      ).toBeNull();
    }
  });

  it('leaves unauthenticated visitors and direct signers to plain route access', () => {
    const user = { weakPassword: true, freeAccountType: 'free_v1' };
    expect(resolveGuardRedirect({ pathname: '/upload', role: 'unauthenticated', user })).toBeNull();
    expect(resolveGuardRedirect({ pathname: '/view/a/b', role: 'nas', user })).toBeNull();
  });
});

describe('listRequiredDialogs (spec 2)', () => {
  it('lists accept terms, invitation, downgrade and locked-member dialogs in that order', () => {
    expect(
      listRequiredDialogs(
        'member',
        { acceptedGtc: false, hasPendingBusinessInvite: true, removedFromBusiness: true },
        { businessLockedOrExpired: true },
      ),
    ).toEqual(['accept-terms', 'business-invitation', 'business-downgraded', 'business-locked-member']);
  });

  it('shows the downgrade dialog for removed or deleted business users', () => {
    expect(listRequiredDialogs('user', { businessDeleted: true })).toEqual(['business-downgraded']);
  });

  it('shows the locked dialog to members only, and nothing to logged-out visitors or direct signers', () => {
    expect(listRequiredDialogs('admin', {}, { businessLockedOrExpired: true })).toEqual([]);
    expect(listRequiredDialogs('unauthenticated', { acceptedGtc: false })).toEqual([]);
    expect(listRequiredDialogs('nas', { acceptedGtc: false })).toEqual([]);
    expect(listRequiredDialogs('user', { acceptedGtc: true })).toEqual([]);
  });
});
