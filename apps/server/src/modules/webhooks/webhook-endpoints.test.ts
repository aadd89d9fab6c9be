// Webhook endpoints on SQLite and PostgreSQL: who may manage them (a business's admins, a person
// their own; members get 403, another tenant 404), what is refused on the way in, and the address
// rule: without WEBHOOK_ALLOW_PRIVATE a receiver on this machine is never called, whether its URL
// names the address or a host that resolves to it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test-support/accounts.js';
import { jsonCaller } from '../../test-support/business.js';
import { generatedPdf } from '../../test-support/pdfs.js';
import { sendRequest } from '../../test-support/requests.js';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../test-support/webhook-receiver.js';
import { isPublicAddress } from './addresses.js';

describe('the addresses a webhook may be sent to', () => {
  it('refuses loopback, private, link-local and unique-local addresses, IPv4 inside IPv6 too', () => {
    const refused = [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd12:3456::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '2002:c0a8:101::1',
      'ff02::1',
    ];
    for (const address of refused) expect(isPublicAddress(address), address).toBe(false);
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isPublicAddress(address), address).toBe(true);
  });
});

describe.each(testDatabases())('webhook endpoints on %s', (kind) => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let admin: string;
  let member: string;
  let stranger: string;
  let businessId: string;
  let foreignBusinessId: string;
  const call = (...args: Parameters<ReturnType<typeof jsonCaller>>) => jsonCaller(t.app)(...args);
  const business = async (token: string, name: string) =>
    (await call('POST', '/v2/businesses', token, { name, accept_gtc: true, accept_dpa: true })).json()
      .id as string;

  beforeAll(async () => {
    // no WEBHOOK_ALLOW_PRIVATE: the receiver on this machine must never be called
    t = await createTestApp(kind);
    receiver = await startWebhookReceiver();
    admin = await signUp(t.app, 'admin@endpoints.example', 'Ada');
    businessId = await business(admin, 'Endpoints AG');
    member = await signUp(t.app, 'member@endpoints.example', 'Mo');
    await call('POST', `/v1/businesses/${businessId}/members`, admin, {
      users: [{ email: 'member@endpoints.example' }],
    });
    expect((await call('POST', '/v1/user/accept', member, { business_invite: true })).statusCode).toBe(200);
    stranger = await signUp(t.app, 'admin@elsewhere.example', 'Oz');
    foreignBusinessId = await business(stranger, 'Elsewhere GmbH');
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  it('lets admins manage the business’s endpoints; members get 403, another business 404', async () => {
    const hooks = `/v1/businesses/${businessId}/webhooks`;
    const created = await call('POST', hooks, admin, {
      url: 'https://hooks.example/countersign',
      events: ['signature_request.completed', 'signature_request.completed', 'signature_request.sent'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const { endpoint, secret } = created.json();
    expect(secret).toMatch(/^whsec_/);
    expect(endpoint).toMatchObject({
      enabled: true,
      events: ['signature_request.completed', 'signature_request.sent'],
    });
    const listed = await call('GET', hooks, admin);
    expect(listed.json().endpoints).toEqual([endpoint]);
    // the secret is shown once, never again
    expect(listed.body).not.toContain(secret);
    expect((await call('GET', `${hooks}/${endpoint.id}`, admin)).body).not.toContain(secret);

    for (const [method, path] of [
      ['GET', hooks],
      ['POST', hooks],
      ['GET', `${hooks}/${endpoint.id}`],
      ['DELETE', `${hooks}/${endpoint.id}`],
      ['POST', `${hooks}/${endpoint.id}/rotate-secret`],
    ] as const) {
      const body =
        method === 'POST' && path === hooks
          ? { url: 'https://x.example', events: ['identification.finished'] }
          : {};
      const byMember = await call(method, path, member, body);
      expect([byMember.statusCode, byMember.json().code], `${method} ${path}`).toEqual([
        403,
        'business.forbidden',
      ]);
      const byStranger = await call(method, path, stranger, body);
      expect([byStranger.statusCode, byStranger.json().code], `${method} ${path}`).toEqual([
        404,
        'business.not_found',
      ]);
    }
    // another business's admin reaching A's endpoint through their own business: not found
    const viaOwn = await call('GET', `/v1/businesses/${foreignBusinessId}/webhooks/${endpoint.id}`, stranger);
    expect([viaOwn.statusCode, viaOwn.json().code]).toEqual([404, 'webhook.not_found']);
    // nor through their personal endpoints
    const viaPersonal = await call('PUT', `/v1/user/webhooks/${endpoint.id}`, stranger, { enabled: false });
    expect([viaPersonal.statusCode, viaPersonal.json().code]).toEqual([404, 'webhook.not_found']);
    expect((await call('GET', `${hooks}/${endpoint.id}`, admin)).json().enabled).toBe(true);

    const changed = await call('PUT', `${hooks}/${endpoint.id}`, admin, {
      enabled: false,
      description: 'paused',
    });
    expect(changed.json()).toMatchObject({ enabled: false, description: 'paused', disabled_reason: null });
    expect((await call('DELETE', `${hooks}/${endpoint.id}`, admin)).json()).toEqual({ ok: true });
    expect((await call('GET', `${hooks}/${endpoint.id}`, admin)).json().code).toBe('webhook.not_found');
  });

  it('keeps a person’s own endpoints to them, apart from their business’s', async () => {
    const mine = await call('POST', '/v1/user/webhooks', member, {
      url: 'https://member.example/hook',
      events: ['identification.finished'],
    });
    expect(mine.statusCode, mine.body).toBe(201);
    const id = mine.json().endpoint.id;
    expect(
      (await call('GET', '/v1/user/webhooks', member)).json().endpoints.map((e: { id: string }) => e.id),
    ).toEqual([id]);
    expect((await call('GET', '/v1/user/webhooks', admin)).json().endpoints).toEqual([]);
    expect((await call('GET', `/v1/businesses/${businessId}/webhooks`, admin)).json().endpoints).toEqual([]);
    const byOther = await call('GET', `/v1/user/webhooks/${id}/deliveries`, admin);
    expect([byOther.statusCode, byOther.json().code]).toEqual([404, 'webhook.not_found']);
    expect((await call('GET', '/v1/user/webhooks', undefined)).statusCode).toBe(401);
  });

  it('refuses URLs that are not http(s) or carry credentials, and unknown events', async () => {
    for (const body of [
      { url: 'ftp://hooks.example/x', events: ['signature_request.sent'] },
      { url: 'https://user:pw@hooks.example/x', events: ['signature_request.sent'] },
      { url: 'https://hooks.example/x', events: ['signature_request.exploded'] },
      { url: 'https://hooks.example/x', events: [] },
    ]) {
      const res = await call('POST', '/v1/user/webhooks', admin, body);
      expect([res.statusCode, res.json().code], JSON.stringify(body)).toEqual([
        400,
        'request.validation_failed',
      ]);
    }
  });

  it('never calls a receiver on this machine without WEBHOOK_ALLOW_PRIVATE, by address or by name', async () => {
    const pdf = await generatedPdf(1, 'Refused');
    const local = receiver.url;
    const byName = local.replace('127.0.0.1', 'localhost');
    const ids: string[] = [];
    for (const url of [local, byName]) {
      const res = await call('POST', '/v1/user/webhooks', stranger, {
        url,
        events: ['signature_request.sent'],
      });
      ids.push(res.json().endpoint.id);
    }
    await sendRequest(t.app, stranger, pdf, ['someone@elsewhere.example']);
    expect(await t.app.jobs.deliverWebhooks()).toEqual({ delivered: 0, failed: 2, disabled: 0 });
    expect(receiver.received).toEqual([]);
    for (const id of ids) {
      const [delivery] = (await call('GET', `/v1/user/webhooks/${id}/deliveries`, stranger)).json()
        .deliveries;
      expect(delivery).toMatchObject({ status: 'pending', attempts: 1, last_response_status: null });
      expect(delivery.last_error).toMatch(/is not a public address \(WEBHOOK_ALLOW_PRIVATE=1 allows it\)/);
    }
  });
});
