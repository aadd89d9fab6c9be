// Promo and referral codes over HTTP, on SQLite and PostgreSQL, with the sandbox payment provider
// (ADR 063): unknown codes are guesses, limited per account and per IP while codes that exist cost
// nothing; a referral discounts one charge of a business or person, once; and a business cannot
// refer itself, nor anyone who made it or belongs to it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test-support/accounts.js';
import { addPromo, businessWithMember, enterCard } from '../../test-support/billing.js';
import type { Method } from '../../test-support/business.js';
import { createTestApp, createTestClock, testDatabases, type TestApp } from '../../test-support/test-app.js';

const HOUR = 3_600_000;

describe.each(testDatabases())('promo and referral codes on %s', (kind) => {
  let t: TestApp;
  const clock = createTestClock(new Date('2026-11-22T10:00:00Z'));

  /** A JSON call as `token`, from `ip`. */
  const call = (method: Method, url: string, token: string, body?: unknown, ip = '127.0.0.1') =>
    t.app.inject({
      method,
      url,
      remoteAddress: ip,
      headers: { authorization: `Bearer ${token}` },
      ...(body !== undefined && { payload: body as object }),
    });
  const problem = async (res: ReturnType<typeof call>) => {
    const answer = await res;
    return [answer.statusCode, answer.json().code as string];
  };
  const validate = (business: { businessId: string; admin: string }, code: string, ip?: string) =>
    call(
      'POST',
      `/v2/businesses/${business.businessId}/subscriptions/coupons/validate_promo`,
      business.admin,
      { promo_code: code, plan: 'pro', cycle: 'monthly' },
      ip,
    );
  const preview = (business: { businessId: string; admin: string }, body: object, ip?: string) =>
    call(
      'POST',
      `/v2/businesses/${business.businessId}/subscriptions/upgrade/preview`,
      business.admin,
      { plan: 'pro', cycle: 'monthly', amount_seats: 2, ...body },
      ip,
    );
  /** An admin's choice whether the business takes part in the referral programme (ADR 104). */
  const setAffiliate = (business: { businessId: string }, token: string, enabled: boolean) =>
    call('PUT', `/v1/businesses/${business.businessId}/settings`, token, { affiliate: { enabled } });
  const codeAnswer = (business: { businessId: string; admin: string }) =>
    call('GET', `/v2/businesses/${business.businessId}/subscriptions/coupons/referral_code`, business.admin);
  /** The code of a business that joins the referral programme for it. */
  const referralCodeOf = async (business: { businessId: string; admin: string }) => {
    expect((await setAffiliate(business, business.admin, true)).statusCode).toBe(200);
    return (await codeAnswer(business)).json().referral_code as string;
  };
  const saveCard = async (business: { businessId: string; admin: string }) => {
    const intent = await call(
      'POST',
      `/v2/businesses/${business.businessId}/subscriptions/stripe_setup_intent`,
      business.admin,
      { country: 'CH' },
    );
    await enterCard(t.app, intent.json().redirect_url as string, '4242 4242 4242 4242');
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
    await addPromo(t.db, { code: 'REAL10' }, clock.now());
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses an account past 10 unknown codes an hour, while codes that exist cost nothing', async () => {
    const guesser = await businessWithMember(t.app, 'guesser');
    for (let i = 0; i < 15; i++) expect((await validate(guesser, 'REAL10')).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) {
      expect(await problem(validate(guesser, `GUESS${i}`))).toEqual([422, 'billing.promo_not_found']);
      const referral = preview(guesser, { referral_code: `GUESS${i}` });
      expect(await problem(referral)).toEqual([422, 'billing.referral_not_found']);
    }
    const refused = await validate(guesser, 'GUESS5');
    expect([refused.statusCode, refused.json().code]).toEqual([429, 'rate_limit.exceeded']);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await problem(preview(guesser, { promo_code: 'REAL10' }))).toEqual([429, 'rate_limit.exceeded']);
    // guesses made at once are counted before they are checked, and cannot pass the limit together
    clock.advance(HOUR);
    const burst = await Promise.all(Array.from({ length: 14 }, (_, i) => validate(guesser, `BURST${i}`)));
    expect(burst.filter((r) => r.statusCode === 422)).toHaveLength(10);
    expect(burst.filter((r) => r.statusCode === 429)).toHaveLength(4);
  });

  it('refuses an IP past 30 unknown codes an hour, over all accounts', async () => {
    clock.advance(HOUR);
    const ip = '198.51.100.20';
    for (const prefix of ['ipa', 'ipb', 'ipc']) {
      const business = await businessWithMember(t.app, prefix);
      for (let i = 0; i < 10; i++) expect((await validate(business, `NO${i}`, ip)).statusCode).toBe(422);
    }
    const fresh = await businessWithMember(t.app, 'ipd');
    expect(await problem(validate(fresh, 'NOPE', ip))).toEqual([429, 'rate_limit.exceeded']);
    expect(await problem(validate(fresh, 'NOPE', '198.51.100.21'))).toEqual([422, 'billing.promo_not_found']);
  });

  it('discounts one charge of a business with a referral, never a second', async () => {
    clock.advance(HOUR);
    const referrer = await businessWithMember(t.app, 'referrer');
    const referred = await businessWithMember(t.app, 'referred');
    const code = await referralCodeOf(referrer);
    await saveCard(referred);
    const first = await call(
      'PUT',
      `/v2/businesses/${referred.businessId}/subscriptions/upgrade`,
      referred.admin,
      {
        plan: 'pro',
        cycle: 'monthly',
        amount_seats: 2,
        referral_code: code,
      },
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'succeeded' });
    expect(first.json().charged.discount_minor).toBeGreaterThan(0);

    const again = preview(referred, { plan: 'scale', referral_code: code });
    expect(await problem(again)).toEqual([409, 'billing.referral_used']);
    const upgrade = call(
      'PUT',
      `/v2/businesses/${referred.businessId}/subscriptions/upgrade`,
      referred.admin,
      {
        plan: 'scale',
        cycle: 'monthly',
        amount_seats: 2,
        referral_code: code,
      },
    );
    expect(await problem(upgrade)).toEqual([409, 'billing.referral_used']);
    expect((await preview(referred, { plan: 'scale' })).json().discount_minor).toBe(0);
  });

  it('hands out and honours a referral code only while the business takes part in the programme', async () => {
    const referrer = await businessWithMember(t.app, 'affiliate');
    const buyer = await businessWithMember(t.app, 'affiliate-buyer');
    // off by default: no code, and a member cannot turn it on
    expect(await problem(codeAnswer(referrer))).toEqual([409, 'billing.referral_programme_off']);
    expect(await problem(setAffiliate(referrer, referrer.member, true))).toEqual([403, 'business.forbidden']);
    const code = await referralCodeOf(referrer);
    expect(code).toMatch(/^[A-Z2-9]{10}$/);
    expect((await preview(buyer, { referral_code: code })).json().discount_minor).toBeGreaterThan(0);
    // once the business leaves the programme, the code it handed out refers nobody
    expect((await setAffiliate(referrer, referrer.admin, false)).statusCode).toBe(200);
    expect(await problem(preview(buyer, { referral_code: code }))).toEqual([
      422,
      'billing.referral_not_found',
    ]);
    expect(await problem(codeAnswer(referrer))).toEqual([409, 'billing.referral_programme_off']);
    // back in, the same code again
    expect(await referralCodeOf(referrer)).toBe(code);
  });

  it('refuses the referral code of the buying business, and of a business its buyer made', async () => {
    const acme = await businessWithMember(t.app, 'self');
    const code = await referralCodeOf(acme);
    expect(await problem(preview(acme, { referral_code: code }))).toEqual([422, 'billing.referral_own']);

    // the admin who made the business hands it over and leaves, then buys for themselves
    const member = (await call('GET', '/v1/user', acme.member)).json().id as string;
    const founder = (await call('GET', '/v1/user', acme.admin)).json().id as string;
    await call('POST', `/v1/businesses/${acme.businessId}/change-to-admins`, acme.admin, {
      user_ids: [member],
    });
    const left = await call('POST', `/v1/businesses/${acme.businessId}/remove-members`, acme.admin, {
      user_ids: [founder],
    });
    expect(left.statusCode, left.body).toBe(200);
    const alone = await call('POST', '/v2/businesses/direct_upgrade/preview', acme.admin, {
      plan: 'individual',
      cycle: 'monthly',
      referral_code: code,
    });
    expect([alone.statusCode, alone.json().code]).toEqual([422, 'billing.referral_own']);
    // or makes a new business
    const again = await call('POST', '/v2/businesses', acme.admin, {
      name: 'Again',
      accept_gtc: true,
      accept_dpa: true,
    });
    expect(again.statusCode, again.body).toBe(201);
    const viaNew = preview(
      { businessId: again.json().id as string, admin: acme.admin },
      { referral_code: code },
    );
    expect(await problem(viaNew)).toEqual([422, 'billing.referral_own']);

    // a stranger's purchase is referred as before
    const stranger = await signUp(t.app, 'stranger@codes.example', 'Stranger');
    const referred = await call('POST', '/v2/businesses/direct_upgrade/preview', stranger, {
      plan: 'individual',
      cycle: 'monthly',
      referral_code: code,
    });
    expect(referred.statusCode, referred.body).toBe(200);
    expect(referred.json().discount_minor).toBeGreaterThan(0);
  });
});
