// The plans on offer, over HTTP: public, priced from the one table in both currencies, with the
// currency the locale (or, for Italian, the platform) shows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

describe('GET /v2/businesses/price_plans', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });
  const get = async (query = '') => t.app.inject({ url: `/v2/businesses/price_plans${query}` });

  it('lists every plan with its prices per seat in minor units, limits and entitlements, to anyone', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // PUBLIC_URL http://countersign.test: the CH platform; no locale: en-gb, EUR
    expect(body).toMatchObject({ currency: 'EUR', platform: 'CH' });
    expect(body.plans.map((p: { id: string }) => p.id)).toEqual([
      'individual',
      'team',
      'pro',
      'scale',
      'enterprise',
      'trial',
      'free_legacy',
    ]);
    const pro = body.plans.find((p: { id: string }) => p.id === 'pro');
    expect(pro).toEqual({
      id: 'pro',
      name: 'PRO_V1',
      purchasable: true,
      business: true,
      seats: { min: 1, max: 50 },
      prices: [
        { cycle: 'monthly', currency: 'EUR', amount_minor: 3500 },
        { cycle: 'monthly', currency: 'CHF', amount_minor: 3700 },
        { cycle: 'yearly', currency: 'EUR', amount_minor: 33600 },
        { cycle: 'yearly', currency: 'CHF', amount_minor: 35520 },
      ],
      signatures_per_seat: { ses: null, aes: 50, qes: 20 },
      licenses: {
        idents: {
          eidas: { pay_for_members: true, pay_for_invitations: false },
          zertes: { pay_for_members: true, pay_for_invitations: false },
        },
      },
      can_upload: true,
    });
    const enterprise = body.plans.find((p: { id: string }) => p.id === 'enterprise');
    expect(enterprise).toMatchObject({ purchasable: false, prices: [], seats: { min: 1, max: null } });
  });

  it('shows CHF for de-ch, fr-ch, and for Italian on the CH platform (spec 1)', async () => {
    for (const locale of ['de-ch', 'fr-ch', 'it']) {
      expect((await get(`?locale=${locale}`)).json().currency).toBe('CHF');
    }
    expect((await get('?locale=en-gb')).json().currency).toBe('EUR');
  });

  it('refuses a locale it does not know with a 400 problem', async () => {
    const res = await get('?locale=xx');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('request.validation_failed');
  });
});
