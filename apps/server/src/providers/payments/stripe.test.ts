// The Stripe adapter through the official SDK against a local server answering Stripe's calls:
// what it sends (amounts in minor units, off-session confirmation, the idempotency key), a card
// that succeeds, one declined, one needing 3-D Secure, the portal, and webhooks checked by
// `constructEvent`; then the webhook route of an installation configured for Stripe, on both databases.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock, createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';
import { startLocalStripe, type LocalStripe } from '../../test-support/stripe-api.js';
import type { PaymentEvent, PaymentProvider } from './provider.js';
import { createStripeProvider } from './stripe.js';

const webhookSecret = 'whsec_local_test';
const clock = createTestClock();
let local: LocalStripe;
let stripe: PaymentProvider;

const stripeEvent = (id: string, type: string, object: Record<string, unknown>) =>
  JSON.stringify({ id, object: 'event', type, api_version: '2025-01-01', created: 1, data: { object } });
const sign = (payload: string, at = clock.now()) =>
  Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: webhookSecret,
    timestamp: Math.floor(at.getTime() / 1000),
  });

beforeAll(async () => {
  local = await startLocalStripe();
  stripe = createStripeProvider({ secretKey: local.secretKey, webhookSecret, apiBase: local.url, clock });
});
afterAll(async () => local?.close());

describe('the Stripe adapter', () => {
  const customer = () =>
    stripe.createCustomer({ reference: 'business-1', email: 'a@example.org', name: 'Acme', country: 'CH' });

  it('creates a customer and a setup intent for Stripe.js, and reads the card saved last or chosen', async () => {
    const { customerId } = await customer();
    expect(local.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/customers',
      params: {
        email: 'a@example.org',
        name: 'Acme',
        'address[country]': 'CH',
        'metadata[reference]': 'business-1',
      },
    });
    const intent = await stripe.createSetupIntent({
      customerId,
      country: 'CH',
      returnUrl: 'https://sign.example.org/upgrade',
    });
    expect(intent).toMatchObject({ redirectUrl: null });
    expect(intent.clientSecret).toMatch(/^seti_.+_secret_/);
    expect(local.calls.at(-1)?.params).toMatchObject({ customer: customerId, usage: 'off_session' });

    expect(await stripe.getPaymentMethod(customerId)).toBeNull();
    local.saveCard(customerId, 'pm_card_chargeDeclined');
    local.saveCard(customerId, 'pm_card_visa');
    expect(await stripe.getPaymentMethod(customerId)).toEqual({
      id: 'pm_card_visa',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
    });
    local.saveCard(customerId, 'pm_card_authenticationRequired', true);
    expect((await stripe.getPaymentMethod(customerId))?.last4).toBe('3184');
  });

  it('charges off-session with the idempotency key, and says the same for the same key', async () => {
    const { customerId } = await customer();
    local.saveCard(customerId, 'pm_card_visa');
    const input = {
      customerId,
      amountMinor: 4_990,
      currency: 'CHF' as const,
      description: 'Pro, monthly',
      idempotencyKey: 'renewal-7',
    };
    const charged = await stripe.charge(input);
    expect(charged).toMatchObject({ status: 'succeeded', actionUrl: null, failureCode: null });
    expect(local.calls.at(-1)).toMatchObject({
      path: '/v1/payment_intents',
      idempotencyKey: 'renewal-7',
      params: {
        amount: '4990',
        currency: 'chf',
        customer: customerId,
        payment_method: 'pm_card_visa',
        off_session: 'true',
        confirm: 'true',
      },
    });
    expect(await stripe.charge(input)).toEqual(charged);
    await expect(stripe.charge({ ...input, amountMinor: 5_000 })).rejects.toMatchObject({
      code: 'payment.idempotency_conflict',
    });
    await expect(stripe.charge({ ...input, amountMinor: 10, idempotencyKey: 'small' })).rejects.toMatchObject(
      {
        code: 'payment.amount_too_small',
      },
    );
  });

  it('reports a declined card as failed with its decline code', async () => {
    const { customerId } = await customer();
    local.saveCard(customerId, 'pm_card_chargeDeclined');
    const charged = await stripe.charge({
      customerId,
      amountMinor: 900,
      currency: 'EUR',
      description: 'x',
      idempotencyKey: 'd-1',
    });
    expect(charged).toMatchObject({ status: 'failed', failureCode: 'generic_decline', actionUrl: null });
    expect(charged.paymentId).toMatch(/^pi_/);
  });

  it('reports a charge that needs 3-D Secure as requires_action, with the redirect Stripe offers', async () => {
    const { customerId } = await customer();
    local.saveCard(customerId, 'pm_card_authenticationRequired');
    const offSession = await stripe.charge({
      customerId,
      amountMinor: 900,
      currency: 'EUR',
      description: 'x',
      idempotencyKey: 'a-1',
    });
    expect(offSession).toMatchObject({ status: 'requires_action', actionUrl: null, failureCode: null });
    local.saveCard(customerId, 'pm_card_threeDSecureRedirect', true);
    const redirect = await stripe.charge({
      customerId,
      amountMinor: 900,
      currency: 'EUR',
      description: 'x',
      idempotencyKey: 'a-2',
    });
    expect(redirect.status).toBe('requires_action');
    expect(redirect.actionUrl).toMatch(/^https:\/\/hooks\.stripe\.test\/3ds\/pi_/);
  });

  it('opens the billing portal, and says which customer is unknown or that Stripe refused', async () => {
    const { customerId } = await customer();
    const { redirectUrl } = await stripe.createPortalSession({
      customerId,
      returnUrl: 'https://sign.example.org/business/billing/plan',
    });
    expect(redirectUrl).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    await expect(
      stripe.createPortalSession({ customerId: 'cus_nobody', returnUrl: 'https://x.example' }),
    ).rejects.toMatchObject({
      code: 'payment.customer_not_found',
    });
    const wrongKey = createStripeProvider({
      secretKey: 'sk_test_wrong',
      webhookSecret,
      apiBase: local.url,
      clock,
    });
    const refused = await wrongKey
      .createPortalSession({ customerId, returnUrl: 'https://x.example' })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'payment.provider_failed' });
    expect(String((refused as Error).message)).not.toContain('sk_test_wrong');
  });

  it('reads signed events with constructEvent and refuses a bad or stale signature', () => {
    const payload = stripeEvent('evt_1', 'payment_intent.payment_failed', {
      id: 'pi_1',
      object: 'payment_intent',
      customer: 'cus_1',
      last_payment_error: { code: 'card_declined', decline_code: 'insufficient_funds' },
    });
    expect(stripe.parseWebhook(Buffer.from(payload), { 'stripe-signature': sign(payload) })).toEqual({
      id: 'evt_1',
      type: 'payment.failed',
      customerId: 'cus_1',
      objectId: 'pi_1',
      failureCode: 'insufficient_funds',
    } satisfies PaymentEvent);
    const setup = stripeEvent('evt_2', 'setup_intent.succeeded', {
      id: 'seti_1',
      object: 'setup_intent',
      customer: 'cus_1',
    });
    expect(stripe.parseWebhook(Buffer.from(setup), { 'stripe-signature': sign(setup) })).toMatchObject({
      type: 'setup_intent.succeeded',
      objectId: 'seti_1',
    });
    const other = stripeEvent('evt_3', 'customer.updated', { id: 'cus_1', object: 'customer' });
    expect(stripe.parseWebhook(Buffer.from(other), { 'stripe-signature': sign(other) })).toBeNull();

    for (const header of [undefined, sign(setup), sign(payload, new Date(clock.now().getTime() - 600_000))])
      expect(() => stripe.parseWebhook(Buffer.from(payload), { 'stripe-signature': header })).toThrow(
        expect.objectContaining({ code: 'payment.webhook_invalid' }),
      );
  });
});

describe.each(testDatabases())('the Stripe webhook route on %s', (kind) => {
  let t: TestApp;
  const applied: PaymentEvent[] = [];
  beforeAll(async () => {
    t = await createTestApp(kind, {
      clock,
      env: {
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: local.secretKey,
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        STRIPE_API_BASE: local.url,
      },
      onPaymentEvent: async (e) => void applied.push(e),
    });
  });
  afterAll(async () => t?.close());

  const post = (payload: string, signature: string, provider = 'stripe') =>
    t.app.inject({
      method: 'POST',
      url: `/v1/payments/webhooks/${provider}`,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      payload,
    });

  it('applies a signed Stripe event once, acknowledges kinds billing does not act on, refuses forgeries', async () => {
    const payload = stripeEvent('evt_route', 'payment_intent.succeeded', {
      id: 'pi_9',
      object: 'payment_intent',
      customer: 'cus_9',
    });
    expect((await post(payload, sign(payload))).json()).toEqual({ received: true, applied: true });
    expect((await post(payload, sign(payload))).json()).toEqual({ received: true, applied: false });
    expect(applied).toEqual([
      {
        id: 'evt_route',
        type: 'payment.succeeded',
        customerId: 'cus_9',
        objectId: 'pi_9',
        failureCode: null,
        provider: 'stripe',
      },
    ]);

    const other = stripeEvent('evt_other', 'charge.refunded', { id: 'ch_1', object: 'charge' });
    expect((await post(other, sign(other))).json()).toEqual({ received: true, applied: false });

    const forged = stripeEvent('evt_forged', 'payment_intent.succeeded', {
      id: 'pi_f',
      object: 'payment_intent',
      customer: 'cus_9',
    });
    const refused = await post(forged, sign(payload));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('payment.webhook_invalid');
    expect(await t.db.kysely.selectFrom('payment_events').select('event_id').execute()).toEqual([
      { event_id: 'evt_route' },
    ]);
    // the sandbox is not this installation's provider, and its pages are not served
    expect((await post(payload, sign(payload), 'sandbox')).statusCode).toBe(404);
    expect(t.app.payments.sandbox).toBeUndefined();
  });
});
