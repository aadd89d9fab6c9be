// The sandbox payment provider over HTTP on SQLite and PostgreSQL: cards saved on its card page
// (succeeding, declined, with a 3-D Secure step approved or failed), off-session charges (one
// needing the card holder again, one declined), idempotent charges, the customer portal, and
// every outcome reported to our webhook route, signed and applied once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentEvent } from '../../providers/payments/provider.js';
import { createTestApp, createTestClock, testDatabases, type TestApp } from '../../test-support/test-app.js';

describe.each(testDatabases())('sandbox payments on %s', (kind) => {
  let t: TestApp;
  const clock = createTestClock();
  const applied: PaymentEvent[] = [];
  let refuseNext = 0;

  const provider = () => t.app.payments.provider!;
  const local = (url: string) => {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  };
  const form = (url: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: local(url),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  const card = (number: string) => ({ number, expiry: '12/30', cvc: '123' });
  const newCustomer = async (name: string) =>
    (
      await provider().createCustomer({
        reference: `business-${name}`,
        email: `${name}@example.org`,
        name,
        country: 'CH',
      })
    ).customerId;
  const setup = (customerId: string) =>
    provider().createSetupIntent({
      customerId,
      country: 'CH',
      returnUrl: 'http://countersign.test/business/billing/plan',
    });
  const eventsOf = (objectId: string) => applied.filter((e) => e.objectId === objectId).map((e) => e.type);

  beforeAll(async () => {
    t = await createTestApp(kind, {
      clock,
      onPaymentEvent: async (event) => {
        if (refuseNext > 0) {
          refuseNext -= 1;
          throw new Error('billing is down');
        }
        applied.push(event);
      },
    });
  });
  afterAll(async () => t?.close());

  it('saves a card entered on the card page and reports it by webhook', async () => {
    const customerId = await newCustomer('ada');
    const intent = await setup(customerId);
    expect(intent.redirectUrl).toMatch(/\/sandbox\/payments\/setup\//);
    const page = await t.app.inject({ url: local(intent.redirectUrl!) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('name="number"');

    const saved = await form(intent.redirectUrl!, card('4242 4242 4242 4242'));
    expect(saved.statusCode).toBe(303);
    const back = new URL(saved.headers.location as string);
    expect(back.pathname).toBe('/business/billing/plan');
    expect(back.searchParams.get('setup_intent')).toBe(intent.setupIntentId);
    expect(back.searchParams.get('redirect_status')).toBe('succeeded');
    expect(await provider().getPaymentMethod(customerId)).toMatchObject({
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
    });
    expect(eventsOf(intent.setupIntentId)).toEqual(['setup_intent.succeeded']);

    // the page is spent; a wrong secret finds nothing
    expect((await form(intent.redirectUrl!, card('4242424242424242'))).statusCode).toBe(410);
    const wrong = intent.redirectUrl!.replace(/token=[^&]+/, 'token=nope');
    expect((await t.app.inject({ url: local(wrong) })).statusCode).toBe(410);
  });

  it('declines 4000 0000 0000 0002, and the same intent takes another card after', async () => {
    const customerId = await newCustomer('bea');
    const intent = await setup(customerId);
    const declined = await form(intent.redirectUrl!, card('4000000000000002'));
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('declined');
    expect(await provider().getPaymentMethod(customerId)).toBeNull();
    expect(applied.find((e) => e.objectId === intent.setupIntentId)).toMatchObject({
      type: 'setup_intent.failed',
      failureCode: 'card_declined',
    });
    // a number that is not one is the form's fault: no event
    expect((await form(intent.redirectUrl!, card('4242 4242 4242 4241'))).statusCode).toBe(402);
    expect(eventsOf(intent.setupIntentId)).toEqual(['setup_intent.failed']);

    expect((await form(intent.redirectUrl!, card('5555555555554444'))).statusCode).toBe(303);
    expect(await provider().getPaymentMethod(customerId)).toMatchObject({
      brand: 'mastercard',
      last4: '4444',
    });
  });

  it('asks for 3-D Secure for 4000 0025 0000 3155: failed saves nothing, approved saves it for off-session charges', async () => {
    const customerId = await newCustomer('cleo');
    const first = await setup(customerId);
    const challenged = await form(first.redirectUrl!, card('4000 0025 0000 3155'));
    expect(challenged.statusCode).toBe(303);
    const challenge = challenged.headers.location as string;
    expect(challenge).toMatch(/\/authenticate\?/);
    expect((await t.app.inject({ url: local(challenge) })).body).toContain('Complete authentication');
    const failed = await form(challenge, { decision: 'fail' });
    expect(new URL(failed.headers.location as string).searchParams.get('redirect_status')).toBe('failed');
    expect(await provider().getPaymentMethod(customerId)).toBeNull();
    expect(applied.find((e) => e.objectId === first.setupIntentId)?.failureCode).toBe(
      'authentication_failed',
    );

    const second = await setup(customerId);
    const again = await form(second.redirectUrl!, card('4000002500003155'));
    const approved = await form(again.headers.location as string, { decision: 'approve' });
    expect(new URL(approved.headers.location as string).searchParams.get('redirect_status')).toBe(
      'succeeded',
    );
    expect(await provider().getPaymentMethod(customerId)).toMatchObject({ last4: '3155' });
    // saved with 3-D Secure, later off-session charges need no second step
    const charged = await provider().charge({
      customerId,
      amountMinor: 12_000,
      currency: 'EUR',
      description: 'Pro, yearly',
      idempotencyKey: `cleo-1`,
    });
    expect(charged).toMatchObject({ status: 'succeeded', actionUrl: null, failureCode: null });
    expect(await t.app.jobs.deliverPaymentWebhooks()).toEqual({ delivered: 1, refused: 0 });
    expect(eventsOf(charged.paymentId)).toEqual(['payment.succeeded']);
  });

  it('needs the card holder for every charge of 4000 0027 6000 3184, idempotent by key', async () => {
    const customerId = await newCustomer('dora');
    const intent = await setup(customerId);
    const challenged = await form(intent.redirectUrl!, card('4000002760003184'));
    await form(challenged.headers.location as string, { decision: 'approve' });
    const input = {
      customerId,
      amountMinor: 2_500,
      currency: 'CHF' as const,
      description: '5 seats',
      idempotencyKey: 'dora-1',
    };
    const charged = await provider().charge(input);
    expect(charged.status).toBe('requires_action');
    expect(charged.actionUrl).toMatch(/\/sandbox\/payments\/payments\/.+\/authenticate\?token=/);
    // asked again with the same key: the same payment and the same link, no second charge
    expect(await provider().charge(input)).toEqual(charged);
    await expect(provider().charge({ ...input, amountMinor: 2_600 })).rejects.toMatchObject({
      code: 'payment.idempotency_conflict',
    });
    expect(await t.app.jobs.deliverPaymentWebhooks()).toEqual({ delivered: 0, refused: 0 });

    const page = await t.app.inject({ url: local(charged.actionUrl!) });
    expect(page.body).toContain('25.00 CHF');
    const done = await form(charged.actionUrl!, { decision: 'approve' });
    expect(done.body).toContain('Payment confirmed');
    expect(eventsOf(charged.paymentId)).toEqual(['payment.succeeded']);
    expect(await provider().charge(input)).toMatchObject({ status: 'succeeded', actionUrl: null });
    expect((await form(charged.actionUrl!, { decision: 'fail' })).statusCode).toBe(410);
  });

  it('saves 4000 0000 0000 0341 but declines its charges; a charge below 0.50 is refused', async () => {
    const customerId = await newCustomer('eva');
    const intent = await setup(customerId);
    expect((await form(intent.redirectUrl!, card('4000000000000341'))).statusCode).toBe(303);
    const charged = await provider().charge({
      customerId,
      amountMinor: 4_900,
      currency: 'EUR',
      description: 'Renewal',
      idempotencyKey: 'eva-renewal-1',
    });
    expect(charged).toMatchObject({ status: 'failed', failureCode: 'card_declined' });
    await t.app.jobs.deliverPaymentWebhooks();
    expect(applied.find((e) => e.objectId === charged.paymentId)).toMatchObject({
      type: 'payment.failed',
      customerId,
      failureCode: 'card_declined',
    });
    await expect(
      provider().charge({
        customerId,
        amountMinor: 49,
        currency: 'EUR',
        description: 'x',
        idempotencyKey: 'eva-2',
      }),
    ).rejects.toMatchObject({ code: 'payment.amount_too_small' });
  });

  it('retries a webhook the endpoint refused, with backoff on the app clock, until it is taken', async () => {
    const customerId = await newCustomer('fay');
    const intent = await setup(customerId);
    await form(intent.redirectUrl!, card('4242424242424242'));
    refuseNext = 2;
    const charged = await provider().charge({
      customerId,
      amountMinor: 1_000,
      currency: 'EUR',
      description: 'Seat',
      idempotencyKey: 'fay-1',
    });
    expect(await t.app.jobs.deliverPaymentWebhooks()).toEqual({ delivered: 0, refused: 1 });
    // not due again before its pause (a minute after the first refusal) is over
    clock.advance(59_000);
    expect(await t.app.jobs.deliverPaymentWebhooks()).toEqual({ delivered: 0, refused: 0 });
    clock.advance(2_000);
    expect(await t.app.jobs.deliverPaymentWebhooks()).toEqual({ delivered: 0, refused: 1 });
    clock.advance(60_000);
    expect(await t.app.jobs.deliverPaymentWebhooks()).toEqual({ delivered: 0, refused: 0 });
    clock.advance(5 * 60_000);
    expect(await t.app.jobs.deliverPaymentWebhooks()).toEqual({ delivered: 1, refused: 0 });
    expect(eventsOf(charged.paymentId)).toEqual(['payment.succeeded']);
    expect(await t.app.jobs.deliverPaymentWebhooks()).toEqual({ delivered: 0, refused: 0 });
  });

  it('opens the customer portal: the card, the payments, and a new card', async () => {
    const customerId = await newCustomer('gia');
    const intent = await setup(customerId);
    await form(intent.redirectUrl!, card('4242424242424242'));
    await provider().charge({
      customerId,
      amountMinor: 9_900,
      currency: 'CHF',
      description: 'Team, monthly',
      idempotencyKey: 'gia-1',
    });
    const { redirectUrl } = await provider().createPortalSession({
      customerId,
      returnUrl: 'http://countersign.test/business/billing/plan',
    });
    const portal = await t.app.inject({ url: local(redirectUrl) });
    expect(portal.statusCode).toBe(200);
    expect(portal.body).toContain('visa ending in 4242');
    expect(portal.body).toContain('Team, monthly');
    expect(portal.body).toContain('99.00 CHF');

    const change = await t.app.inject({ method: 'POST', url: local(redirectUrl).replace('?', '/card?') });
    expect(change.statusCode).toBe(303);
    const cardPage = change.headers.location as string;
    const saved = await form(cardPage, card('5555 5555 5555 4444'));
    expect(local(saved.headers.location as string)).toContain('/sandbox/payments/portal/');
    expect(await provider().getPaymentMethod(customerId)).toMatchObject({ last4: '4444' });

    // a portal link ends after an hour
    clock.advance(61 * 60_000);
    expect((await t.app.inject({ url: local(redirectUrl) })).statusCode).toBe(410);
  });

  it('answers only this machine on its pages (ADR 038)', async () => {
    const intent = await setup(await newCustomer('hal'));
    const away = await t.app.inject({ url: local(intent.redirectUrl!), remoteAddress: '203.0.113.9' });
    expect(away.statusCode).toBe(403);
    expect(away.json().code).toBe('sandbox.forbidden');
  });
});
