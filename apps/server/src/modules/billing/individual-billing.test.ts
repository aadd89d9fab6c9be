// An individual's own plan over HTTP, on SQLite and PostgreSQL, with the sandbox payment provider:
// the preview, a card that needs 3-D Secure on every charge (the plan starts once the card holder
// approves, told by the provider's webhook), cancelling at the period's end, and what people of a
// business cannot buy for themselves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonCaller } from '../../test-support/business.js';
import { businessWithMember, enterCard, postForm, replayPaymentEvents } from '../../test-support/billing.js';
import { signUp } from '../../test-support/accounts.js';
import { createTestApp, createTestClock, testDatabases, type TestApp } from '../../test-support/test-app.js';

describe.each(testDatabases())('an individual plan on %s', (kind) => {
  let t: TestApp;
  const clock = createTestClock(new Date('2026-11-22T10:00:00Z'));
  let ida: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
    ida = await signUp(t.app, 'ida@example.org', 'Ida');
  });
  afterAll(async () => {
    await t.close();
  });
  const call = (...args: Parameters<ReturnType<typeof jsonCaller>>) => jsonCaller(t.app)(...args);
  const mine = async () => (await call('GET', '/v2/user/price_plan', ida)).json();

  it('starts on the legacy free plan, which uploads, with this month’s usage', async () => {
    expect(await mine()).toMatchObject({
      price_plan: null,
      free_account_type: null,
      can_upload: true,
      usage: { period_start: '2026-11-01T00:00:00.000Z', signatures: { qes: { used: 0 } } },
    });
  });

  it('previews the individual plan in the platform’s currency, and refuses business plans', async () => {
    const preview = await call('POST', '/v2/businesses/direct_upgrade/preview', ida, {
      plan: 'individual',
      cycle: 'monthly',
    });
    // CHF 16.00 a month, VAT 8.1 % (1.30): 17.30
    expect(preview.json()).toMatchObject({
      currency: 'CHF',
      subtotal_minor: 1_600,
      tax_minor: 130,
      total_minor: 1_730,
    });
    const team = await call('POST', '/v2/businesses/direct_upgrade/preview', ida, {
      plan: 'team',
      cycle: 'monthly',
    });
    expect([team.statusCode, team.json().code]).toEqual([422, 'billing.plan_not_purchasable']);
    const noCard = await call('POST', '/v2/businesses/direct_upgrade/confirm', ida, {
      plan: 'individual',
      cycle: 'monthly',
    });
    expect([noCard.statusCode, noCard.json().code]).toEqual([409, 'billing.payment_method_required']);
  });

  it('buys it with a card that needs 3-D Secure: the plan starts once the card holder approves', async () => {
    const intent = await call('POST', '/v2/businesses/direct_upgrade/stripe_setup_intent', ida, {
      country: 'CH',
    });
    expect(await enterCard(t.app, intent.json().redirect_url, '4000 0027 6000 3184')).toMatchObject({
      redirectStatus: 'succeeded',
    });
    const body = { plan: 'individual', cycle: 'monthly' };
    const bought = await call('POST', '/v2/businesses/direct_upgrade/confirm', ida, body);
    expect(bought.statusCode).toBe(200);
    expect(bought.json()).toMatchObject({ status: 'requires_action', charged: { total_minor: 1_730 } });
    expect((await mine()).price_plan).toBeNull();
    const again = await call('POST', '/v2/businesses/direct_upgrade/confirm', ida, body);
    expect([again.statusCode, again.json().code]).toEqual([409, 'billing.payment_pending']);

    const approved = await postForm(t.app, bought.json().action_url, { decision: 'approve' });
    expect(approved.statusCode).toBe(200);
    await t.app.jobs.deliverPaymentWebhooks();
    expect((await mine()).price_plan).toMatchObject({
      name: 'INDIVIDUAL_MONTHLY',
      plan: 'individual',
      payment_state: 'STRIPE',
      current: { base: { start_at: '2026-11-22T10:00:00.000Z', end_at: '2026-12-22T10:00:00.000Z' } },
    });
    // the charge approved by the webhook has its invoice, equal to what was previewed and charged
    const invoices = async () => (await call('GET', '/v1/user/invoices', ida)).json().invoices;
    const paymentId = (await t.db.kysely.selectFrom('billing_charges').select('payment_id').execute())[0]!
      .payment_id!;
    expect(await invoices()).toEqual([
      expect.objectContaining({
        number: 'INV-CH-000001',
        currency: 'CHF',
        subtotal_minor: 1_600,
        tax_minor: 130,
        total_minor: 1_730,
        payment_id: paymentId,
      }),
    ]);
    // a replay of the same events changes nothing, nor does the same news under a new event id
    const before = await mine();
    await t.app.jobs.deliverPaymentWebhooks();
    expect(await replayPaymentEvents(t, clock, paymentId)).toEqual([200, 200]);
    expect(await mine()).toEqual(before);
    expect(await invoices()).toHaveLength(1);
  });

  it('cancels at the end of the period, revocably', async () => {
    const cancel = await call('PUT', '/v2/user/price_plan/base', ida, { type: 'CANCELED' });
    expect(cancel.json().next).toMatchObject({
      base: { type: 'CANCELED', start_at: '2026-12-22T10:00:00.000Z' },
    });
    expect(
      (await call('PUT', '/v2/user/price_plan/base', ida, { type: 'individual' })).json().next,
    ).toBeNull();
  });

  it('leaves people of a business to their business’s plan', async () => {
    const { member } = await businessWithMember(t.app, 'corp');
    const res = await call('POST', '/v2/businesses/direct_upgrade/preview', member, {
      plan: 'individual',
      cycle: 'yearly',
    });
    expect([res.statusCode, res.json().code]).toEqual([409, 'billing.member_of_business']);
    const nobody = await call('POST', '/v2/businesses/direct_upgrade/preview', undefined, {
      plan: 'individual',
      cycle: 'yearly',
    });
    expect(nobody.statusCode).toBe(401);
  });
});
