// The plans on offer, over HTTP: public, priced from the one table in the currency of the platform
// (CHF on the CH platform, EUR on the EU platform), whatever the locale (ADR 055).
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
    // PUBLIC_URL http://countersign.test: the CH platform, which sells in CHF
    expect(body).toMatchObject({ currency: 'CHF', platform: 'CH' });
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
        { cycle: 'monthly', currency: 'CHF', amount_minor: 3700 },
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

  it('prices in CHF on the CH platform whatever the locale, and in EUR on the EU platform', async () => {
    // the locale no longer decides: an English page on the CH platform shows what is charged, CHF
    for (const locale of ['en-gb', 'de-ch', 'fr-ch', 'it']) {
      expect((await get(`?locale=${locale}`)).json().currency).toBe('CHF');
    }
    const eu = await createTestApp('sqlite', { env: { PUBLIC_URL: 'http://countersign.eu' } });
    try {
      const body = (await eu.app.inject({ url: '/v2/businesses/price_plans' })).json();
      expect(body).toMatchObject({ currency: 'EUR', platform: 'EU' });
      const pro = body.plans.find((p: { id: string }) => p.id === 'pro');
      expect(pro.prices).toEqual([
        { cycle: 'monthly', currency: 'EUR', amount_minor: 3500 },
        { cycle: 'yearly', currency: 'EUR', amount_minor: 33600 },
      ]);
    } finally {
      await eu.close();
    }
  });
});
