import { describe, expect, it } from 'vitest';
import { canAccessRoute, decideNavigation, matchRoute, resolveAccessFailure } from './route-access.js';
import { ROLES } from './roles.js';
import type { Role } from './roles.js';
import { ROUTES } from './routes.js';

describe('canAccessRoute (spec 2)', () => {
  it('uses the hierarchy on non-strict routes, for every role and single-role route', () => {
    const allows: Record<Role, Role[]> = {
      unauthenticated: ['unauthenticated'],
      user: ['user', 'member', 'admin'],
      nas: ['nas'],
      member: ['member', 'admin'],
      admin: ['admin'],
    };
    for (const required of ROLES) {
      for (const role of ROLES) {
        expect(canAccessRoute(role, { roles: [required], strict: false }), `${role} on ${required}`).toBe(
          allows[required].includes(role),
        );
      }
    }
  });

  it('admits exactly the listed roles on strict routes', () => {
    for (const required of ROLES) {
      for (const role of ROLES) {
        expect(canAccessRoute(role, { roles: [required], strict: true })).toBe(role === required);
      }
    }
  });

  it('keeps members out of /business/register and /business/upgrade, and admins out of the register page', () => {
    const register = matchRoute('/business/register').route;
    const upgrade = matchRoute('/business/upgrade').route;
    expect(ROLES.filter((role) => canAccessRoute(role, register))).toEqual(['user']);
    expect(ROLES.filter((role) => canAccessRoute(role, upgrade))).toEqual(['user', 'admin']);
  });

  it('opens /mab/redirect to every role: a signer comes back from their QTSP signed in or by link', () => {
    expect(ROLES.every((role) => canAccessRoute(role, matchRoute('/mab/redirect').route))).toBe(true);
  });

  it('opens /maintenance to every role, and the 404 page to every role through the hierarchy', () => {
    expect(ROLES.every((role) => canAccessRoute(role, matchRoute('/maintenance').route))).toBe(true);
    expect(ROLES.every((role) => canAccessRoute(role, matchRoute('/no/such/page').route))).toBe(true);
  });

  it('keeps business pages to admins', () => {
    for (const route of ROUTES.filter((candidate) => candidate.layout === 'admin')) {
      expect(
        ROLES.filter((role) => canAccessRoute(role, route)),
        route.path,
      ).toEqual(['admin']);
    }
  });
});

describe('resolveAccessFailure (spec 2)', () => {
  it('sends logged-in users to 404 and the others to login', () => {
    expect(Object.fromEntries(ROLES.map((role) => [role, resolveAccessFailure(role)]))).toEqual({
      unauthenticated: 'login',
      user: 'not-found',
      nas: 'not-found',
      member: 'not-found',
      admin: 'not-found',
    });
  });
});

describe('matchRoute', () => {
  it('matches every route of the table by a concrete path', () => {
    for (const route of ROUTES) {
      if (route.path === '*') continue;
      const concrete = route.path.replace(/:([a-z]+)/g, 'x-$1');
      expect(matchRoute(concrete).route.path, concrete).toBe(route.path);
    }
  });

  it('extracts and decodes parameters', () => {
    expect(matchRoute('/view/sr%201')).toMatchObject({
      route: { path: '/view/:srid' },
      params: { srid: 'sr 1' },
    });
    expect(matchRoute('/view/sr1/u2')).toMatchObject({
      route: { path: '/view/:id/:userid' },
      params: { id: 'sr1', userid: 'u2' },
    });
    expect(matchRoute('/direct-sign/identification/sr1/u2/preview').params).toEqual({
      id: 'sr1',
      userid: 'u2',
    });
  });

  it('prefers static segments over parameters', () => {
    expect(matchRoute('/direct-sign/identification/eidas/self').route.path).toBe(
      '/direct-sign/identification/eidas/self',
    );
    expect(matchRoute('/direct-sign/identification/zertes/auto').route.path).toBe(
      '/direct-sign/identification/zertes/auto',
    );
    expect(matchRoute('/direct-sign/identification/abc/def').route.path).toBe(
      '/direct-sign/identification/:id/:userid',
    );
  });

  it('ignores the query, the hash and a trailing slash', () => {
    expect(matchRoute('/dashboard/?tab=drafts#top').route.path).toBe('/dashboard');
    expect(matchRoute('/').route.path).toBe('/');
    expect(matchRoute('').route.path).toBe('/');
  });

  it('gives the 404 catch-all for unknown paths and malformed escapes', () => {
    expect(matchRoute('/nowhere').route.path).toBe('*');
    expect(matchRoute('/view/a/b/c').route.path).toBe('*');
    expect(matchRoute('/view/%E0%A4%A').route.path).toBe('*');
  });
});

describe('decideNavigation (spec 2)', () => {
  it('shows a page the role may open', () => {
    expect(decideNavigation('user', '/profile')).toMatchObject({ kind: 'show', route: { path: '/profile' } });
    expect(decideNavigation('admin', '/dashboard')).toMatchObject({ kind: 'show' });
  });

  it('forwards /business/members/activity to /business/activity', () => {
    expect(decideNavigation('admin', '/business/members/activity')).toEqual({
      kind: 'redirect',
      to: '/business/activity',
    });
  });

  it('sends unauthenticated visitors to login with the target stored', () => {
    expect(decideNavigation('unauthenticated', '/view/sr1?exit=https://a.example')).toEqual({
      kind: 'login',
      target: '/view/sr1?exit=https://a.example',
      to: '/login',
    });
  });

  it('shows the 404 page to logged-in users who may not open the target', () => {
    expect(decideNavigation('user', '/business/settings')).toMatchObject({
      kind: 'not-found',
      route: { path: '*' },
    });
    expect(decideNavigation('nas', '/dashboard')).toMatchObject({ kind: 'not-found' });
    expect(decideNavigation('member', '/business/register')).toMatchObject({ kind: 'not-found' });
  });

  it('shows the 404 page itself to anyone on an unknown path', () => {
    for (const role of ROLES) {
      expect(decideNavigation(role, '/nowhere')).toMatchObject({ kind: 'show', route: { path: '*' } });
    }
  });
});
