// API users on SQLite and PostgreSQL: an admin creates, describes, resets and deletes them; the
// secret is shown once and works as HTTP Basic only until it is reset or the API user deleted;
// members and other businesses are refused; calls past the per-minute limit get 429 with
// Retry-After; an API user cannot make a person's calls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@countersign/contract';
import { signUp } from '../../test-support/accounts.js';
import { jsonCaller } from '../../test-support/business.js';
import { createTestApp, createTestClock, testDatabases, type TestApp } from '../../test-support/test-app.js';

const basic = (username: string, secret: string) =>
  `Basic ${Buffer.from(`${username}:${secret}`).toString('base64')}`;

describe.each(testDatabases())('API users on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let member: string;
  let businessId: string;
  let foreignAdmin: string;
  const call = (...args: Parameters<ReturnType<typeof jsonCaller>>) => jsonCaller(t.app)(...args);
  const asApi = (username: string, secret: string, method: 'GET' | 'POST', url: string, body?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: basic(username, secret) },
      ...(body && { payload: body }),
    });

  async function business(token: string, name: string): Promise<string> {
    const res = await call('POST', '/v2/businesses', token, { name, accept_gtc: true, accept_dpa: true });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  }

  beforeAll(async () => {
    // a clock of its own: the calls of the rate-limit test fall in one minute's window
    t = await createTestApp(kind, { clock: createTestClock(), env: { API_USER_CALLS_PER_MINUTE: '5' } });
    admin = await signUp(t.app, 'admin@apis.example', 'Ada');
    businessId = await business(admin, 'Apis AG');
    member = await signUp(t.app, 'member@apis.example', 'Mo');
    await call('POST', `/v1/businesses/${businessId}/members`, admin, {
      users: [{ email: 'member@apis.example' }],
    });
    expect((await call('POST', '/v1/user/accept', member, { business_invite: true })).statusCode).toBe(200);
    foreignAdmin = await signUp(t.app, 'admin@other.example', 'Oz');
    await business(foreignAdmin, 'Other GmbH');
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates, lists, describes, resets and deletes an API user; the secret is shown once', async () => {
    const created = await call('POST', `/v1/businesses/${businessId}/apis`, admin, { description: 'ERP' });
    expect(created.statusCode, created.body).toBe(201);
    const { api_user: apiUser, secret } = created.json();
    expect(apiUser.username).toMatch(/^api_[0-9a-f]{20}$/);
    expect(apiUser.description).toBe('ERP');
    expect(secret.length).toBeGreaterThanOrEqual(40);

    const listed = await call('GET', `/v1/businesses/${businessId}/apis`, admin);
    expect(listed.json().api_users).toEqual([apiUser]);
    expect(listed.body).not.toContain(secret);

    // the secret works as Basic on a call an API user may make
    expect((await asApi(apiUser.username, secret, 'GET', '/v3/signature-requests-redesign')).statusCode).toBe(
      200,
    );

    const renamed = await call('PUT', `/v1/businesses/${businessId}/apis/${apiUser.username}`, admin, {
      description: 'ERP invoices',
    });
    expect(renamed.json().description).toBe('ERP invoices');

    const reset = await call('PUT', `/v1/businesses/${businessId}/apis/${apiUser.username}/reset`, admin);
    expect(reset.statusCode, reset.body).toBe(200);
    const fresh = reset.json().secret;
    expect(fresh).not.toBe(secret);
    const old = await asApi(apiUser.username, secret, 'GET', '/v3/signature-requests-redesign');
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe('auth.invalid_api_credentials');
    expect((await asApi(apiUser.username, fresh, 'GET', '/v3/signature-requests-redesign')).statusCode).toBe(
      200,
    );

    const removed = await call('DELETE', `/v1/businesses/${businessId}/apis/${apiUser.username}`, admin);
    expect(removed.statusCode).toBe(200);
    expect((await asApi(apiUser.username, fresh, 'GET', '/v3/signature-requests-redesign')).statusCode).toBe(
      401,
    );
    expect((await call('GET', `/v1/businesses/${businessId}/apis`, admin)).json().api_users).toEqual([]);
    const again = await call('DELETE', `/v1/businesses/${businessId}/apis/${apiUser.username}`, admin);
    expect(again.json().code).toBe('api_user.not_found');
  });

  it('refuses members (403), other businesses (404) and API users (403) on the admin calls', async () => {
    const { api_user: apiUser, secret } = (
      await call('POST', `/v1/businesses/${businessId}/apis`, admin, { description: 'x' })
    ).json();
    const byMember = await call('POST', `/v1/businesses/${businessId}/apis`, member, {});
    expect([byMember.statusCode, byMember.json().code]).toEqual([403, 'business.forbidden']);
    const byForeign = await call('GET', `/v1/businesses/${businessId}/apis`, foreignAdmin);
    expect([byForeign.statusCode, byForeign.json().code]).toEqual([404, 'business.not_found']);
    const foreignReset = await call(
      'PUT',
      `/v1/businesses/${businessId}/apis/${apiUser.username}/reset`,
      foreignAdmin,
    );
    expect(foreignReset.statusCode).toBe(404);
    const byApi = await asApi(apiUser.username, secret, 'GET', `/v1/businesses/${businessId}/apis`);
    expect([byApi.statusCode, byApi.json().code]).toEqual([403, 'api_user.forbidden']);
    // a person's own calls are not an API user's either
    const user = await asApi(apiUser.username, secret, 'GET', '/v1/user');
    expect(user.json().code).toBe('api_user.forbidden');
    const unknown = await asApi('api_00000000000000000000', secret, 'GET', '/v3/signature-requests-redesign');
    expect(unknown.json().code).toBe('auth.invalid_api_credentials');
  });

  it('answers 429 with Retry-After past the per-minute limit of one API user', async () => {
    const { api_user: apiUser, secret } = (
      await call('POST', `/v1/businesses/${businessId}/apis`, admin, { description: 'busy' })
    ).json();
    const other = (
      await call('POST', `/v1/businesses/${businessId}/apis`, admin, { description: 'calm' })
    ).json();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await asApi(apiUser.username, secret, 'GET', '/v3/signature-requests-redesign')).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await asApi(apiUser.username, secret, 'GET', '/v3/signature-requests-redesign');
    expect(limited.json().code).toBe('rate_limit.exceeded');
    // the test clock stands at the start of a minute: the whole minute is left
    expect(limited.headers['retry-after']).toBe('60');
    // another API user of the same business counts on its own
    const calm = await asApi(other.api_user.username, other.secret, 'GET', '/v3/signature-requests-redesign');
    expect(calm.statusCode).toBe(200);
  });
});

// What an API user may call is the contract's `auth: 'business'` (ADR 052): exactly these calls.
const API_USER_CALLS = [
  'createSignatureRequest',
  'getSignatureRequest',
  'getSignatureRequestStatus',
  'updateSignatureRequest',
  'initiateSignatureRequest',
  'setFields',
  'duplicateSignatureRequest',
  'deleteSignatureRequest',
  'withdrawSignatureRequest',
  'remindSigners',
  'addSigner',
  'removeSigner',
  'getSignerStatus',
  'addObserver',
  'removeObserver',
  'getEvents',
  'getLockStatus',
  'sign',
  'listSignatureRequests',
  'getDocument',
  'deleteDocument',
  'addDocuments',
  'removeRequestDocument',
  'addAttachments',
  'getAttachment',
  'getAttachmentContent',
  'deleteAttachment',
  'downloadDocument',
  'getPageImage',
  'downloadZip',
  'getSignatureReport',
  'listAccountActivities',
  'listSignatureActivities',
  'listIdentificationActivities',
  'exportActivities',
  'getBusinessStatistics',
  'createEmbeddedSigning',
  'mcpMessage',
  'mcpStream',
  'listTemplates',
  'createTemplate',
  'getTemplate',
  'updateTemplate',
  'deleteTemplate',
  'useTemplate',
  'getTemplatePageImage',
  'addTemplateDocuments',
  'replaceTemplateDocument',
  'removeTemplateDocument',
];

describe('the calls open to API users', () => {
  it('are exactly the request, document, sealing, activity and template calls the ADRs list', () => {
    const open = Object.entries(endpoints)
      .filter(([, e]) => e.auth === 'business')
      .map(([name]) => name);
    expect(open.sort()).toEqual([...API_USER_CALLS].sort());
  });
});

describe.each(testDatabases())('an API user on every other call, on %s', (kind) => {
  let t: TestApp;
  let credentials: string;
  // only the calls this server serves (a call of the contract may still await its routes)
  const served = new Set<string>();
  beforeAll(async () => {
    t = await createTestApp(kind, { onRoute: (route) => served.add(`${String(route.method)} ${route.url}`) });
    const admin = await signUp(t.app, 'admin@table.example', 'Ada');
    const call = jsonCaller(t.app);
    const id = (
      await call('POST', '/v2/businesses', admin, { name: 'T', accept_gtc: true, accept_dpa: true })
    ).json().id;
    const created = (await call('POST', `/v1/businesses/${id}/apis`, admin, {})).json();
    credentials = basic(created.api_user.username, created.secret);
  });
  afterAll(async () => {
    await t.close();
  });

  it('is refused with 403 api_user.forbidden on each call that takes a session', async () => {
    const refused: string[] = [];
    const others = Object.entries(endpoints).filter(
      ([, e]) =>
        (e.auth === 'session' || e.auth === 'optional') &&
        served.has(`${e.method} ${e.path.replace(/\{([a-zA-Z_]+)\}/g, ':$1')}`),
    );
    expect(others.length).toBeGreaterThan(50);
    for (const [name, e] of others) {
      const url = e.path.replace(/\{[a-zA-Z_]+\}/g, 'x1');
      const res = await t.app.inject({ method: e.method, url, headers: { authorization: credentials } });
      if (res.statusCode === 403 && res.json().code === 'api_user.forbidden') refused.push(name);
    }
    expect(refused).toEqual(others.map(([name]) => name));
  });
});
