// Webhook deliveries on SQLite and PostgreSQL, to a real HTTP server on this machine (so
// WEBHOOK_ALLOW_PRIVATE=1), each checked with the `standardwebhooks` package as a receiver would:
// a request's events reach the business's endpoint signed; during a rotation both secrets verify;
// a 500 is retried after its back-off with the same webhook-id; a redirect is a failure, not
// followed; two job runs at once send a delivery once; a redelivery repeats it; a delivery claimed
// by a server that died is sent once its lease runs out; identifications and retention deletions
// are told too; an endpoint failing for WEBHOOK_DISABLE_AFTER_DAYS is disabled and its admins
// mailed.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { TEST_PASSWORD, mailsTo, signUp } from '../../test-support/accounts.js';
import { jsonCaller } from '../../test-support/business.js';
import { decideSandboxIdentification } from '../../test-support/identification.js';
import { generatedPdf } from '../../test-support/pdfs.js';
import { signAs, sendRequest } from '../../test-support/requests.js';
import { createTestApp, createTestClock, testDatabases, type TestApp } from '../../test-support/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../test-support/webhook-receiver.js';
import { createDeliveryRepo } from './delivery-repo.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(testDatabases())('webhook deliveries on %s', (kind) => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let admin: string;
  let signer: string;
  let businessId: string;
  let pdf: Buffer;
  // the receiver's checks use the real time, so the app's clock starts now
  const clock = createTestClock(new Date());
  const call = (...args: Parameters<ReturnType<typeof jsonCaller>>) => jsonCaller(t.app)(...args);
  const hooks = () => `/v1/businesses/${businessId}/webhooks`;

  async function endpoint(events: string[], url = receiver.url) {
    const res = await call('POST', hooks(), admin, { url, events, description: 'ERP' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { endpoint: { id: string }; secret: string };
  }
  const withdraw = async (token = admin) => {
    const { id } = await sendRequest(t.app, token, pdf, ['signer@hooks.example']);
    const res = await call('POST', `/v3/signature-requests/${id}/withdraw`, token, { message: '' });
    expect(res.statusCode, res.body).toBe(200);
    return id;
  };
  const deliveries = async (endpointId: string, token = admin) =>
    (await call('GET', `${hooks()}/${endpointId}/deliveries`, token)).json().deliveries;
  const bodies = () =>
    receiver.received.map((r) => JSON.parse(r.body) as { type: string; timestamp: string; data: unknown });

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
    receiver = await startWebhookReceiver();
    admin = await signUp(t.app, 'admin@hooks.example', 'Ada');
    signer = await signUp(t.app, 'signer@hooks.example', 'Sid');
    const created = await call('POST', '/v2/businesses', admin, {
      name: 'Hooks AG',
      accept_gtc: true,
      accept_dpa: true,
    });
    businessId = created.json().id;
    pdf = await generatedPdf(1, 'Webhooks');
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });
  beforeEach(async () => {
    // each test starts with no endpoint and nothing received
    for (const e of (await call('GET', hooks(), admin)).json().endpoints) {
      await call('DELETE', `${hooks()}/${e.id}`, admin);
    }
    receiver.reset();
  });

  it('sends a request’s events to the business’s endpoint, each signed as Standard Webhooks says', async () => {
    const { secret } = await endpoint([
      'signature_request.sent',
      'signature_request.viewed',
      'signature_request.signed',
      'signature_request.completed',
    ]);
    const { id } = await sendRequest(t.app, admin, pdf, ['signer@hooks.example']);
    expect((await call('GET', `/v3/signature-requests/${id}`, signer)).statusCode).toBe(200);
    await signAs(t.app, signer, id);
    expect(await t.app.jobs.deliverWebhooks()).toEqual({ delivered: 4, failed: 0, disabled: 0 });

    const receiverOf = new Webhook(secret);
    for (const r of receiver.received) {
      expect(() => receiverOf.verify(r.body, r.headers)).not.toThrow();
      expect(r.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    }
    expect(bodies().map((b) => b.type)).toEqual([
      'signature_request.sent',
      'signature_request.viewed',
      'signature_request.signed',
      'signature_request.completed',
    ]);
    expect(bodies()[2]!.data).toEqual({
      signature_request_id: id,
      signer: { email: 'signer@hooks.example', name: 'Sid Tester' },
    });
    // a body that was changed on the way is refused by the receiver
    const [first] = receiver.received;
    expect(() => receiverOf.verify(first!.body.replace('sent', 'sant'), first!.headers)).toThrow();
    // nothing more is due
    expect(await t.app.jobs.deliverWebhooks()).toEqual({ delivered: 0, failed: 0, disabled: 0 });
  });

  it('signs with the old and the new secret while a rotation lasts, then with the new one only', async () => {
    const { endpoint: made, secret: old } = await endpoint(['signature_request.withdrawn']);
    const rotated = await call('POST', `${hooks()}/${made.id}/rotate-secret`, admin, {
      keep_previous_hours: 1,
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const fresh = rotated.json().secret as string;
    expect(fresh).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(fresh).not.toBe(old);
    await withdraw();
    await t.app.jobs.deliverWebhooks();
    const [during] = receiver.received;
    expect(during!.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(() => new Webhook(old).verify(during!.body, during!.headers)).not.toThrow();
    expect(() => new Webhook(fresh).verify(during!.body, during!.headers)).not.toThrow();

    clock.advance(60 * 60 * 1000 + 1);
    try {
      await withdraw();
      await t.app.jobs.deliverWebhooks();
    } finally {
      clock.advance(-(60 * 60 * 1000 + 1));
    }
    const after = receiver.received[1]!;
    expect(after.headers['webhook-signature']!.split(' ')).toHaveLength(1);
    // (the timestamp is an hour ahead of the real time, so only the signature itself is checked)
    const signature = new Webhook(fresh).sign(
      after.headers['webhook-id']!,
      new Date(Number(after.headers['webhook-timestamp']) * 1000),
      after.body,
    );
    expect(after.headers['webhook-signature']).toBe(signature);
  });

  it('retries after a 500 with the same webhook-id once the back-off has passed, then logs the 200', async () => {
    const { endpoint: made, secret } = await endpoint(['signature_request.withdrawn']);
    receiver.answerWith(500);
    await withdraw();
    expect(await t.app.jobs.deliverWebhooks()).toEqual({ delivered: 0, failed: 1, disabled: 0 });
    const [failed] = await deliveries(made.id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, last_response_status: 500 });
    expect(Date.parse(failed.next_attempt_at) - clock.now().getTime()).toBe(30_000);
    // not before its time
    expect(await t.app.jobs.deliverWebhooks()).toEqual({ delivered: 0, failed: 0, disabled: 0 });
    clock.advance(30_000);
    expect(await t.app.jobs.deliverWebhooks()).toEqual({ delivered: 1, failed: 0, disabled: 0 });
    const [first, second] = receiver.received;
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(second!.body).toBe(first!.body);
    expect(() => new Webhook(secret).verify(second!.body, second!.headers)).not.toThrow();
    const [done] = await deliveries(made.id);
    expect(done).toMatchObject({
      status: 'delivered',
      attempts: 2,
      last_response_status: 200,
      next_attempt_at: null,
    });
    expect((await call('GET', `${hooks()}/${made.id}`, admin)).json().failing_since).toBeNull();
  });

  it('counts a redirect as a failed attempt and does not follow it', async () => {
    const { endpoint: made } = await endpoint(['signature_request.withdrawn']);
    receiver.answerWith(307);
    await withdraw();
    expect(await t.app.jobs.deliverWebhooks()).toEqual({ delivered: 0, failed: 1, disabled: 0 });
    expect(receiver.received).toHaveLength(1);
    const [delivery] = await deliveries(made.id);
    expect(delivery).toMatchObject({
      status: 'pending',
      last_response_status: 307,
      last_error: 'answered HTTP 307',
    });
  });

  it('sends a delivery once when two servers run the job at the same moment', async () => {
    await endpoint(['signature_request.withdrawn']);
    await withdraw();
    const reports = await Promise.all([t.app.jobs.deliverWebhooks(), t.app.jobs.deliverWebhooks()]);
    expect(reports.map((r) => r.delivered).sort()).toEqual([0, 1]);
    expect(receiver.received).toHaveLength(1);
  });

  it('redelivers a delivered event on request, with the same webhook-id', async () => {
    const { endpoint: made } = await endpoint(['signature_request.withdrawn']);
    await withdraw();
    await t.app.jobs.deliverWebhooks();
    const [delivered] = await deliveries(made.id);
    const again = await call('POST', `${hooks()}/${made.id}/deliveries/${delivered.id}/redeliver`, admin);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ status: 'pending', message_id: delivered.message_id });
    await t.app.jobs.deliverWebhooks();
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([
      delivered.message_id,
      delivered.message_id,
    ]);
    const unknown = await call('POST', `${hooks()}/${made.id}/deliveries/nope/redeliver`, admin);
    expect(unknown.json().code).toBe('webhook.delivery_not_found');
  });

  it('sends what a server that died had claimed once its lease has run out, and only then', async () => {
    const { endpoint: made } = await endpoint(['signature_request.withdrawn']);
    await withdraw();
    // another server claims it and dies before sending
    const repo = createDeliveryRepo(t.db.kysely);
    const now = clock.now();
    const leaseUntil = new Date(now.getTime() + 60_000).toISOString();
    expect(await repo.claimDue(now.toISOString(), 'dead-server', leaseUntil, 10)).toHaveLength(1);
    expect(await t.app.jobs.deliverWebhooks()).toEqual({ delivered: 0, failed: 0, disabled: 0 });
    expect(receiver.received).toHaveLength(0);
    clock.advance(60_000);
    expect(await t.app.jobs.deliverWebhooks()).toEqual({ delivered: 1, failed: 0, disabled: 0 });
    // the dead server's late answer changes nothing
    const late = {
      at: clock.now().toISOString(),
      responseStatus: 500,
      error: null,
      delivered: false,
      nextAttemptAt: null,
    };
    expect(await repo.finish((await deliveries(made.id))[0].id, 'dead-server', late)).toBe(false);
    expect((await deliveries(made.id))[0].status).toBe('delivered');
  });

  it('tells a person’s own endpoint and their business’s that their identification ended', async () => {
    await endpoint(['identification.finished']);
    const own = await call('POST', '/v1/user/webhooks', admin, {
      url: receiver.url,
      events: ['identification.finished'],
    });
    const started = await call('POST', '/v1/user/identification/srs/robo', admin, {});
    expect(started.statusCode, started.body).toBe(201);
    const done = await decideSandboxIdentification(t.app, started.json().url as string, {
      givenName: 'Ada',
      surname: 'Identified',
      mobile: '+41 79 777 77 77',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(await t.app.jobs.deliverWebhooks()).toMatchObject({ delivered: 2 });
    expect(bodies().map((b) => b.data)).toEqual([
      expect.objectContaining({ outcome: 'success', method: 'robo' }),
      expect.objectContaining({ outcome: 'success', method: 'robo' }),
    ]);
    // one message to two endpoints: the same webhook-id
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    await call('DELETE', `/v1/user/webhooks/${own.json().endpoint.id}`, admin);
  });

  it('tells of a request the business’s retention rule deleted, in the deletion’s transaction', async () => {
    await endpoint(['signature_request.withdrawn', 'signature_request.deleted']);
    const settings = await call('PUT', `/v1/businesses/${businessId}/settings`, admin, {
      signature_requests: { retention: { enabled: true, terminal_state: 'withdrawn' } },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const id = await withdraw();
    const later = 31 * DAY_MS;
    clock.advance(later);
    try {
      expect((await t.app.jobs.businessHousekeeping()).deletedRequests).toBeGreaterThanOrEqual(1);
      await t.app.jobs.deliverWebhooks();
    } finally {
      clock.advance(-later);
      await call('PUT', `/v1/businesses/${businessId}/settings`, admin, {
        signature_requests: { retention: { enabled: false } },
      });
    }
    const aboutIt = bodies().filter(
      (b) => (b.data as { signature_request_id: string }).signature_request_id === id,
    );
    expect(aboutIt).toEqual([
      {
        type: 'signature_request.withdrawn',
        timestamp: expect.any(String),
        data: { signature_request_id: id },
      },
      {
        type: 'signature_request.deleted',
        timestamp: expect.any(String),
        data: { signature_request_id: id, reason: 'retention' },
      },
    ]);
  });

  it('disables an endpoint failing for WEBHOOK_DISABLE_AFTER_DAYS and mails the admins', async () => {
    const { endpoint: made } = await endpoint(['signature_request.withdrawn']);
    receiver.answerWith(...Array<number>(100).fill(503));
    const start = clock.now().getTime();
    try {
      await withdraw();
      let report = await t.app.jobs.deliverWebhooks();
      while (report.disabled === 0 && clock.now().getTime() - start < 6 * DAY_MS) {
        clock.advance(6 * 60 * 60 * 1000);
        report = await t.app.jobs.deliverWebhooks();
      }
      const elapsed = clock.now().getTime() - start;
      expect(elapsed).toBeGreaterThanOrEqual(5 * DAY_MS);
      expect(elapsed).toBeLessThan(5 * DAY_MS + 6 * 60 * 60 * 1000);
      // sessions last a day: the admin signs in again days later
      const login = await call('POST', '/v1/login', undefined, {
        email: 'admin@hooks.example',
        password: TEST_PASSWORD,
      });
      const later = login.json().token as string;
      const after = (await call('GET', `${hooks()}/${made.id}`, later)).json();
      expect(after).toMatchObject({ enabled: false, disabled_reason: 'failing' });
      expect((await deliveries(made.id, later))[0].status).toBe('failed');
      const mail = (await mailsTo(t.app, 'admin@hooks.example')).find((m) => m.subject.includes('webhook'));
      expect(mail?.text).toContain(receiver.url);
      expect(mail?.text).toContain('5 days');
      // nothing more is sent to it, and redelivering waits for it to be enabled
      receiver.received.length = 0;
      await withdraw(later);
      expect(await t.app.jobs.deliverWebhooks()).toEqual({ delivered: 0, failed: 0, disabled: 0 });
      const refused = await call(
        'POST',
        `${hooks()}/${made.id}/deliveries/${(await deliveries(made.id, later))[0].id}/redeliver`,
        later,
      );
      expect(refused.json().code).toBe('webhook.disabled');
      const enabled = await call('PUT', `${hooks()}/${made.id}`, later, { enabled: true });
      expect(enabled.json()).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null });
    } finally {
      clock.advance(start - clock.now().getTime());
      receiver.reset();
    }
  });
});
