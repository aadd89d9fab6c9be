// Templates over HTTP on SQLite and PostgreSQL (ADR 080): an admin saves a prepared draft with two
// roles as a template of the business; a member makes a request from it for a signer group and a
// person, with a value filled in beforehand; changing the template afterwards leaves that request
// as it was sent; both signatures are valid in the signed PDF (pdfsig); another tenant's people get
// 404 and a member may use but not change it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestWithFiles, signUp } from '../../test-support/accounts.js';
import { createBusiness, jsonCaller } from '../../test-support/business.js';
import { generatedPdf } from '../../test-support/pdfs.js';
import { createNssDb, runPdfsig } from '../../test-support/pdfsig.js';
import { signAs } from '../../test-support/requests.js';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';

describe.each(testDatabases())('templates on %s', (kind) => {
  let t: TestApp;
  let nss: { dir: string; cleanup(): void };
  let admin: string;
  let member: string;
  let anna: string;
  let carl: string;
  let stranger: string;
  let groupId: string;
  let templateId: string;
  let draftId: string;
  const call = (...args: Parameters<ReturnType<typeof jsonCaller>>) => jsonCaller(t.app)(...args);

  beforeAll(async () => {
    t = await createTestApp(kind);
    nss = createNssDb((await t.app.inject({ method: 'GET', url: '/trust/ca/root.cer' })).rawPayload);
    admin = await signUp(t.app, 'admin@lease.example', 'Ada');
    member = await signUp(t.app, 'bob@lease.example', 'Bob');
    anna = await signUp(t.app, 'anna@lease.example', 'Anna');
    carl = await signUp(t.app, 'carl@tenant.example', 'Carl');
    stranger = await signUp(t.app, 'eve@other.example', 'Eve');
    const businessId = await createBusiness(t.app, admin, 'Lease Ltd');
    await createBusiness(t.app, stranger, 'Other Ltd');
    await call('POST', `/v1/businesses/${businessId}/members`, admin, {
      users: [{ email: 'bob@lease.example' }],
    });
    expect((await call('POST', '/v1/user/accept', member, { business_invite: true })).statusCode).toBe(200);
    groupId = (
      await call('POST', '/v3/groups', admin, {
        name: 'Landlords',
        members: ['anna@lease.example', 'zoe@lease.example'],
      })
    ).json().id;

    // the prepared draft: two signers (the roles to be), a signature box each and a text field
    const created = await createRequestWithFiles(
      t.app,
      admin,
      {
        title: 'Lease',
        message: 'Please sign the lease',
        signatures: [
          { email: 'landlord@placeholder.example', name: 'Landlord' },
          { email: 'tenant@placeholder.example', name: 'Tenant' },
        ],
      },
      [{ name: 'lease.pdf', bytes: await generatedPdf(1, 'Lease') }],
    );
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json();
    draftId = body.id;
    const doc = body.documents[0].id as string;
    const [landlord, tenant] = body.signatures.map((s: { id: string }) => s.id);
    const fields = [
      {
        id: 'sig-landlord',
        kind: 'signature',
        documentId: doc,
        signerId: landlord,
        page: 1,
        x: 60,
        y: 100,
        width: 150,
        height: 70,
      },
      {
        id: 'sig-tenant',
        kind: 'signature',
        documentId: doc,
        signerId: tenant,
        page: 1,
        x: 300,
        y: 100,
        width: 150,
        height: 70,
      },
      {
        id: 'Flat_no',
        kind: 'text',
        label: 'Flat',
        documentId: doc,
        signerId: tenant,
        page: 1,
        x: 300,
        y: 300,
        width: 150,
        height: 20,
      },
    ];
    expect(
      (await call('PUT', `/v3/signature-requests/${draftId}/fields`, admin, { fields })).statusCode,
    ).toBe(200);
  });
  afterAll(async () => {
    nss?.cleanup();
    await t?.close();
  });

  it('saves a draft as a template of the business: signers become roles, the bytes are shared', async () => {
    const res = await call('POST', '/v3/templates', admin, {
      name: 'Standard lease',
      from_request_id: draftId,
      defaults: { deadline_days: 14 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const template = res.json();
    templateId = template.id;
    expect(template).toMatchObject({
      name: 'Standard lease',
      shared: true,
      owner_email: 'admin@lease.example',
      roles: [
        { id: 'role-1', name: 'Landlord' },
        { id: 'role-2', name: 'Tenant' },
      ],
      defaults: { title: 'Lease', message: 'Please sign the lease', quality: 'ses', deadline_days: 14 },
    });
    expect(template.fields.map((f: { id: string; role_id: string }) => [f.id, f.role_id])).toEqual([
      ['sig-landlord', 'role-1'],
      ['sig-tenant', 'role-2'],
      ['Flat_no', 'role-2'],
    ]);
    const draft = (await call('GET', `/v3/signature-requests/${draftId}`, admin)).json();
    expect(template.documents[0].sha256).toBe(draft.documents[0].sha256);
    // the draft may go: the template still has its document
    expect((await call('DELETE', `/v3/signature-requests/${draftId}`, admin)).statusCode).toBe(200);
  });

  it('shares the template with the business, and with nobody else', async () => {
    const listed = (await call('GET', '/v3/templates', member)).json();
    expect(listed.items.map((i: { id: string }) => i.id)).toEqual([templateId]);
    expect(listed.items[0].allowed_actions).toEqual(['view', 'use']);
    expect((await call('GET', '/v3/templates', stranger)).json().items).toEqual([]);
    for (const [method, url, body] of [
      ['GET', `/v3/templates/${templateId}`, undefined],
      ['PUT', `/v3/templates/${templateId}`, { name: 'Mine now' }],
      ['DELETE', `/v3/templates/${templateId}`, undefined],
      [
        'POST',
        `/v3/templates/${templateId}/signature-requests`,
        { roles: [{ role_id: 'role-1', email: 'x@y.example' }] },
      ],
    ] as const) {
      const res = await call(method, url, stranger, body);
      expect([res.statusCode, res.json().code], `${method} ${url}`).toEqual([404, 'template.not_found']);
    }
    const change = await call('PUT', `/v3/templates/${templateId}`, member, { name: 'Bob’s lease' });
    expect([change.statusCode, change.json().code]).toEqual([403, 'template.forbidden']);
  });

  it('refuses a use that leaves a role empty, names a role twice, or fills a signature', async () => {
    const use = (body: object) =>
      call('POST', `/v3/templates/${templateId}/signature-requests`, member, body);
    const missing = await use({ roles: [{ role_id: 'role-1', email: 'a@b.example' }] });
    expect([missing.statusCode, missing.json().code]).toEqual([422, 'template.role_missing']);
    const unknown = await use({
      roles: [
        { role_id: 'role-1', email: 'a@b.example' },
        { role_id: 'role-9', email: 'c@b.example' },
      ],
    });
    expect(unknown.json().code).toBe('template.role_unknown');
    const signature = await use({
      roles: [
        { role_id: 'role-1', email: 'a@b.example' },
        { role_id: 'role-2', email: 'c@b.example' },
      ],
      field_values: [{ field_id: 'sig-tenant', value: 'x' }],
    });
    expect(signature.json().code).toBe('template.field_unknown');
  });

  it('sends a request with two roles to a signer group and a person; a later edit changes nothing sent', async () => {
    const used = await call('POST', `/v3/templates/${templateId}/signature-requests`, member, {
      roles: [
        { role_id: 'role-1', group_id: groupId },
        { role_id: 'role-2', email: 'carl@tenant.example', name: 'Carl Tenant' },
      ],
      field_values: [{ field_id: 'Flat_no', value: '4B' }],
    });
    expect(used.statusCode, used.body).toBe(201);
    expect(used.json().status).toBe('open');
    const id = used.json().signature_request_id as string;
    const before = (await call('GET', `/v3/signature-requests/${id}`, member)).json();
    expect(before).toMatchObject({ title: 'Lease', message: 'Please sign the lease', status: 'open' });
    expect(
      before.signatures.map((s: { email: string; group: { id: string } | null }) => s.group?.id ?? s.email),
    ).toEqual([groupId, 'carl@tenant.example']);
    // the deadline default: fourteen days from making it
    expect(Date.parse(before.expires_at) - Date.now()).toBeGreaterThan(13 * 86_400_000);

    // the admin changes the template: roles, message and fields
    const edited = await call('PUT', `/v3/templates/${templateId}`, admin, {
      name: 'Lease 2027',
      defaults: { message: 'New wording', title: 'Lease 2027' },
      roles: [{ id: 'only', name: 'Tenant' }],
      fields: [],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = (await call('GET', `/v3/signature-requests/${id}`, member)).json();
    expect(after.title).toBe('Lease');
    expect(after.message).toBe('Please sign the lease');
    expect(after.signatures).toHaveLength(2);
    expect(after.fields).toEqual(before.fields);
    expect(after.documents).toEqual(before.documents);

    // a member of the group and the person sign; the sender's value stands
    await signAs(t.app, anna, id);
    await signAs(t.app, carl, id);
    const done = (await call('GET', `/v3/signature-requests/${id}`, member)).json();
    expect(done.status).toBe('completed');
    expect(done.fields.find((f: { id: string }) => f.id === 'Flat_no').value).toBe('4B');
    const signed = await call('GET', `/v3/documents/${done.documents[0].id}/download?signed=true`, member);
    const judged = await runPdfsig(nss.dir, signed.rawPayload);
    // two signatures and the document time-stamp: both signatures valid and trusted
    expect(judged.signatures.length, judged.output).toBe(3);
    expect(
      judged.signatures.slice(0, 2).every((s) => s.valid && s.trusted && s.fieldName !== ''),
      judged.output,
    ).toBe(true);
  });
});
