// A business's organisation identity on SQLite and PostgreSQL (ADR 062): a trial business that
// calls itself "UBS Switzerland AG" gets no seal naming it, advanced or qualified, until the
// operator has verified its name, register and country through the operator API; a rename voids
// the verification for new seals and for applying the old ones; the operator API is not there
// without OPERATOR_API_TOKEN and refuses a missing or wrong token; every step is in the log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test-support/accounts.js';
import { jsonCaller } from '../../test-support/business.js';
import { CONSENT } from '../../test-support/consent.js';
import { generatedPdf } from '../../test-support/pdfs.js';
import { sendRequest } from '../../test-support/requests.js';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';

const TOKEN = 'operator-token-of-the-tests-0123456789abcdef';
const UBS = { name: 'UBS Switzerland AG', commercial_register: 'CHE-412.669.376', country: 'CH' };

describe.each(testDatabases())('organisation verification on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let adminId: string;
  let businessId: string;
  const call = (...args: Parameters<ReturnType<typeof jsonCaller>>) => jsonCaller(t.app)(...args);
  const operator = (method: 'GET' | 'POST', url: string, payload?: object, token: string | null = TOKEN) =>
    t.app.inject({
      method,
      url,
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
      ...(payload && { payload }),
    });
  const seal = (name: string, quality: 'aes' | 'qes') =>
    call('POST', `/v1/businesses/${businessId}/seals`, admin, { name, label: `UBS ${name}`, quality });
  const verification = async () =>
    (await call('GET', `/v1/businesses/${businessId}/verification`, admin)).json();

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { OPERATOR_API_TOKEN: TOKEN }, csc: true });
    admin = await signUp(t.app, 'mallory@trial.example', 'Mallory');
    adminId = (await call('GET', '/v1/user', admin)).json().id;
    const created = await call('POST', '/v2/businesses', admin, {
      name: UBS.name,
      country: 'CH',
      accept_gtc: true,
      accept_dpa: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    businessId = created.json().id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('makes no seal naming the business, advanced or qualified, until the operator verified it', async () => {
    for (const quality of ['aes', 'qes'] as const) {
      const refused = await seal(`early-${quality}`, quality);
      expect([refused.statusCode, refused.json().code]).toEqual([409, 'seal.organisation_unverified']);
    }
    expect(await verification()).toMatchObject({
      status: 'unverified',
      organisation: { ...UBS, commercial_register: '' },
      verified: null,
    });
    // asking needs the register number; asking is not being verified
    const incomplete = await call('POST', `/v1/businesses/${businessId}/verification`, admin, {});
    expect([incomplete.statusCode, incomplete.json().code]).toEqual([
      422,
      'business.verification_incomplete',
    ]);
    const asked = await call('POST', `/v1/businesses/${businessId}/verification`, admin, {
      commercial_register: UBS.commercial_register,
    });
    expect(asked.json()).toMatchObject({ status: 'pending', organisation: UBS });
    // the register given is the business's, as AES for business shows it
    const aes4biz = (await call('GET', `/v2/businesses/${businessId}/aes4biz`, admin)).json().aes4biz;
    expect(aes4biz.commercial_register).toBe(UBS.commercial_register);
    expect((await seal('pending', 'aes')).json().code).toBe('seal.organisation_unverified');

    const waiting = (await operator('GET', '/v1/operator/businesses')).json();
    expect(waiting.items).toContainEqual(
      expect.objectContaining({
        id: businessId,
        requested_by: 'mallory@trial.example',
        verification: expect.objectContaining({ status: 'pending', organisation: UBS }),
      }),
    );
    // the operator verifies what they checked, which must be the business as it is
    const typo = await operator('POST', `/v1/operator/businesses/${businessId}/verify`, {
      ...UBS,
      name: 'UBS AG',
    });
    expect([typo.statusCode, typo.json().code]).toEqual([409, 'business.verification_mismatch']);
    const verified = await operator('POST', `/v1/operator/businesses/${businessId}/verify`, {
      ...UBS,
      note: 'Checked in Zefix',
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().verification).toMatchObject({ status: 'verified', verified: UBS });
    expect(verified.json().log.map((e: { action: string; actor: string }) => [e.action, e.actor])).toEqual([
      ['requested', `user:${adminId}`],
      ['verified', 'api'],
    ]);
    expect((await operator('GET', '/v1/operator/businesses')).json().items).not.toContainEqual(
      expect.objectContaining({ id: businessId }),
    );

    const advanced = await seal('invoices', 'aes');
    expect(advanced.statusCode, advanced.body).toBe(201);
    expect(advanced.json().certificate.subject).toContain('O=UBS Switzerland AG');
    expect(advanced.json().certificate.subject).toContain('organizationIdentifier=CHE-412.669.376');
    expect(advanced.json().certificate.subject).toContain('C=CH');
    const qualified = await seal('contracts', 'qes');
    expect(qualified.statusCode, qualified.body).toBe(201);
    expect(qualified.json().certificate.subject).toContain('O=UBS Switzerland AG');
    expect(qualified.json().certificate.subject).toContain('organizationIdentifier=CHE-412.669.376');
  });

  it('voids the verification when the business renames itself, for new seals and for applying old ones', async () => {
    await call('POST', `/v1/businesses/${businessId}/seals/invoices/members`, admin, { members: [adminId] });
    const { id } = await sendRequest(
      t.app,
      admin,
      await generatedPdf(1, 'Invoice'),
      ['mallory@trial.example'],
      'Invoice',
    );
    const sealQuality = async () =>
      (await call('GET', '/v1/user', admin)).json().signature_qualities.seal.aes;
    expect(await sealQuality()).toEqual({ status: 'active' });
    const renamed = await call('PUT', `/v1/businesses/${businessId}`, admin, { name: 'UBS Group AG' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await verification()).toMatchObject({
      status: 'outdated',
      organisation: { ...UBS, name: 'UBS Group AG' },
      verified: UBS,
    });
    expect((await seal('after-rename', 'aes')).json().code).toBe('seal.organisation_unverified');
    // nor does the profile offer the seal's level any more
    expect(await sealQuality()).toEqual({});
    const applied = await call('POST', '/v3/sign', admin, {
      consent: CONSENT,
      signature_requests: [{ signature_request_id: id }],
      seal_account_name: 'invoices',
    });
    expect([applied.statusCode, JSON.stringify(applied.json())]).toEqual([
      409,
      expect.stringContaining('seal.organisation_unverified'),
    ]);
    // a new register number voids it likewise
    await call('PUT', `/v1/businesses/${businessId}`, admin, { name: UBS.name });
    expect((await verification()).status).toBe('verified');
    await call('PUT', `/v2/businesses/${businessId}/aes4biz`, admin, {
      commercial_register: 'CHE-999.999.999',
    });
    expect((await verification()).status).toBe('outdated');
    await call('PUT', `/v2/businesses/${businessId}/aes4biz`, admin, {
      commercial_register: UBS.commercial_register,
    });
  });

  it('has the operator API refuse a missing or wrong token, and refuse and revoke with a reason', async () => {
    const list = '/v1/operator/businesses';
    const missing = await operator('GET', list, undefined, null);
    expect([missing.statusCode, missing.json().code]).toEqual([401, 'auth.required']);
    const wrong = await operator('GET', list, undefined, `${TOKEN}x`);
    expect([wrong.statusCode, wrong.json().code]).toEqual([401, 'auth.invalid_token']);
    // a session of the product is no operator
    const session = await operator('GET', list, undefined, admin);
    expect([session.statusCode, session.json().code]).toEqual([401, 'auth.invalid_token']);
    const badVerify = await operator(
      'POST',
      `/v1/operator/businesses/${businessId}/revoke`,
      { reason: 'x' },
      'nope',
    );
    expect(badVerify.statusCode).toBe(401);
    expect((await verification()).status).toBe('verified');

    const notPending = await operator('POST', `/v1/operator/businesses/${businessId}/refuse`, {
      reason: 'No',
    });
    expect([notPending.statusCode, notPending.json().code]).toEqual([
      409,
      'business.verification_not_pending',
    ]);
    const revoked = await operator('POST', `/v1/operator/businesses/${businessId}/revoke`, {
      reason: 'Not the bank',
    });
    expect(revoked.json().verification).toMatchObject({ status: 'revoked', reason: 'Not the bank' });
    expect(await verification()).toMatchObject({ status: 'revoked', reason: 'Not the bank', verified: null });
    expect((await seal('after-revoke', 'aes')).json().code).toBe('seal.organisation_unverified');
    const again = await operator('POST', `/v1/operator/businesses/${businessId}/revoke`, { reason: 'Twice' });
    expect(again.json().code).toBe('business.verification_not_verified');

    await call('POST', `/v1/businesses/${businessId}/verification`, admin, {});
    const refused = await operator('POST', `/v1/operator/businesses/${businessId}/refuse`, {
      reason: 'Register entry belongs to someone else',
    });
    expect(refused.json().verification.status).toBe('refused');
    expect((await operator('GET', `${list}?status=refused`)).json().items).toContainEqual(
      expect.objectContaining({ id: businessId }),
    );
    const unknown = await operator('GET', `${list}/no-such-business`);
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'business.not_found']);

    // the log, a table of its own, holds every step: who, what, when
    const log = await t.db.kysely
      .selectFrom('business_verification_log')
      .select(['action', 'actor', 'name', 'commercial_register', 'reason', 'created_at'])
      .where('business_id', '=', businessId)
      .orderBy('id')
      .execute();
    expect(log.map((e) => [e.action, e.actor])).toEqual([
      ['requested', `user:${adminId}`],
      ['verified', 'api'],
      ['revoked', 'api'],
      ['requested', `user:${adminId}`],
      ['refused', 'api'],
    ]);
    expect(log[1]).toMatchObject({
      name: UBS.name,
      commercial_register: UBS.commercial_register,
      reason: 'Checked in Zefix',
    });
    expect(log.every((e) => !Number.isNaN(Date.parse(e.created_at)))).toBe(true);
  });

  it('serves no operator API without OPERATOR_API_TOKEN', async () => {
    const plain = await createTestApp(kind);
    try {
      const res = await plain.app.inject({
        method: 'GET',
        url: '/v1/operator/businesses',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect([res.statusCode, res.json().code]).toEqual([404, 'route.not_found']);
    } finally {
      await plain.close();
    }
  });
});
