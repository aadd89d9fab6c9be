import { describe, expect, it } from 'vitest';
import { ROUTES } from './routes.js';
import { deriveTitleFromPath, pageTitle } from './titles.js';

const product = 'Countersign';

describe('pageTitle (spec 2)', () => {
  it('uses the route title meta when it is a string', () => {
    expect(pageTitle({ routeTitle: 'Dashboard', routePath: '/', product })).toBe('Dashboard - Countersign');
    expect(pageTitle({ routeTitle: '404', routePath: '*', product })).toBe('404 - Countersign');
  });

  it('falls back to the path when the title meta is not a string', () => {
    for (const routeTitle of [undefined, null, 42, { en: 'x' }, ['x']]) {
      expect(pageTitle({ routeTitle, routePath: '/profile/settings', product })).toBe(
        'Settings - Countersign',
      );
    }
  });

  it('takes the last non-parameter segment, capitalised, dashes as spaces', () => {
    expect(deriveTitleFromPath('/profile/change-password')).toBe('Change password');
    expect(deriveTitleFromPath('/business/seals/:accountname')).toBe('Seals');
    expect(deriveTitleFromPath('/direct-sign/identification/:id/:userid')).toBe('Identification');
    expect(deriveTitleFromPath('/direct-sign/identification/:id/:userid/preview')).toBe('Preview');
    expect(deriveTitleFromPath('/profile/signature-standards/zertes/personal-details')).toBe(
      'Personal details',
    );
    expect(deriveTitleFromPath('/upload/')).toBe('Upload');
  });

  it('shows just the product name when the title is empty', () => {
    expect(pageTitle({ routePath: '/', product })).toBe('Countersign');
    expect(pageTitle({ routePath: '/:id', product })).toBe('Countersign');
    expect(pageTitle({ routeTitle: '', routePath: '/upload', product })).toBe('Countersign');
  });

  it('gives every route of the table a non-empty title', () => {
    for (const route of ROUTES) {
      const title = pageTitle({ routeTitle: route.title, routePath: route.path, product });
      expect(title, route.path).toMatch(/^[A-Z0-9].* - Countersign$/);
    }
  });
});
