import { describe, expect, it } from 'vitest';
import { ROUTES } from './routes.js';
import type { RouteDefinition } from './routes.js';

function find(path: string): RouteDefinition {
  const route = ROUTES.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`no route ${path}`);
  return route;
}

// Spec 2, written out once more by hand so that a dropped or renamed route fails here.
const SPEC_PATHS = {
  public: [
    '/bye',
    '/login',
    '/signup',
    '/signup/mail-sent',
    '/signup/confirm',
    '/business/signup',
    '/business/signup/mail-sent',
    '/expired',
    '/cookiesblocked',
    '/maintenance',
    '/terms',
    '/privacy',
    '/verify',
    '/mab/redirect',
    '/password-reset',
    '/password-reset/new',
    '/password-reset/confirm',
    '/password-reset/mail-sent',
    '/sso/error',
    '/sso/error/company',
    '/signup/flows/eidplus/new',
    '/signup/flows/eidplus/confirm',
    '/business/signup/steps',
  ],
  user: [
    '/',
    '/dashboard',
    '/logout',
    '/signed',
    '/upload',
    '/templates',
    '/upgrade',
    '/welcome',
    '/declined',
    '/not-available',
    '/profile',
    '/profile/settings',
    '/profile/change-password',
    '/profile/visual-signature',
    '/profile/confirm',
    '/profile/signature-standards',
    '/profile/signature-standards/update',
    '/profile/signature-standards/mobile-id',
    '/profile/signature-standards/eidas',
    '/profile/signature-standards/eidas/self',
    '/profile/signature-standards/eidas/video',
    '/profile/signature-standards/zertes',
    '/profile/signature-standards/zertes/auto',
    '/profile/signature-standards/zertes/video',
    '/profile/signature-standards/zertes/personal-details',
    '/profile/signature-standards/legislation',
    '/profile/signature-standards/id-austria-success',
    '/sendto/:id',
    '/view/:srid',
    '/signup/sso',
    '/signup/steps',
    '/business/register',
    '/business/upgrade',
  ],
  admin: [
    '/business/dashboard',
    '/business/activity',
    '/business/members/activity',
    '/business/settings',
    '/business/seals',
    '/business/seals/:accountname',
    '/business/billing/plan',
    '/business/extras',
    '/business/members',
    '/business/members/domains',
    '/business/members/signer-groups',
    '/business/profile',
    '/business/profile/aes-for-business',
    '/business/developers/api',
    '/business/welcome',
  ],
  member: ['/invite/:id'],
  nas: [
    '/view/:id/:userid',
    '/embed/sign/:id/:userid',
    '/direct-sign/identification/eidas',
    '/direct-sign/identification/eidas/self',
    '/direct-sign/identification/eidas/video',
    '/direct-sign/identification/zertes',
    '/direct-sign/identification/zertes/auto',
    '/direct-sign/identification/zertes/video',
    '/direct-sign/identification/zertes/personal-details',
    '/direct-sign/identification/id-austria-success',
    '/direct-sign/identification/:id/:userid',
    '/direct-sign/identification/:id/:userid/preview',
  ],
  error: ['/sorry', '*'],
} as const;

describe('ROUTES (spec 2)', () => {
  it('holds every route of spec section 2, each once, and nothing else', () => {
    const expected = Object.values(SPEC_PATHS).flat();
    expect(ROUTES.map((route) => route.path).sort()).toEqual([...expected].sort());
    expect(new Set(ROUTES.map((route) => route.path)).size).toBe(ROUTES.length);
  });

  it('files each route under its spec section', () => {
    for (const [section, paths] of Object.entries(SPEC_PATHS)) {
      for (const path of paths) expect(find(path).section, path).toBe(section);
    }
  });

  it('gives public routes to unauthenticated visitors, and /maintenance, /terms, /privacy, /verify and /mab/redirect to any role', () => {
    for (const path of SPEC_PATHS.public) {
      const roles = ['/maintenance', '/terms', '/privacy', '/verify', '/mab/redirect'].includes(path)
        ? ['unauthenticated', 'user', 'nas', 'member', 'admin']
        : ['unauthenticated'];
      expect(find(path).roles, path).toEqual(roles);
    }
  });

  it('opens /sorry and the 404 catch-all to unauthenticated, user and nas, titled 404', () => {
    for (const path of SPEC_PATHS.error) expect(find(path).roles).toEqual(['unauthenticated', 'user', 'nas']);
    expect(find('*').title).toBe('404');
  });

  it('gives user, admin, member and nas routes their role', () => {
    for (const path of SPEC_PATHS.user.filter((p) => p !== '/business/upgrade')) {
      expect(find(path).roles, path).toEqual(['user']);
    }
    for (const path of SPEC_PATHS.admin) expect(find(path).roles, path).toEqual(['admin']);
    for (const path of SPEC_PATHS.member) expect(find(path).roles, path).toEqual(['member']);
    for (const path of SPEC_PATHS.nas) expect(find(path).roles, path).toEqual(['nas']);
  });

  it('makes only /business/register (user) and /business/upgrade (user, admin) strict', () => {
    expect(ROUTES.filter((route) => route.strict).map((route) => route.path)).toEqual([
      '/business/register',
      '/business/upgrade',
    ]);
    expect(find('/business/register').roles).toEqual(['user']);
    expect(find('/business/upgrade').roles).toEqual(['user', 'admin']);
  });

  it('makes / an alias of /dashboard, both titled Dashboard and full width', () => {
    for (const path of ['/', '/dashboard']) {
      expect(find(path)).toMatchObject({ title: 'Dashboard', fullWidth: true, layout: 'main' });
    }
    expect(find('/').aliasOf).toBe('/dashboard');
    expect(ROUTES.filter((route) => route.fullWidth).map((route) => route.path)).toEqual(['/', '/dashboard']);
  });

  it('redirects /business/members/activity to /business/activity and nothing else', () => {
    expect(ROUTES.filter((route) => route.redirectTo)).toEqual([
      expect.objectContaining({ path: '/business/members/activity', redirectTo: '/business/activity' }),
    ]);
  });

  it('lets only the two request views accept exit, error and decline parameters', () => {
    expect(ROUTES.filter((route) => route.acceptsRedirectParams).map((route) => route.path)).toEqual([
      '/view/:srid',
      '/view/:id/:userid',
    ]);
  });

  it('uses the admin layout for every business console page and simple for direct-sign pages', () => {
    for (const path of SPEC_PATHS.admin) expect(find(path).layout, path).toBe('admin');
    for (const path of SPEC_PATHS.nas) expect(find(path).layout, path).toBe('simple');
    for (const path of ['/login', '/signup', '/password-reset'])
      expect(find(path).layout).toBe('unauthenticated');
    for (const path of ['/signed', '/declined', '/bye', '/expired']) expect(find(path).layout).toBe('simple');
    expect(find('/profile').layout).toBe('default');
  });

  it('writes every path in React Router syntax', () => {
    for (const route of ROUTES) {
      if (route.path === '*') continue;
      expect(route.path, route.path).toMatch(/^\/(?:[a-z0-9-]+|:[a-z]+)?(?:\/(?:[a-z0-9-]+|:[a-z]+))*$/);
    }
    expect(ROUTES.at(-1)?.path).toBe('*');
  });
});
