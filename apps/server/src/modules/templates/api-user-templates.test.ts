// Templates for API users, over HTTP on SQLite and PostgreSQL (ADR 100): an API user of a business
// lists, reads and uses the templates its business's people share, makes templates of its own (from
// scratch and from its own draft) that the business's people then see, and changes only those; an
// API user of another business gets 404 on every call naming one of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestWithFiles, signUp } from '../../test-support/accounts.js';
import { createApiUser, createBusiness, jsonCaller, type Method } from '../../test-support/business.js';
import { generatedPdf } from '../../test-support/pdfs.js';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';

const basic = (username: string, secret: string) =>
  `Basic ${Buffer.from(`${username}:${secret}`).toString('base64')}`;

describe.each(testDatabases())('templates for API users on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let member: string;
  let erp: string;
  let foreignErp: string;
  let sharedId: string;
  let ownId: string;
  const call = (...args: Parameters<ReturnType<typeof jsonCaller>>) => jsonCaller(t.app)(...args);
  const asApi = (credentials: string, method: Method, url: string, body?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: credentials },
      ...(body !== undefined && { payload: body as object }),
    });

  /** A draft of one signer with a signature box and a text field, made by whoever calls. */
  async function draftOf(authorization: string, title: string): Promise<string> {
    const created = await createRequestWithFiles(
      t.app,
      authorization.startsWith('Basic ') ? { authorization } : authorization,
      { title, signatures: [{ email: 'client@placeholder.example', name: 'Client' }] },
      [{ name: 'offer.pdf', bytes: await generatedPdf(1, title) }],
    );
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json();
    const fields = [
      {
        id: 'sig-client',
        kind: 'signature',
        documentId: body.documents[0].id,
        signerId: body.signatures[0].id,
        page: 1,
        x: 60,
        y: 100,
        width: 150,
        height: 70,
      },
      {
        id: 'Order_no',
        kind: 'text',
        label: 'Order',
        documentId: body.documents[0].id,
        signerId: body.signatures[0].id,
        page: 1,
        x: 300,
        y: 300,
        width: 150,
        height: 20,
      },
    ];
    const put = authorization.startsWith('Basic ')
      ? await asApi(authorization, 'PUT', `/v3/signature-requests/${body.id}/fields`, { fields })
      : await call('PUT', `/v3/signature-requests/${body.id}/fields`, authorization, { fields });
    expect(put.statusCode, put.body).toBe(200);
    return body.id as string;
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await signUp(t.app, 'admin@offers.example', 'Ada');
    member = await signUp(t.app, 'bob@offers.example', 'Bob');
    const other = await signUp(t.app, 'eve@other.example', 'Eve');
    const businessId = await createBusiness(t.app, admin, 'Offers Ltd');
    const otherId = await createBusiness(t.app, other, 'Other Ltd');
    await call('POST', `/v1/businesses/${businessId}/members`, admin, {
      users: [{ email: 'bob@offers.example' }],
    });
    expect((await call('POST', '/v1/user/accept', member, { business_invite: true })).statusCode).toBe(200);
    const mine = await createApiUser(t.app, admin, businessId, 'ERP');
    const theirs = await createApiUser(t.app, other, otherId, 'Their ERP');
    erp = basic(mine.username, mine.secret);
    foreignErp = basic(theirs.username, theirs.secret);
    const shared = await call('POST', '/v3/templates', admin, {
      name: 'Offer',
      from_request_id: await draftOf(admin, 'Offer'),
    });
    expect(shared.statusCode, shared.body).toBe(201);
    sharedId = shared.json().id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("lists and reads the business's templates, and may use but not change the people's", async () => {
    const listed = await asApi(erp, 'GET', '/v3/templates');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().items.map((i: { id: string }) => i.id)).toEqual([sharedId]);
    expect(listed.json().shared_with_business).toBe(true);
    const read = await asApi(erp, 'GET', `/v3/templates/${sharedId}`);
    expect(read.json()).toMatchObject({ name: 'Offer', shared: true, allowed_actions: ['view', 'use'] });
    for (const [method, body] of [
      ['PUT', { name: 'Renamed by the ERP' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await asApi(erp, method, `/v3/templates/${sharedId}`, body);
      expect([res.statusCode, res.json().code], method).toEqual([403, 'template.forbidden']);
    }
    expect((await call('GET', `/v3/templates/${sharedId}`, admin)).json().name).toBe('Offer');
  });

  it('makes a request of its own from a template, filled in and sent', async () => {
    const used = await asApi(erp, 'POST', `/v3/templates/${sharedId}/signature-requests`, {
      roles: [{ role_id: 'role-1', email: 'carl@client.example', name: 'Carl' }],
      field_values: [{ field_id: 'Order_no', value: 'A-17' }],
    });
    expect(used.statusCode, used.body).toBe(201);
    expect(used.json().status).toBe('open');
    const id = used.json().signature_request_id as string;
    const request = await asApi(erp, 'GET', `/v3/signature-requests/${id}`);
    expect(request.statusCode, request.body).toBe(200);
    expect(request.json()).toMatchObject({ title: 'Offer', status: 'open' });
    expect(request.json().signatures.map((s: { email: string }) => s.email)).toEqual(['carl@client.example']);
    expect(request.json().fields.find((f: { id: string }) => f.id === 'Order_no').value).toBe('A-17');
    // the API user's own request: the admin who made the template does not own it
    expect((await call('GET', `/v3/signature-requests/${id}`, admin)).statusCode).toBe(404);
    const events = (await asApi(erp, 'GET', `/v3/signature-requests/${id}/events`)).json();
    expect(JSON.stringify(events)).toContain('api_user');
  });

  it("makes templates of the business's, from scratch and from its own draft, and changes them", async () => {
    const scratch = await asApi(erp, 'POST', '/v3/templates', {
      name: 'Framework agreement',
      roles: [{ id: 'buyer', name: 'Buyer' }],
      defaults: { deadline_days: 10 },
    });
    expect(scratch.statusCode, scratch.body).toBe(201);
    expect(scratch.json()).toMatchObject({
      shared: true,
      owner_email: expect.stringMatching(/@api-users\.invalid$/),
      allowed_actions: ['view', 'use', 'update', 'delete'],
    });
    const fromDraft = await asApi(erp, 'POST', '/v3/templates', {
      name: 'ERP offer',
      from_request_id: await draftOf(erp, 'ERP offer'),
    });
    expect(fromDraft.statusCode, fromDraft.body).toBe(201);
    expect(fromDraft.json().fields.map((f: { id: string }) => f.id)).toEqual(['sig-client', 'Order_no']);
    ownId = fromDraft.json().id;

    const changed = await asApi(erp, 'PUT', `/v3/templates/${ownId}`, {
      name: 'ERP offer 2027',
      defaults: { message: 'Your offer' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'ERP offer 2027', defaults: { message: 'Your offer' } });
    // the business's people see it; a member uses it, only an admin may change it
    const memberView = (await call('GET', '/v3/templates', member)).json();
    expect(memberView.items.find((i: { id: string }) => i.id === ownId).allowed_actions).toEqual([
      'view',
      'use',
    ]);
    expect((await call('PUT', `/v3/templates/${ownId}`, member, { name: 'x' })).statusCode).toBe(403);
    expect((await asApi(erp, 'DELETE', `/v3/templates/${scratch.json().id}`)).statusCode).toBe(200);
  });

  it("answers another business's API user 404 on every call naming one of them", async () => {
    expect((await asApi(foreignErp, 'GET', '/v3/templates')).json().items).toEqual([]);
    for (const id of [sharedId, ownId]) {
      for (const [method, url, body] of [
        ['GET', `/v3/templates/${id}`, undefined],
        ['PUT', `/v3/templates/${id}`, { name: 'Ours now' }],
        ['DELETE', `/v3/templates/${id}`, undefined],
        [
          'POST',
          `/v3/templates/${id}/signature-requests`,
          { roles: [{ role_id: 'role-1', email: 'x@y.example' }] },
        ],
      ] as const) {
        const res = await asApi(foreignErp, method, url, body);
        expect([res.statusCode, res.json().code], `${method} ${url}`).toEqual([404, 'template.not_found']);
      }
    }
    // nor may it save another business's draft as a template
    const draft = await draftOf(admin, 'Private draft');
    const saved = await asApi(foreignErp, 'POST', '/v3/templates', {
      name: 'Stolen',
      from_request_id: draft,
    });
    expect([saved.statusCode, saved.json().code]).toEqual([404, 'signature_request.not_found']);
  });
});
