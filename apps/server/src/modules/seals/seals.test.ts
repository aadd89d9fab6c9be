// Seals on SQLite and PostgreSQL, end to end: an admin creates a seal (its certificate names the
// business) and an API user; the API user sends a request with a document and seals it with HTTP
// Basic; pdfsig (with -no-ocsp, now and a week later) and our validator find the seal valid and
// naming the business, with its visual; the audit log names the API user. A member or API user not
// assigned to the seal is refused (403) until an admin assigns them; an API user of another
// business gets 404.
// A qualified seal is a credential of the remote-signing provider (the CSC sandbox), certified by
// its qualified CA; sealed with it, a qualified request's document passes pdfsig, naming the business.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { signUp } from '../../test-support/accounts.js';
import {
  createApiUser,
  createBusiness,
  jsonCaller,
  verifyOrganisation,
} from '../../test-support/business.js';
import { CONSENT } from '../../test-support/consent.js';
import { generatedPdf, multipart } from '../../test-support/pdfs.js';
import { createNssDb, runPdfsig } from '../../test-support/pdfsig.js';
import { sendRequest } from '../../test-support/requests.js';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';

type Auth = { bearer: string } | { basic: { username: string; secret: string } };
const header = (auth: Auth) =>
  'bearer' in auth
    ? `Bearer ${auth.bearer}`
    : `Basic ${Buffer.from(`${auth.basic.username}:${auth.basic.secret}`).toString('base64')}`;

describe.each(testDatabases())('seals on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let member: { token: string; id: string };
  let businessId: string;
  let api: { username: string; secret: string; signerEmail: string };
  let foreignApi: { username: string; secret: string };
  const call = (...args: Parameters<ReturnType<typeof jsonCaller>>) => jsonCaller(t.app)(...args);
  const as = (auth: Auth, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: header(auth) }, ...(payload && { payload }) });

  const business = (token: string, name: string) => createBusiness(t.app, token, name);
  const apiUserOf = (token: string, id: string) => createApiUser(t.app, token, id, 'invoices');
  /** A draft request of the API user (with Basic auth) for its own signature slot, one document. */
  async function requestOfApiUser(payload: { title: string; quality?: string }, pdf: Buffer) {
    const body = multipart(
      { payload: JSON.stringify({ ...payload, signatures: [{ email: api.signerEmail }] }) },
      [{ field: 'documents', name: 'document.pdf', bytes: pdf }],
    );
    const created = await t.app.inject({
      method: 'POST',
      url: '/v3/signature-requests',
      payload: body.payload,
      headers: { ...body.headers, authorization: header({ basic: api }) },
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json();
  }
  const sealWith = (auth: Auth, requestId: string, seal: string) =>
    as(auth, 'POST', '/v3/sign', {
      consent: CONSENT,
      signature_requests: [{ signature_request_id: requestId }],
      seal_account_name: seal,
    });

  beforeAll(async () => {
    t = await createTestApp(kind, { csc: true });
    admin = await signUp(t.app, 'admin@acme.example', 'Ada');
    businessId = await business(admin, 'Acme Invoicing AG');
    // a seal names the business only once the operator verified it (ADR 062)
    await verifyOrganisation(t, businessId, admin, 'CHE-109.322.551');
    const memberToken = await signUp(t.app, 'member@acme.example', 'Mo');
    await call('POST', `/v1/businesses/${businessId}/members`, admin, {
      users: [{ email: 'member@acme.example' }],
    });
    const accepted = await call('POST', '/v1/user/accept', memberToken, { business_invite: true });
    member = { token: memberToken, id: accepted.json().id };
    api = await apiUserOf(admin, businessId);
    const foreignAdmin = await signUp(t.app, 'admin@rival.example', 'Rita');
    foreignApi = await apiUserOf(foreignAdmin, await business(foreignAdmin, 'Rival GmbH'));
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets an admin create, list, relabel and illustrate a seal whose certificate names the business', async () => {
    const created = await call('POST', `/v1/businesses/${businessId}/seals`, admin, {
      name: 'Invoices',
      label: 'Acme Invoices',
    });
    expect(created.statusCode, created.body).toBe(201);
    const seal = created.json();
    expect(seal).toMatchObject({
      name: 'invoices',
      label: 'Acme Invoices',
      quality: 'aes',
      n_members: 0,
      n_api: 0,
    });
    expect(seal.certificate.subject).toContain('O=Acme Invoicing AG');
    expect(seal.certificate.subject).toContain('organizationIdentifier=CHE-109.322.551');
    expect(seal.certificate.subject).toContain('CN=Acme Invoices');
    expect(seal.certificate.issuer).toContain('Seal CA');

    const twice = await call('POST', `/v1/businesses/${businessId}/seals`, admin, {
      name: 'invoices',
      label: 'x',
    });
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'seal.name_taken']);

    const relabelled = await call('PUT', `/v1/businesses/${businessId}/seals/invoices`, admin, {
      label: 'Acme Invoicing',
    });
    expect(relabelled.json().label).toBe('Acme Invoicing');

    const png = await sharp({ create: { width: 200, height: 90, channels: 3, background: '#114488' } })
      .png()
      .toBuffer();
    const body = multipart({}, [{ field: 'image', name: 'seal.png', bytes: png, type: 'image/png' }]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/v1/businesses/${businessId}/seals/invoices/image`,
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${admin}` },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json().has_image).toBe(true);
    const image = await call('GET', `/v1/businesses/${businessId}/seals/invoices/image`, admin);
    expect(image.headers['content-type']).toBe('image/png');
    expect((await sharp(image.rawPayload).metadata()).width).toBe(200);

    const listed = await call('GET', `/v1/businesses/${businessId}/seals`, admin);
    expect(listed.json().seals.map((s: { name: string }) => s.name)).toEqual(['invoices']);
    // a member lists only the seals they are listed on (none yet) and manages none; other
    // businesses do not see them
    const byMember = await call('GET', `/v1/businesses/${businessId}/seals`, member.token);
    expect(byMember.json().seals).toEqual([]);
    const oneByMember = await call('GET', `/v1/businesses/${businessId}/seals/invoices`, member.token);
    expect(oneByMember.json().code).toBe('business.forbidden');
    const byApi = await as({ basic: foreignApi }, 'GET', `/v1/businesses/${businessId}/seals/invoices`);
    expect(byApi.json().code).toBe('api_user.forbidden');
  });

  it('has an API user send a request and seal it with Basic auth; pdfsig and our validator accept the seal', async () => {
    const auth = { basic: api };
    const request = await requestOfApiUser(
      { title: 'Invoice 42' },
      await generatedPdf(1, 'Invoice 2026-0042'),
    );
    const fields = [
      {
        id: 'seal-1',
        documentId: request.documents[0].id,
        signerId: request.signatures[0].id,
        kind: 'signature',
        page: 1,
        x: 72,
        y: 500,
        width: 200,
        height: 90,
      },
    ];
    expect(
      (await as(auth, 'PUT', `/v3/signature-requests/${request.id}/fields`, { fields })).statusCode,
    ).toBe(200);
    expect((await as(auth, 'POST', `/v3/signature-requests/${request.id}/initiate`)).statusCode).toBe(200);

    // an API user never signs as a person, and a foreign API user does not see the request at all
    const personal = await as(auth, 'POST', '/v3/sign', {
      consent: CONSENT,
      signature_requests: [{ signature_request_id: request.id }],
    });
    expect([personal.statusCode, personal.json().code]).toEqual([403, 'api_user.forbidden']);
    const foreign = await sealWith({ basic: foreignApi }, request.id, 'invoices');
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'signature_request.not_found']);
    const unknownSeal = await sealWith(auth, request.id, 'payroll');
    expect([unknownSeal.statusCode, unknownSeal.json().code]).toEqual([404, 'seal.not_found']);
    // an API user applies only the seals an admin assigned to it, by its user name
    const unassigned = await sealWith(auth, request.id, 'invoices');
    expect([unassigned.statusCode, unassigned.json().code]).toEqual([403, 'seal.forbidden']);
    const assigned = await call('POST', `/v1/businesses/${businessId}/seals/invoices/members`, admin, {
      members: [api.username],
    });
    expect(assigned.json()).toMatchObject({ n_api: 1, n_members: 0 });

    const sealed = await sealWith(auth, request.id, 'invoices');
    expect(sealed.statusCode, sealed.body).toBe(200);
    expect(sealed.json().results[0]).toMatchObject({ ok: true, request_status: 'completed' });

    const download = await as(auth, 'GET', `/v3/documents/${request.documents[0].id}/download?signed=true`);
    expect(download.statusCode).toBe(200);
    const nss = createNssDb((await t.app.inject({ method: 'GET', url: '/trust/ca/root.cer' })).rawPayload);
    try {
      const verdict = await runPdfsig(nss.dir, download.rawPayload);
      expect(verdict.signatures[0], verdict.output).toMatchObject({ valid: true, trusted: true });
      expect(verdict.output).toContain('Acme Invoicing AG');
    } finally {
      nss.cleanup();
    }

    const report = await as(auth, 'GET', `/v3/signature-requests/${request.id}/report?type=json`);
    expect(report.statusCode, report.body).toBe(200);
    const signatures = report.json().documents[0].signatures;
    expect(signatures[0].indication).toBe('TOTAL_PASSED');
    const events = (await as(auth, 'GET', `/v3/signature-requests/${request.id}/events`)).json();
    const signed = (events.events ?? events).find((e: { type: string }) => e.type === 'signed');
    expect(signed.actor).toMatchObject({ kind: 'api_user', id: api.username });
    expect(signed.data.seal).toMatchObject({ name: 'invoices', quality: 'aes' });

    // the request is the business's like any of its people's: its page shows the business, and
    // the admins' activity report, its CSV and the dashboard count the seal
    expect((await as(auth, 'GET', `/v3/signature-requests/${request.id}`)).json().business).toMatchObject({
      name: 'Acme Invoicing AG',
    });
    const today = new Date().toISOString().slice(0, 10);
    const activity = await call(
      'GET',
      `/v2/businesses/${businessId}/activities/signatures?start_date=${today}&end_date=${today}`,
      admin,
    );
    expect(activity.json().items).toContainEqual(
      expect.objectContaining({
        request_id: request.id,
        signer_email: api.signerEmail,
        sender_email: api.signerEmail,
        quality: 'aes',
      }),
    );
    const csv = await call(
      'GET',
      `/v2/businesses/${businessId}/activities/signatures/csv?start_date=${today}`,
      admin,
    );
    expect(csv.body).toContain(`,${request.id},${api.signerEmail},`);
    const stats = await call('GET', `/v2/businesses/${businessId}/statistics?months=1`, admin);
    expect(stats.json().requests.completed).toBeGreaterThanOrEqual(1);
    expect(stats.json().signatures_per_month.at(-1).aes).toBeGreaterThanOrEqual(1);
  });

  it('creates a qualified seal at the remote-signing provider and applies it to a qualified request', async () => {
    const created = await call('POST', `/v1/businesses/${businessId}/seals`, admin, {
      name: 'contracts',
      label: 'Acme Contracts',
      quality: 'qes',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name: 'contracts', quality: 'qes' });
    expect(created.json().certificate.subject).toContain('O=Acme Invoicing AG');
    expect(created.json().certificate.subject).toContain('CN=Acme Contracts');
    expect(created.json().certificate.issuer).toContain('Qualified Signature CA (eIDAS)');

    const auth = { basic: api };
    await call('POST', `/v1/businesses/${businessId}/seals/contracts/members`, admin, {
      members: [api.username],
    });
    const request = await requestOfApiUser(
      { title: 'Contract 7', quality: 'qes' },
      await generatedPdf(1, 'Contract 7'),
    );
    const { id, documents } = request;
    expect((await as(auth, 'POST', `/v3/signature-requests/${id}/initiate`)).statusCode).toBe(200);
    // the advanced seal is below the request's level
    const advanced = await sealWith(auth, id, 'invoices');
    expect([advanced.statusCode, advanced.json().code]).toEqual([422, 'signing.seal_level_too_low']);

    const sealed = await sealWith(auth, id, 'contracts');
    expect(sealed.statusCode, sealed.body).toBe(200);
    expect(sealed.json().results[0]).toMatchObject({ ok: true, request_status: 'completed' });
    const download = await as(auth, 'GET', `/v3/documents/${documents[0].id}/download?signed=true`);
    const nss = createNssDb((await t.app.inject({ method: 'GET', url: '/trust/ca/root.cer' })).rawPayload);
    try {
      const verdict = await runPdfsig(nss.dir, download.rawPayload);
      expect(verdict.signatures[0], verdict.output).toMatchObject({ valid: true, trusted: true });
      expect(verdict.output).toContain('Acme Invoicing AG');
      expect(verdict.output).toContain('Acme Contracts');
    } finally {
      nss.cleanup();
    }
    const report = await as(auth, 'GET', `/v3/signature-requests/${id}/report?type=json`);
    expect(report.json().documents[0].signatures[0].indication).toBe('TOTAL_PASSED');
    const events = (await as(auth, 'GET', `/v3/signature-requests/${id}/events`)).json();
    const signed = (events.events ?? events).find((e: { type: string }) => e.type === 'signed');
    expect(signed.data.seal).toMatchObject({ name: 'contracts', quality: 'qes' });
  });

  it('refuses a member not listed on the seal (403) and lets them seal once an admin lists them', async () => {
    const owner = await signUp(t.app, 'customer@elsewhere.example', 'Cy');
    const { id } = await sendRequest(
      t.app,
      owner,
      await generatedPdf(1, 'Order'),
      ['member@acme.example'],
      'Order',
    );
    const refused = await sealWith({ bearer: member.token }, id, 'invoices');
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'seal.forbidden']);
    const before = (await call('GET', '/v1/user', member.token)).json().signature_qualities;
    expect((await call('GET', `/v1/businesses/${businessId}/seals`, member.token)).json().seals).toEqual([]);

    const listed = await call('POST', `/v1/businesses/${businessId}/seals/invoices/members`, admin, {
      members: [member.id],
    });
    expect(listed.json().n_members).toBe(1);
    expect(listed.json().members[0].email).toBe('member@acme.example');
    const outsider = await call('POST', `/v1/businesses/${businessId}/seals/invoices/members`, admin, {
      members: ['no-such-person'],
    });
    expect(outsider.json().code).toBe('business.member_not_found');

    // the member lists the seals they may apply, and only those
    const listedFor = async (token: string) =>
      (await call('GET', `/v1/businesses/${businessId}/seals`, token))
        .json()
        .seals.map((s: { name: string }) => s.name);
    const receipts = await call('POST', `/v1/businesses/${businessId}/seals`, admin, {
      name: 'receipts',
      label: 'Receipts',
    });
    expect(receipts.statusCode, receipts.body).toBe(201);
    expect(await listedFor(member.token)).toEqual(['invoices']);
    expect(await listedFor(admin)).toEqual(['contracts', 'invoices', 'receipts']);

    const sealed = await sealWith({ bearer: member.token }, id, 'invoices');
    expect(sealed.statusCode, sealed.body).toBe(200);
    expect(before.seal.aes).toEqual({});
    expect((await call('GET', '/v1/user', member.token)).json().signature_qualities.seal.aes).toEqual({
      status: 'active',
    });

    const removed = await call('DELETE', `/v1/businesses/${businessId}/seals/invoices/members`, admin, {
      members: [member.id],
    });
    expect(removed.json().n_members).toBe(0);
    // off the seal, the quality goes with it
    expect((await call('GET', '/v1/user', member.token)).json().signature_qualities.seal.aes).toEqual({});
  });
});
