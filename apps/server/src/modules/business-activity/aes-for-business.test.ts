// AES for business over HTTP on SQLite and PostgreSQL (ADR 057): a business with a verified
// domain turns it on; it vouches for nobody until the operator verified its name, register and
// country (ADR 062) and an admin approved the name of each person. Then its member on that domain
// signs an advanced request without identifying, with a certificate that pdfsig trusts, naming the
// person as approved and the business as the organisation; renaming themself changes nothing of
// it. Their signature qualities and what their signature needs say so, so nobody asks them to
// identify; a member on another domain still cannot sign at the advanced level.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test-support/accounts.js';
import { jsonCaller, verifyOrganisation } from '../../test-support/business.js';
import { CONSENT } from '../../test-support/consent.js';
import { startTestDnsServer, type TestDnsServer } from '../../test-support/dns-server.js';
import * as help from '../../test-support/identification.js';
import { generatedPdf } from '../../test-support/pdfs.js';
import { createNssDb, runPdfsig } from '../../test-support/pdfsig.js';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';

describe.each(testDatabases())('AES for business on %s', (kind) => {
  let t: TestApp;
  let dns: TestDnsServer;
  let nss: ReturnType<typeof createNssDb>;
  let admin: string;
  let anna: string;
  let annaId: string;
  let outsider: string;
  let businessId: string;
  const call = (...args: Parameters<ReturnType<typeof jsonCaller>>) => jsonCaller(t.app)(...args);
  const sign = (token: string, id: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v3/sign',
      headers: { authorization: `Bearer ${token}` },
      payload: { consent: CONSENT, signature_requests: [{ signature_request_id: id }] },
    });

  beforeAll(async () => {
    dns = await startTestDnsServer();
    t = await createTestApp(kind, { env: { DNS_RESOLVER: dns.address } });
    nss = createNssDb((await t.app.inject({ url: '/trust/ca/root.cer' })).rawPayload);
    admin = await signUp(t.app, 'admin@acme.example', 'Ada');
    businessId = (
      await call('POST', '/v2/businesses', admin, {
        name: 'Acme AG',
        country: 'CH',
        accept_gtc: true,
        accept_dpa: true,
      })
    ).json().id;
    const claim = (
      await call('POST', `/v1/businesses/${businessId}/domains`, admin, { domain: 'acme.example' })
    ).json();
    dns.records.set(claim.proof.name, [claim.proof.value]);
    expect(
      (await call('POST', `/v1/businesses/${businessId}/domains`, admin, { domain: 'acme.example' })).json(),
    ).toMatchObject({ verified: true });
    const on = await call('PUT', `/v2/businesses/${businessId}/aes4biz`, admin, {
      enabled: true,
      representative_name: 'Rita Rep',
      representative_email: 'rita@acme.example',
      commercial_register: 'CHE-123.456.789',
      domains: ['acme.example'],
    });
    expect(on.statusCode, on.body).toBe(200);
    anna = await signUp(t.app, 'anna@acme.example', 'Anna');
    outsider = await signUp(t.app, 'olaf@elsewhere.example', 'Olaf');
    // people on the verified domain join without an invitation; Olaf is invited
    expect((await call('POST', '/v1/user/accept', anna, { business_invite: true })).statusCode).toBe(200);
    annaId = (await call('GET', '/v1/user', anna)).json().id;
    await call('POST', `/v1/businesses/${businessId}/members`, admin, {
      users: [{ email: 'olaf@elsewhere.example' }],
    });
    expect((await call('POST', '/v1/user/accept', outsider, { business_invite: true })).statusCode).toBe(200);
  });
  afterAll(async () => {
    nss?.cleanup();
    await t?.close();
    await dns?.close();
  });

  /** An open eIDAS advanced request of the admin's for `email` to sign. */
  const advancedRequest = async (email: string, title: string) =>
    help.openRequest(t.app, admin, {
      quality: 'aes',
      legislation: 'eidas',
      signers: [email],
      pdf: await generatedPdf(1, title),
    });
  const vouchedBy = async (token: string) =>
    (await call('GET', '/v1/user', token)).json().signature_qualities.aes.any;
  const approve = (userId: string, name: string) =>
    call('PUT', `/v2/businesses/${businessId}/aes4biz/vouched-names/${userId}`, admin, { name });

  it('vouches for nobody until the operator verified the business and an admin approved the name', async () => {
    const id = await advancedRequest('anna@acme.example', 'Too early');
    // on, complete, on a verified domain: still not the business's word on Anna's name
    expect(await vouchedBy(anna)).toEqual({});
    expect(JSON.stringify((await sign(anna, id)).json())).toContain('signing.quality_not_available');
    // an approved name without a verified organisation vouches for nothing either
    expect((await approve(annaId, 'Anna Tester')).json()).toMatchObject({
      user_id: annaId,
      first_name: 'Anna',
      vouched_name: 'Anna Tester',
    });
    expect(await vouchedBy(anna)).toEqual({});
    await verifyOrganisation(t, businessId, admin, 'CHE-123.456.789');
    expect(await vouchedBy(anna)).toEqual({ status: 'active', vouched_by: 'Acme AG' });
    // withdrawn, the business vouches no longer; someone not of the business is no one to approve
    const withdrawn = await call(
      'DELETE',
      `/v2/businesses/${businessId}/aes4biz/vouched-names/${annaId}`,
      admin,
    );
    expect(withdrawn.json().vouched_name).toBeNull();
    expect(await vouchedBy(anna)).toEqual({});
    expect((await approve('no-such-person', 'Nobody')).json().code).toBe('business.member_not_found');
    expect((await approve(annaId, 'Anna Tester')).statusCode).toBe(200);
    // the list is the admins': every person of the business with the name approved, if any
    const listed = (await call('GET', `/v2/businesses/${businessId}/aes4biz/vouched-names`, admin)).json();
    expect(
      listed.items.map((p: { email: string; vouched_name: string | null }) => [p.email, p.vouched_name]),
    ).toEqual([
      ['admin@acme.example', null],
      ['anna@acme.example', 'Anna Tester'],
      ['olaf@elsewhere.example', null],
    ]);
    expect((await call('GET', `/v2/businesses/${businessId}/aes4biz/vouched-names`, anna)).statusCode).toBe(
      403,
    );
  });

  it('lets a member on its domain sign at the advanced level, the certificate naming the business', async () => {
    const pdf = await generatedPdf(1, 'Vouched');
    const id = await help.openRequest(t.app, admin, {
      quality: 'aes',
      legislation: 'eidas',
      signers: ['anna@acme.example'],
      pdf,
    });
    const signed = await sign(anna, id);
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().results[0]).toMatchObject({ ok: true, request_status: 'completed' });

    const judged = await runPdfsig(nss.dir, await help.signedDocument(t.app, admin, id));
    expect(judged.signatures[0], judged.output).toMatchObject({ valid: true, trusted: true });
    expect(judged.output).toContain('Signer Certificate Common Name: Anna Tester');
    expect(judged.output).toMatch(/Signer full Distinguished Name: .*O=Acme AG/);
    expect(judged.output).toMatch(/Signer full Distinguished Name: .*C=CH/);
    expect(judged.output).toMatch(/Signer full Distinguished Name: .*CHE-123\.456\.789/);
  });

  it('keeps the approved name in the certificate when the member renames themself', async () => {
    const renamed = await call('PUT', '/v1/user', anna, { first_name: 'Sergio', last_name: 'Ermotti' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const id = await advancedRequest('anna@acme.example', 'Renamed');
    const signed = await sign(anna, id);
    expect(signed.statusCode, signed.body).toBe(200);
    const judged = await runPdfsig(nss.dir, await help.signedDocument(t.app, admin, id));
    expect(judged.signatures[0], judged.output).toMatchObject({ valid: true, trusted: true });
    expect(judged.output).toContain('Signer Certificate Common Name: Anna Tester');
    expect(judged.output).not.toContain('Ermotti');
    // the admins see both: the account's name as typed, and the name vouched for
    const listed = (await call('GET', `/v2/businesses/${businessId}/aes4biz/vouched-names`, admin)).json();
    expect(listed.items).toContainEqual(
      expect.objectContaining({ first_name: 'Sergio', last_name: 'Ermotti', vouched_name: 'Anna Tester' }),
    );
    await call('PUT', '/v1/user', anna, { first_name: 'Anna', last_name: 'Tester' });
  });

  it("gives the member on its domain the advanced quality on the business's word", async () => {
    const qualities = async (token: string) =>
      (await call('GET', '/v1/user', token)).json().signature_qualities;
    expect((await qualities(anna)).aes.any).toEqual({ status: 'active', vouched_by: 'Acme AG' });
    expect((await qualities(outsider)).aes.any).toEqual({});
    const detail = (await call('GET', '/v3/user/signature-qualities-detail', anna)).json();
    expect([detail.highest_quality, detail.signature_qualities.aes.any.vouched_by]).toEqual([
      'aes',
      'Acme AG',
    ]);

    // what each signature needs: Anna no identification at the advanced level, Olaf one
    const need = async (quality: 'aes' | 'qes', token: string, email: string) => {
      const id = await help.openRequest(t.app, admin, {
        quality,
        legislation: 'zertes',
        signers: [email],
        pdf: await generatedPdf(1, 'Needs'),
      });
      const signer = (await call('GET', `/v3/signature-requests/${id}`, admin)).json().signatures[0];
      const url = `/v3/signature-requests/${id}/signatures/${signer.id}/ident-method`;
      return { own: (await call('GET', url, token)).json(), sender: (await call('GET', url, admin)).json() };
    };
    const anna_ = await need('aes', anna, 'anna@acme.example');
    expect(anna_.own).toMatchObject({ is_satisfied: true, methods: [] });
    // the sender reads the same about her signature
    expect(anna_.sender.is_satisfied).toBe(true);
    expect((await need('aes', outsider, 'olaf@elsewhere.example')).own.is_satisfied).toBe(false);
    // a qualified signature still needs Anna's own identification
    expect((await need('qes', anna, 'anna@acme.example')).own.is_satisfied).toBe(false);
  });

  it('vouches for nobody once the business renamed itself, until it is verified again', async () => {
    await call('PUT', `/v1/businesses/${businessId}`, admin, { name: 'UBS Switzerland AG' });
    expect(await vouchedBy(anna)).toEqual({});
    const id = await advancedRequest('anna@acme.example', 'Renamed business');
    expect(JSON.stringify((await sign(anna, id)).json())).toContain('signing.quality_not_available');
    await call('PUT', `/v1/businesses/${businessId}`, admin, { name: 'Acme AG' });
    expect(await vouchedBy(anna)).toEqual({ status: 'active', vouched_by: 'Acme AG' });
  });

  it('does not vouch for a member on another domain', async () => {
    const id = await advancedRequest('olaf@elsewhere.example', 'Not vouched');
    const refused = await sign(outsider, id);
    expect(JSON.stringify(refused.json())).toContain('signing.quality_not_available');
  });
});
