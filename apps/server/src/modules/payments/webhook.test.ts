// The payment webhook route on SQLite and PostgreSQL: only deliveries signed with the provider's
// secret, over the bytes sent and within five minutes, are applied, each event once; a refused one
// changes nothing. The sandbox's state and its undelivered events survive a restart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { deriveSandboxSecret, SANDBOX_WEBHOOK_PURPOSE } from '../../providers/payments/create-provider.js';
import type { PaymentEvent } from '../../providers/payments/provider.js';
import { signPayload } from '../../providers/payments/sandbox/signature.js';
import { createTestApp, createTestClock, testDatabases, type TestApp } from '../../test-support/test-app.js';

describe.each(testDatabases())('the payment webhook on %s', (kind) => {
  let t: TestApp;
  const clock = createTestClock();
  const applied: PaymentEvent[] = [];
  let secret = '';

  const event = (id: string) =>
    JSON.stringify({
      id,
      type: 'payment.succeeded',
      created: Math.floor(clock.now().getTime() / 1000),
      customer_id: 'cus_sandbox_x',
      object_id: `pi_${id}`,
      failure_code: null,
    });
  const post = (
    body: string,
    signature: string | undefined,
    provider = 'sandbox',
    type = 'application/json',
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/v1/payments/webhooks/${provider}`,
      headers: {
        'content-type': type,
        ...(signature !== undefined && { 'countersign-signature': signature }),
      },
      payload: body,
    });
  const recorded = async (id: string) =>
    (await t.db.kysely.selectFrom('payment_events').select('event_id').where('event_id', '=', id).execute())
      .length;

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, onPaymentEvent: async (e) => void applied.push(e) });
    secret = deriveSandboxSecret(t.config, SANDBOX_WEBHOOK_PURPOSE);
  });
  afterAll(async () => t?.close());

  it('applies a signed event once; the same event again answers 200 and changes nothing', async () => {
    const body = event('evt_once');
    const first = await post(body, signPayload(secret, body, clock.now()));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, applied: true });
    clock.advance(30_000);
    const replay = await post(body, signPayload(secret, body, clock.now()));
    expect(replay.json()).toEqual({ received: true, applied: false });
    expect(applied.filter((e) => e.id === 'evt_once')).toEqual([
      {
        id: 'evt_once',
        type: 'payment.succeeded',
        customerId: 'cus_sandbox_x',
        objectId: 'pi_evt_once',
        failureCode: null,
        provider: 'sandbox',
      },
    ]);
  });

  it('refuses a wrong, missing, altered or stale signature with payment.webhook_invalid and records nothing', async () => {
    const body = event('evt_forged');
    const cases = [
      signPayload('not the secret', body, clock.now()),
      undefined,
      signPayload(secret, event('evt_other'), clock.now()),
      signPayload(secret, body, new Date(clock.now().getTime() - 301_000)),
      't=abc,v1=00',
    ];
    for (const signature of cases) {
      const refused = await post(body, signature);
      expect(refused.statusCode, String(signature)).toBe(400);
      expect(refused.json().code).toBe('payment.webhook_invalid');
    }
    expect(await recorded('evt_forged')).toBe(0);
    expect(applied.some((e) => e.id === 'evt_forged')).toBe(false);
    // a signed body that is no event is refused too
    const junk = '{"hello":"world"}';
    expect((await post(junk, signPayload(secret, junk, clock.now()))).json().code).toBe(
      'payment.webhook_invalid',
    );
  });

  it('answers 404 for a provider this installation does not use, 415 for a body that is not JSON', async () => {
    const body = event('evt_elsewhere');
    const stripe = await post(body, signPayload(secret, body, clock.now()), 'stripe');
    expect(stripe.statusCode).toBe(404);
    expect(stripe.json().code).toBe('payment.provider_unavailable');
    expect((await post(body, signPayload(secret, body, clock.now()), 'paypal')).statusCode).toBe(400);
    expect(
      (await post(body, signPayload(secret, body, clock.now()), 'sandbox', 'text/plain')).statusCode,
    ).toBe(415);
    expect(await recorded('evt_elsewhere')).toBe(0);
  });

  it('keeps customers, cards and undelivered events across a restart', async () => {
    const provider = t.app.payments.provider!;
    const { customerId } = await provider.createCustomer({
      reference: 'r',
      email: 'r@example.org',
      name: 'R',
      country: 'DE',
    });
    const intent = await provider.createSetupIntent({
      customerId,
      country: 'DE',
      returnUrl: 'http://countersign.test/upgrade',
    });
    const url = new URL(intent.redirectUrl!);
    await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'number=4242424242424242&expiry=01%2F29&cvc=999',
    });
    const charged = await provider.charge({
      customerId,
      amountMinor: 500,
      currency: 'EUR',
      description: 'x',
      idempotencyKey: 'restart-1',
    });
    await t.app.close();

    t.app = await buildApp(t.config, { db: t.db, clock, onPaymentEvent: async (e) => void applied.push(e) });
    expect(await t.app.payments.provider!.getPaymentMethod(customerId)).toMatchObject({
      last4: '4242',
      expYear: 2029,
    });
    expect(await t.app.jobs.deliverPaymentWebhooks()).toEqual({ delivered: 1, refused: 0 });
    expect(applied.filter((e) => e.objectId === charged.paymentId).map((e) => e.type)).toEqual([
      'payment.succeeded',
    ]);
  });
});
