// The rules of business accounts over HTTP, on SQLite and PostgreSQL: settings (support contact
// blanked when invalid, the company logo re-encoded and shown in mails, mail attachments and
// retention applied to the requests of the business's people), domains proved by a DNS TXT
// record, public information for participants only, and a scheduled deletion that turns the
// members into individual users.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_PASSWORD,
  authorizationOf,
  mailsTo,
  signUp,
  type Credentials,
} from '../../test-support/accounts.js';
import { CONSENT } from '../../test-support/consent.js';
import { startTestDnsServer, type TestDnsServer } from '../../test-support/dns-server.js';
import { generatedPdf } from '../../test-support/pdfs.js';
import { sendRequest } from '../../test-support/requests.js';
import { jsonCaller, uploadLogo } from '../../test-support/business.js';
import { createTestApp, createTestClock, testDatabases, type TestApp } from '../../test-support/test-app.js';

const DAY = 24 * 60 * 60 * 1000;

describe.each(testDatabases())('business rules on %s', (kind) => {
  let t: TestApp;
  let dns: TestDnsServer;
  const clock = createTestClock();
  let admin: string;
  let member: string;
  let businessId: string;

  const call = (...args: Parameters<ReturnType<typeof jsonCaller>>) => jsonCaller(t.app)(...args);

  beforeAll(async () => {
    dns = await startTestDnsServer();
    t = await createTestApp(kind, { clock, env: { DNS_RESOLVER: dns.address } });
    admin = await signUp(t.app, 'admin@rules.example', 'Ada');
    member = await signUp(t.app, 'member@rules.example', 'Max');
    const created = await call('POST', '/v2/businesses', admin, {
      name: 'Rules',
      accept_gtc: true,
      accept_dpa: true,
    });
    businessId = created.json().id;
    await call('POST', `/v1/businesses/${businessId}/members`, admin, {
      users: [{ email: 'member@rules.example' }],
    });
    expect((await call('POST', '/v1/user/accept', member, { business_invite: true })).json().role).toBe(
      'member',
    );
  });
  afterAll(async () => {
    await t.close();
    await dns.close();
  });

  /** A new session (sessions last 24 hours and the tests move the clock by weeks). */
  async function logIn(email: string): Promise<string> {
    return (await call('POST', '/v1/login', undefined, { email, password: TEST_PASSWORD })).json()
      .token as string;
  }

  /** A request of `owner` to `signer`, sent; its id. */
  const sendTo = async (owner: Credentials, signer: string, title: string) =>
    (await sendRequest(t.app, owner, await generatedPdf(1, title), [signer], title)).id;

  it('blanks an invalid support e-mail or phone and keeps valid ones', async () => {
    const res = await call('PUT', `/v1/businesses/${businessId}/settings`, admin, {
      support_contact: { email: 'help@rules.example', phone: '12' },
    });
    expect(res.json().settings.support_contact).toEqual({ email: 'help@rules.example', phone: '' });
    const updated = await call('PUT', `/v1/businesses/${businessId}`, admin, {
      email: 'nope',
      phone: '+041 791 234 567',
    });
    expect(updated.json()).toMatchObject({ email: '', phone: '+041 791 234 567' });
  });

  it('re-encodes the logo within its bounds, serves it, and shows it in the mails of the business', async () => {
    const upload = (bytes: Buffer) => uploadLogo(t.app, businessId, admin, bytes);
    const big = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const res = await upload(big);
    expect(res.statusCode, res.body).toBe(200);
    const logo = res.json().settings.company_branding.logo;
    expect(logo).toMatchObject({ width: 300, height: 200 });
    const served = await t.app.inject({ method: 'GET', url: new URL(logo.url).pathname });
    expect(served.headers['content-type']).toBe('image/png');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'png',
      width: 300,
      height: 200,
    });

    expect((await upload(Buffer.from('%PDF-1.7 not an image'))).json().code).toBe('business.logo_invalid');
    const tooLarge = await upload(Buffer.alloc(1024 * 1024 + 1, 1));
    expect([tooLarge.statusCode, tooLarge.json().code]).toEqual([413, 'upload.too_large']);

    // a member's request: its mails carry the logo; an individual's do not
    await sendTo(member, 'signer@elsewhere.example', 'Branded');
    const [invitation] = await mailsTo(t.app, 'signer@elsewhere.example');
    const html = (await call('GET', '/sandbox/mail.json'))
      .json()
      .messages.find(
        (m: { to: string; subject: string; html: string }) => m.to === 'signer@elsewhere.example',
      ).html as string;
    expect(invitation?.subject).toContain('Branded');
    expect(html).toContain(`<img src="${logo.url}"`);
  });

  it('answers public information to participants of its requests only', async () => {
    const signer = await signUp(t.app, 'reader@elsewhere.example', 'Reader');
    const stranger = await signUp(t.app, 'stranger@elsewhere.example', 'Stranger');
    const url = `/v2/businesses/${businessId}/public-information`;
    expect((await call('GET', url, signer)).statusCode).toBe(404);
    await sendTo(member, 'reader@elsewhere.example', 'Public');
    expect((await call('GET', url, signer)).json()).toMatchObject({
      id: businessId,
      name: 'Rules',
      support_contact: { email: '', phone: '+041 791 234 567' },
      logo: { width: 300 },
    });
    expect((await call('GET', url, stranger)).json().code).toBe('business.not_found');
    // a link holder: the token of the mail to signer@elsewhere.example
    const linkMail = (await mailsTo(t.app, 'signer@elsewhere.example')).find((m) => /token=/.test(m.text))!;
    const token = /token=([\w-]+)/.exec(linkMail.text)![1];
    const direct = await call('GET', `/v2/direct/businesses/${businessId}/public-information?token=${token}`);
    expect(direct.json().name).toBe('Rules');
    const wrong = await call(
      'GET',
      `/v2/direct/businesses/${businessId}/public-information?token=${'x'.repeat(32)}`,
    );
    expect(wrong.statusCode).toBe(404);
  });

  it('attaches to completion mails what the business settings say, not the server defaults', async () => {
    await call('PUT', `/v1/businesses/${businessId}/settings`, admin, {
      mail_service: { attachments: { signed_document: { enabled: false } } },
    });
    const signer = await signUp(t.app, 'signs@elsewhere.example', 'Sig');
    const id = await sendTo(member, 'signs@elsewhere.example', 'Attach');
    const signed = await call('POST', '/v3/sign', signer, {
      consent: CONSENT,
      signature_requests: [{ signature_request_id: id }],
    });
    expect(signed.json().results[0].request_status, signed.body).toBe('completed');
    const completion = (await mailsTo(t.app, 'member@rules.example')).find((m) =>
      m.subject.startsWith('Signed by'),
    );
    expect(completion?.attachments.map((a) => a.filename)).toEqual([
      expect.stringMatching(/^signature-protocol-/),
    ]);
  });

  it('deletes the requests ended in the retention state after the period, files included', async () => {
    await call('PUT', `/v1/businesses/${businessId}/settings`, admin, {
      signature_requests: { retention: { enabled: true, terminal_state: 'withdrawn' } },
    });
    const outsider = await signUp(t.app, 'solo@elsewhere.example', 'Solo');
    // the business's API user: what it sends is the business's, retention included
    const made = (await call('POST', `/v1/businesses/${businessId}/apis`, admin, {})).json();
    const apiUser = {
      authorization: `Basic ${Buffer.from(`${made.api_user.username}:${made.secret}`).toString('base64')}`,
    };
    const ids = {
      business: await sendTo(member, 'a@elsewhere.example', 'Retained'),
      open: await sendTo(member, 'b@elsewhere.example', 'StillOpen'),
      individual: await sendTo(outsider, 'c@elsewhere.example', 'NotBusiness'),
      api: await sendTo(apiUser, 'd@elsewhere.example', 'SentByApi'),
    };
    for (const [owner, id] of [
      [authorizationOf(member), ids.business],
      [authorizationOf(outsider), ids.individual],
      [apiUser, ids.api],
    ] as const) {
      const withdrawn = await t.app.inject({
        method: 'POST',
        url: `/v3/signature-requests/${id}/withdraw`,
        headers: owner,
        payload: { message: '' },
      });
      expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    }
    const sha = (
      await t.db.kysely
        .selectFrom('documents')
        .select('original_sha256')
        .where('request_id', '=', ids.business)
        .executeTakeFirstOrThrow()
    ).original_sha256;
    const blobExists = () =>
      fs
        .readdirSync(path.join(t.config.dataDir, 'blobs'), { recursive: true })
        .some((f) => String(f).endsWith(sha));
    expect(blobExists()).toBe(true);

    expect(await t.app.jobs.businessHousekeeping()).toEqual({
      deletedBusinesses: 0,
      deletedRequests: 0,
      expiredDomainClaims: 0,
    });
    clock.advance(31 * DAY);
    expect(await t.app.jobs.businessHousekeeping()).toEqual({
      deletedBusinesses: 0,
      deletedRequests: 2,
      expiredDomainClaims: 0,
    });
    [admin, member] = [await logIn('admin@rules.example'), await logIn('member@rules.example')];
    const solo = await logIn('solo@elsewhere.example');
    expect((await call('GET', `/v3/signature-requests/${ids.business}`, member)).statusCode).toBe(404);
    expect((await call('GET', `/v3/signature-requests/${ids.open}`, member)).statusCode).toBe(200);
    expect((await call('GET', `/v3/signature-requests/${ids.individual}`, solo)).statusCode).toBe(200);
    const apiRequest = await t.app.inject({ url: `/v3/signature-requests/${ids.api}`, headers: apiUser });
    expect(apiRequest.statusCode).toBe(404);
    expect(blobExists()).toBe(false);
  });

  it('verifies a domain by its TXT record, held by the business that proved it, and offers it to people on it', async () => {
    const claim = await call('POST', `/v1/businesses/${businessId}/domains`, admin, {
      domain: 'Rules.Example',
    });
    expect(claim.json()).toMatchObject({
      domain: 'rules.example',
      verified: false,
      proof: { name: '_countersign.rules.example' },
    });
    const newcomer = await signUp(t.app, 'newcomer@rules.example', 'New');
    expect((await call('GET', '/v1/user', newcomer)).json().business_invitation).toBeNull();

    dns.records.set('_countersign.rules.example', ['v=unrelated', claim.json().proof.value]);
    const checked = await call('POST', `/v1/businesses/${businessId}/domains`, admin, {
      domain: 'rules.example',
    });
    expect(checked.json()).toMatchObject({ verified: true });

    const rival = await signUp(t.app, 'rival@rival.example', 'Rival');
    const rivalBusiness = (
      await call('POST', '/v2/businesses', rival, { name: 'Rival', accept_gtc: true, accept_dpa: true })
    ).json();
    // a rival may claim it too, but without its own record published the domain stays put
    const rivalClaim = await call('POST', `/v1/businesses/${rivalBusiness.id}/domains`, rival, {
      domain: 'rules.example',
    });
    expect([rivalClaim.statusCode, rivalClaim.json().verified]).toEqual([200, false]);
    expect(rivalClaim.json().proof.value).not.toBe(claim.json().proof.value);

    expect((await call('GET', '/v1/user', newcomer)).json().business_invitation).toMatchObject({
      business_id: businessId,
      via: 'domain',
    });
    expect((await call('POST', '/v1/user/accept', newcomer, { business_invite: true })).json().role).toBe(
      'member',
    );
    expect(
      (await call('DELETE', `/v1/businesses/${businessId}/domains/rules.example`, admin)).json(),
    ).toEqual({ ok: true });
    expect(
      (await call('DELETE', `/v1/businesses/${businessId}/domains/rules.example`, admin)).json().code,
    ).toBe('business.domain_not_found');
  });

  it('deletes the business at the end of its notice, revocable until then; its people become individual users', async () => {
    const scheduled = await call('DELETE', `/v2/businesses/${businessId}`, admin);
    expect(scheduled.json().deletion_due_at).toBe(new Date(clock.now().getTime() + 30 * DAY).toISOString());
    expect(
      (await call('POST', `/v2/businesses/${businessId}/revoke_delete`, admin)).json().deletion_due_at,
    ).toBeNull();
    const again = await call('POST', `/v2/businesses/${businessId}/revoke_delete`, admin);
    expect([again.statusCode, again.json().code]).toEqual([409, 'business.deletion_not_scheduled']);
    await call('DELETE', `/v2/businesses/${businessId}`, admin);
    clock.advance(29 * DAY);
    expect((await t.app.jobs.businessHousekeeping()).deletedBusinesses).toBe(0);
    clock.advance(2 * DAY);
    expect((await t.app.jobs.businessHousekeeping()).deletedBusinesses).toBe(1);
    [admin, member] = [await logIn('admin@rules.example'), await logIn('member@rules.example')];
    for (const token of [admin, member]) {
      const me = (await call('GET', '/v1/user', token)).json();
      expect(me).toMatchObject({ role: 'user', business: null, attributes: { business_deleted: true } });
    }
    expect((await call('GET', `/v1/businesses/${businessId}`, admin)).statusCode).toBe(404);
    // the requests stay their owners'
    const list = (await call('GET', '/v3/signature-requests-redesign?size=25', member)).json();
    expect(list.total).toBeGreaterThan(0);
  });
});
