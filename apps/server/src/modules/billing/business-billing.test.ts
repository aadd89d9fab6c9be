// A business's plan over HTTP, on SQLite and PostgreSQL, with the sandbox payment provider: the
// trial runs out and the business locks; the admin saves a card (one declined, one with 3-D
// Secure), buys pro yearly with a promo code, adds seats (the preview is what is charged), a seat
// change with a stale timestamp is refused; a renewal fails and locks the business, and paying
// unlocks it. Bad input answers a 4xx with a stable code and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonCaller, type Method } from '../../test-support/business.js';
import {
  addPromo,
  businessWithMember,
  enterCard,
  replayPaymentEvents,
  sessionsOn,
} from '../../test-support/billing.js';
import { signUp } from '../../test-support/accounts.js';
import { createTestApp, createTestClock, testDatabases, type TestApp } from '../../test-support/test-app.js';

const DAY = 86_400_000;

describe.each(testDatabases())('business billing on %s', (kind) => {
  let t: TestApp;
  const clock = createTestClock(new Date('2026-11-22T10:00:00Z'));
  let session: ReturnType<typeof sessionsOn>;
  const emails = {
    admin: 'acme-admin@example.org',
    member: 'acme-member@example.org',
    outsider: 'eve@example.org',
  };
  type Who = keyof typeof emails;
  let id: string;
  /** the outsider's own business, which never saves a billing address before its first try */
  let otherId: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
    session = sessionsOn(t.app, clock);
    ({ businessId: id } = await businessWithMember(t.app, 'acme'));
    await signUp(t.app, emails.outsider, 'Eve');
    const other = await call('POST', '/v2/businesses', 'outsider', {
      name: 'Other',
      accept_gtc: true,
      accept_dpa: true,
    });
    otherId = other.json().id as string;
    const now = clock.now();
    await addPromo(t.db, { code: 'WELCOME20', plans: ['pro'], cycles: ['yearly'], maxRedemptions: 1 }, now);
    await addPromo(t.db, { code: 'OLD', expiresAt: '2026-12-01T00:00:00Z' }, now);
    await addPromo(t.db, { code: 'GONE', maxRedemptions: 1, redemptions: 1 }, now);
  });
  afterAll(async () => {
    await t.close();
  });

  const call = async (method: Method, url: string, who: Who, body?: unknown) =>
    jsonCaller(t.app)(method, url, await session(emails[who]), body);
  const plan = async () => (await call('GET', `/v2/businesses/${id}/price_plan`, 'admin')).json();
  const charges = () => t.db.kysely.selectFrom('billing_charges').selectAll().orderBy('created_at').execute();
  const invoices = async (who: Who = 'admin') =>
    (await call('GET', `/v1/businesses/${id}/invoices`, who)).json().invoices as Record<string, unknown>[];
  const setupUrl = async () => {
    const res = await call('POST', `/v2/businesses/${id}/subscriptions/stripe_setup_intent`, 'admin', {
      country: 'CH',
    });
    expect(res.statusCode).toBe(200);
    return res.json().redirect_url as string;
  };

  it('starts a trial with the business, which the members see and outsiders cannot find', async () => {
    expect(await plan()).toMatchObject({
      name: 'TRIAL',
      plan: 'trial',
      payment_state: 'TRIALING',
      subscription_status: null,
      payment_issue: false,
      trial_ends_at: '2026-12-06T10:00:00.000Z',
      current: { base: { type: 'trial', start_at: '2026-11-22T10:00:00.000Z' } },
    });
    expect((await call('GET', `/v2/businesses/${id}/price_plan`, 'member')).statusCode).toBe(200);
    expect((await call('GET', `/v2/businesses/${id}/price_plan`, 'outsider')).json().code).toBe(
      'business.not_found',
    );
    const forbidden = await call('GET', `/v2/businesses/${id}/subscriptions/usage`, 'member');
    expect([forbidden.statusCode, forbidden.json().code]).toEqual([403, 'business.forbidden']);
    expect((await call('GET', `/v2/businesses/${id}/billing`, 'outsider')).statusCode).toBe(404);
  });

  it('needs a payment method when the trial runs out, and locks after the grace period', async () => {
    clock.advance(14 * DAY + 60_000);
    // the other business's trial was made with it (its payload carries the plan), and ends too
    expect(await t.app.jobs.billing()).toMatchObject({ trialsStarted: 0, trialsEnded: 2, locked: 0 });
    expect(await plan()).toMatchObject({ payment_state: 'NEEDS_PAYMENT_METHOD' });
    clock.advance(7 * DAY);
    expect(await t.app.jobs.billing()).toMatchObject({ trialsEnded: 0, locked: 2 });
    expect(await plan()).toMatchObject({ payment_state: 'BLOCKED' });
  });

  it('checks the VAT number by the format of the billing country', async () => {
    const address = { address1: 'Bahnhofstrasse 1', city: 'Zürich', country: 'CH', postal_code: '8001' };
    const bad = await call('PUT', `/v2/businesses/${id}/billing`, 'admin', {
      ...address,
      vat: 'CHE-109.322.552',
    });
    expect([bad.statusCode, bad.json().code]).toEqual([422, 'billing.vat_invalid']);
    const memberTry = await call('PUT', `/v2/businesses/${id}/billing`, 'member', address);
    expect(memberTry.statusCode).toBe(403);
    const ok = await call('PUT', `/v2/businesses/${id}/billing`, 'admin', {
      ...address,
      vat: 'CHE-109.322.551 MWST',
    });
    expect(ok.json()).toMatchObject({ vat: 'CHE109322551MWST', country: 'CH', currency: 'CHF', card: null });
  });

  it('saves a card in the sandbox: a declined one is not kept, one with 3-D Secure is', async () => {
    const url = await setupUrl();
    expect(await enterCard(t.app, url, '4000 0000 0000 0002')).toMatchObject({ status: 402 });
    expect((await call('GET', `/v2/businesses/${id}/billing`, 'admin')).json().card).toBeNull();
    expect(await enterCard(t.app, url, '4000 0025 0000 3155')).toEqual({
      status: 303,
      redirectStatus: 'succeeded',
      returnPath: '/business/billing/plan',
    });
    expect((await call('GET', `/v2/businesses/${id}/billing`, 'admin')).json().card).toMatchObject({
      last4: '3155',
    });
  });

  it('leads back from the card page to the checkout that asked for the card, and nowhere else', async () => {
    const start = (body: object) =>
      call('POST', `/v2/businesses/${id}/subscriptions/stripe_setup_intent`, 'admin', {
        country: 'CH',
        ...body,
      });
    const fromCheckout = await start({ return_to: '/business/upgrade' });
    expect(fromCheckout.statusCode).toBe(200);
    expect(await enterCard(t.app, fromCheckout.json().redirect_url, '4242 4242 4242 4242')).toMatchObject({
      redirectStatus: 'succeeded',
      returnPath: '/business/upgrade',
    });
    // only the app's own pages that ask for a card: no open redirect through the provider
    const elsewhere = await start({ return_to: 'https://evil.example/upgrade' });
    expect([elsewhere.statusCode, elsewhere.json().code]).toEqual([400, 'request.validation_failed']);
  });

  it('refuses to sell a plan to a business without a billing address, before any charge', async () => {
    const body = { plan: 'pro', cycle: 'yearly', amount_seats: 2 };
    const buy = () => call('PUT', `/v2/businesses/${otherId}/subscriptions/upgrade`, 'outsider', body);
    const refused = await buy();
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'billing.address_required']);
    expect(await charges()).toEqual([]);
    // once saved, the purchase goes on to what comes next: the card
    const address = { address1: 'Bundesplatz 3', city: 'Bern', country: 'CH', postal_code: '3011' };
    expect((await call('PUT', `/v2/businesses/${otherId}/billing`, 'outsider', address)).statusCode).toBe(
      200,
    );
    expect((await buy()).json().code).toBe('billing.payment_method_required');
  });

  it('refuses unknown plans, bad seats, and promo codes that are unknown, expired, used up or for other plans', async () => {
    const upgrade = (body: object) =>
      call('PUT', `/v2/businesses/${id}/subscriptions/upgrade`, 'admin', body);
    const problem = async (res: Promise<{ statusCode: number; json(): { code: string } }>) => {
      const r = await res;
      return [r.statusCode, r.json().code];
    };
    expect(await problem(upgrade({ plan: 'gold', cycle: 'yearly' }))).toEqual([
      400,
      'request.validation_failed',
    ]);
    expect(await problem(upgrade({ plan: 'pro', cycle: 'yearly', amount_seats: -1 }))).toEqual([
      400,
      'request.validation_failed',
    ]);
    expect(await problem(upgrade({ plan: 'pro', cycle: 'yearly', amount_seats: 51 }))).toEqual([
      422,
      'billing.seats_out_of_range',
    ]);
    expect(await problem(upgrade({ plan: 'enterprise', cycle: 'yearly', amount_seats: 2 }))).toEqual([
      422,
      'billing.plan_not_purchasable',
    ]);
    // the CH platform sells in CHF only: what the price list shows is what is charged
    expect(
      await problem(upgrade({ plan: 'pro', cycle: 'yearly', amount_seats: 2, currency: 'EUR' })),
    ).toEqual([422, 'billing.currency_not_offered']);
    const validate = (promo_code: string, p = 'pro') =>
      call('POST', `/v2/businesses/${id}/subscriptions/coupons/validate_promo`, 'admin', {
        promo_code,
        plan: p,
        cycle: 'yearly',
      });
    expect(await problem(validate('OLD'))).toEqual([422, 'billing.promo_expired']);
    expect(await problem(validate('GONE'))).toEqual([422, 'billing.promo_used_up']);
    expect(await problem(validate('NOPE'))).toEqual([422, 'billing.promo_not_found']);
    expect(await problem(validate('WELCOME20', 'team'))).toEqual([422, 'billing.promo_not_applicable']);
    expect(
      await problem(upgrade({ plan: 'pro', cycle: 'yearly', amount_seats: 2, promo_code: 'OLD' })),
    ).toEqual([422, 'billing.promo_expired']);
    expect((await validate(' welcome20 ')).json()).toMatchObject({
      promo_code: 'WELCOME20',
      status: 'ACTIVE',
    });
    expect(await charges()).toEqual([]);
    expect(await plan()).toMatchObject({ payment_state: 'BLOCKED', plan: 'trial' });
  });

  let timestamp: string;
  it('upgrades to pro yearly with a promo code, charging exactly the preview, and unlocks', async () => {
    const body = { plan: 'pro', cycle: 'yearly', amount_seats: 2, promo_code: 'WELCOME20' };
    const preview = (
      await call('POST', `/v2/businesses/${id}/subscriptions/upgrade/preview`, 'admin', body)
    ).json();
    // 2 seats x CHF 355.20 = 710.40, less 20 % = 568.32, VAT 8.1 % = 46.03: 614.35
    expect(preview).toMatchObject({
      currency: 'CHF',
      subtotal_minor: 71_040,
      credit_minor: 0,
      discount_minor: 14_208,
      tax_minor: 4_603,
      tax_rate_basis_points: 810,
      total_minor: 61_435,
      period_start: '2026-12-13T10:01:00.000Z',
      period_end: '2027-12-13T10:01:00.000Z',
      recurring_minor: 71_040,
    });
    const res = await call('PUT', `/v2/businesses/${id}/subscriptions/upgrade`, 'admin', body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'succeeded', action_url: null, charged: preview });
    expect((await charges()).map((c) => [c.kind, Number(c.amount_minor), c.status])).toEqual([
      ['upgrade', 61_435, 'succeeded'],
    ]);
    // one invoice, whose totals are the preview's and the charge's, for the payment collected
    const [charge] = await charges();
    expect(await invoices()).toEqual([
      expect.objectContaining({
        number: 'INV-CH-000001',
        kind: 'invoice',
        currency: 'CHF',
        subtotal_minor: preview.total_minor - preview.tax_minor,
        tax_minor: preview.tax_minor,
        total_minor: preview.total_minor,
        payment_id: charge!.payment_id,
        status: 'paid',
        lines: [
          {
            description: 'Plan: Pro plan, yearly, 2 seats, 13 Dec 2026 - 13 Dec 2027, promo code WELCOME20',
            amount_minor: 56_832,
            tax_minor: 4_603,
          },
        ],
      }),
    ]);
    // the provider's events for that payment, delivered and then replayed, issue no second one
    await t.app.jobs.deliverPaymentWebhooks();
    expect(await replayPaymentEvents(t, clock, charge!.payment_id!)).toEqual([200, 200]);
    expect((await invoices()).length).toBe(1);
    const now = await plan();
    expect(now).toMatchObject({
      name: 'PRO_V1',
      plan: 'pro',
      cycle: 'yearly',
      seats: 2,
      payment_state: 'STRIPE',
      subscription_status: 'active',
      payment_issue: false,
      discounts: [{ promo_code: 'WELCOME20', type: 'percent', value: 2_000, status: 'USED_UP' }],
    });
    timestamp = now.timestamp;
  });

  it('adds seats for the days left as the preview says, and refuses a stale timestamp', async () => {
    clock.advance(73 * DAY); // 2027-02-24: 292 of 365 days left
    const preview = (
      await call('POST', `/v2/businesses/${id}/subscriptions/seats/preview`, 'admin', { seats: 5 })
    ).json();
    // 5 seats x 355.20 x 292/365 = 1420.80, less 2 seats' 568.32 = 852.48, VAT 69.05: 921.53
    expect(preview).toMatchObject({
      subtotal_minor: 142_080,
      credit_minor: 56_832,
      tax_minor: 6_905,
      total_minor: 92_153,
    });
    const res = await call('PUT', `/v2/businesses/${id}/subscriptions/seats`, 'admin', {
      seats: 5,
      timestamp,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().charged).toEqual(preview);
    expect((await charges()).at(-1)).toMatchObject({ kind: 'seats', status: 'succeeded' });
    expect(Number((await charges()).at(-1)!.amount_minor)).toBe(92_153);

    const stale = await call('PUT', `/v2/businesses/${id}/subscriptions/seats`, 'admin', {
      seats: 9,
      timestamp,
    });
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'billing.stale_timestamp']);
    expect((await plan()).seats).toBe(5);
  });

  it('lets one of two seat changes made on the same timestamp through', async () => {
    const current = (await plan()).timestamp;
    const results = await Promise.all(
      [6, 7].map((seats) =>
        call('PUT', `/v2/businesses/${id}/subscriptions/seats`, 'admin', { seats, timestamp: current }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const won = results.find((r) => r.statusCode === 200)!.json().price_plan.seats;
    expect((await plan()).seats).toBe(won);
    expect((await charges()).filter((c) => c.kind === 'seats' && c.status === 'succeeded')).toHaveLength(2);
  });

  it('refuses fewer seats than people, and seats outside the contract', async () => {
    const { timestamp: now } = await plan();
    const below = await call('PUT', `/v2/businesses/${id}/subscriptions/seats`, 'admin', {
      seats: 1,
      timestamp: now,
    });
    expect([below.statusCode, below.json().code]).toEqual([409, 'billing.seats_below_people']);
    for (const seats of [0, -3, 2.5, 'five']) {
      const bad = await call('PUT', `/v2/businesses/${id}/subscriptions/seats`, 'admin', {
        seats,
        timestamp: now,
      });
      expect([bad.statusCode, bad.json().code]).toEqual([400, 'request.validation_failed']);
    }
    expect((await plan()).timestamp).toBe(now);
  });

  it('locks the business when the renewal fails, and unlocks it once paid', async () => {
    const url = await setupUrl();
    expect(await enterCard(t.app, url, '4000 0000 0000 0341')).toMatchObject({ redirectStatus: 'succeeded' });
    clock.advance(300 * DAY); // past 2027-12-13, the end of the paid year
    expect(await t.app.jobs.billing()).toMatchObject({ renewed: 0, renewalsFailed: 1 });
    expect(await plan()).toMatchObject({
      payment_state: 'NEEDS_PAYMENT_METHOD',
      subscription_status: 'past_due',
      payment_issue: true,
    });
    expect((await charges()).at(-1)).toMatchObject({
      kind: 'renewal',
      status: 'failed',
      failure_code: 'card_declined',
    });
    // the business's own payload carries the plan, the billing details and the provider's state
    // (spec 3), the last two for its admins only
    const business = (await call('GET', `/v1/businesses/${id}`, 'admin')).json();
    expect(business.price_plan).toEqual(await plan());
    expect(business.billing).toMatchObject({ currency: 'CHF', payment_method: 'NEEDS_PAYMENT_METHOD' });
    expect(business.stripe).toEqual({
      customer_portal_url: `http://countersign.test/v2/businesses/${id}/stripe/cpsession`,
      subscription_error_code: 'card_declined',
      subscription_status: 'past_due',
    });
    const asMember = (await call('GET', `/v1/businesses/${id}`, 'member')).json();
    expect([asMember.price_plan.payment_state, asMember.billing, asMember.stripe]).toEqual([
      'NEEDS_PAYMENT_METHOD',
      null,
      null,
    ]);
    clock.advance(8 * DAY);
    expect(await t.app.jobs.billing()).toMatchObject({ locked: 1 });
    expect(await plan()).toMatchObject({ payment_state: 'BLOCKED', subscription_status: 'unpaid' });

    expect(await enterCard(t.app, await setupUrl(), '4242 4242 4242 4242')).toMatchObject({
      redirectStatus: 'succeeded',
    });
    const seats = (await plan()).seats;
    const paid = await call('PUT', `/v2/businesses/${id}/subscriptions/upgrade`, 'admin', {
      plan: 'pro',
      cycle: 'yearly',
      amount_seats: seats,
    });
    expect(paid.json()).toMatchObject({ status: 'succeeded' });
    expect(await plan()).toMatchObject({
      payment_state: 'STRIPE',
      subscription_status: 'active',
      payment_issue: false,
    });

    // the provider's events arrive afterwards and change nothing: each charge was applied once
    const before = await plan();
    await t.app.jobs.deliverPaymentWebhooks();
    await t.app.jobs.deliverPaymentWebhooks();
    expect(await plan()).toEqual(before);

    // every payment collected has its one invoice, numbered without gaps, newest first; the
    // renewal that failed has none
    const collected = (await charges()).filter((c) => c.status === 'succeeded' && c.payment_id);
    expect(collected.map((c) => c.kind)).toEqual(['upgrade', 'seats', 'seats', 'upgrade']);
    const listed = await invoices();
    expect(listed.map((i) => i.number)).toEqual([
      'INV-CH-000004',
      'INV-CH-000003',
      'INV-CH-000002',
      'INV-CH-000001',
    ]);
    expect(listed.map((i) => [i.payment_id, i.total_minor]).reverse()).toEqual(
      collected.map((c) => [c.payment_id, Number(c.amount_minor)]),
    );
    expect((await call('GET', `/v1/businesses/${id}/invoices`, 'member')).statusCode).toBe(403);
    expect((await call('GET', `/v1/businesses/${id}/invoices`, 'outsider')).statusCode).toBe(404);
  });

  it('cancels at the end of the period, revocably', async () => {
    const cancel = await call('PUT', `/v2/businesses/${id}/base`, 'admin', { type: 'CANCELED' });
    expect(cancel.json()).toMatchObject({
      next: { base: { type: 'CANCELED' } },
      current: { base: { type: 'pro' } },
    });
    expect((await call('PUT', `/v2/businesses/${id}/base`, 'member', { type: 'pro' })).statusCode).toBe(403);
    const revoke = await call('PUT', `/v2/businesses/${id}/base`, 'admin', { type: 'pro' });
    expect(revoke.json().next).toBeNull();
    await call('PUT', `/v2/businesses/${id}/base`, 'admin', { type: 'CANCELED' });
    clock.advance(366 * DAY);
    expect(await t.app.jobs.billing()).toMatchObject({ ended: 1 });
    expect(await plan()).toMatchObject({
      current: { base: { type: 'CANCELED' } },
      next: null,
      payment_state: 'BLOCKED',
      subscription_status: 'canceled',
    });
  });
});
