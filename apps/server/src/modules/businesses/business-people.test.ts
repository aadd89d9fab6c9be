// People coming and going, on SQLite and PostgreSQL (ADR 035): a request's page carries the
// branding of the business its owner belongs to (the admin does not see it), and stops carrying
// it once the owner is removed (the requests stay the owner's, out of the business's retention
// rule); a member may leave, the last admin may not; deleting one's account frees a member's seat,
// is refused to the last admin while others remain, and takes a business along when its only
// person goes. Invitations to people without an account speak the inviter's language; a business
// registered on the EU platform without a country is in Germany.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, mailsTo, signUp } from '../../test-support/accounts.js';
import { generatedPdf } from '../../test-support/pdfs.js';
import { sendRequest } from '../../test-support/requests.js';
import { jsonCaller, uploadLogo } from '../../test-support/business.js';
import { createTestApp, createTestClock, testDatabases, type TestApp } from '../../test-support/test-app.js';

const DAY = 24 * 60 * 60 * 1000;

describe.each(testDatabases())('people of a business on %s', (kind) => {
  let t: TestApp;
  const clock = createTestClock();
  let admin: string;
  let businessId: string;

  const call = (...args: Parameters<ReturnType<typeof jsonCaller>>) => jsonCaller(t.app)(...args);
  const me = async (token: string) => (await call('GET', '/v1/user', token)).json();
  const counts = async () =>
    (await call('GET', `/v1/businesses/${businessId}`, admin)).json().counts as Record<string, number>;

  /** Signs someone up and has them join the business; their token and user id. */
  async function newMember(email: string): Promise<{ token: string; id: string }> {
    const token = await signUp(t.app, email, 'Mo');
    await call('POST', `/v1/businesses/${businessId}/members`, admin, { users: [{ email }] });
    const accepted = await call('POST', '/v1/user/accept', token, { business_invite: true });
    expect(accepted.json().role).toBe('member');
    return { token, id: accepted.json().id };
  }

  /** A request of `owner` to `signer`, sent; its id. */
  const sendTo = async (owner: string, signer: string, title: string) =>
    (await sendRequest(t.app, owner, await generatedPdf(1, title), [signer], title)).id;

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
    admin = await signUp(t.app, 'admin@people.example', 'Ada');
    businessId = (
      await call('POST', '/v2/businesses', admin, {
        name: 'People',
        email: 'help@people.example',
        accept_gtc: true,
        accept_dpa: true,
      })
    ).json().id;
    const png = await sharp({ create: { width: 90, height: 30, channels: 3, background: '#aa3300' } })
      .png()
      .toBuffer();
    const uploaded = await uploadLogo(t.app, businessId, admin, png);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it("shows the owner's business on the request's page while the owner belongs to it", async () => {
    const sender = await newMember('sender@people.example');
    const signer = await signUp(t.app, 'signer@elsewhere.example', 'Sig');
    const { id } = await sendRequest(
      t.app,
      sender.token,
      await generatedPdf(1, 'Branded'),
      ['signer@elsewhere.example', 'link@elsewhere.example'],
      'Branded',
    );

    const branding = {
      id: businessId,
      name: 'People',
      support_contact: { email: 'help@people.example', phone: '' },
      logo: { width: 90, height: 30 },
    };
    expect((await call('GET', `/v3/signature-requests/${id}`, signer)).json().business).toMatchObject(
      branding,
    );
    // the admin manages the business, not its members' documents
    expect((await call('GET', `/v3/signature-requests/${id}`, admin)).statusCode).toBe(404);
    const linkMail = (await mailsTo(t.app, 'link@elsewhere.example')).find((m) => /token=/.test(m.text))!;
    const token = /token=([\w-]+)/.exec(linkMail.text)![1];
    const direct = await call('GET', `/v3/direct/signature-requests/${id}?token=${token}`);
    expect(direct.json().business, direct.body).toMatchObject(branding);

    // removed, the sender keeps the request; the business's branding no longer applies to it
    await call('POST', `/v1/businesses/${businessId}/remove-members`, admin, { user_ids: [sender.id] });
    const after = await call('GET', `/v3/signature-requests/${id}`, sender.token);
    expect([after.statusCode, after.json().business]).toEqual([200, null]);
    await sendTo(sender.token, 'plain@elsewhere.example', 'Plain');
    const html = (await call('GET', '/sandbox/mail.json'))
      .json()
      .messages.filter((m: { to: string; html: string }) => m.to === 'plain@elsewhere.example')
      .map((m: { html: string }) => m.html)
      .join('');
    expect(html).toContain('Plain');
    expect(html).not.toContain('/v1/business-logos/');
  });

  it('lets a member leave, with the requests and without the downgrade dialog; the last admin stays', async () => {
    const leaver = await newMember('leaver@people.example');
    const before = await counts();
    const left = await call('POST', `/v1/businesses/${businessId}/remove-members`, leaver.token, {
      user_ids: [leaver.id],
    });
    expect(left.json()).toEqual({ removed: [leaver.id] });
    expect(await me(leaver.token)).toMatchObject({
      role: 'user',
      business: null,
      attributes: { removed_from_business: false, accepted_business_invite: false },
    });
    expect(await counts()).toEqual({ ...before, members: before['members']! - 1 });

    const adminId = (await me(admin)).id as string;
    const stay = await call('POST', `/v1/businesses/${businessId}/remove-members`, admin, {
      user_ids: [adminId],
    });
    expect([stay.statusCode, stay.json().code]).toEqual([409, 'business.last_admin']);
    expect((await me(admin)).role).toBe('admin');
  });

  it("frees a member's seat when the member deletes the account; refuses the last admin while others remain", async () => {
    const goer = await newMember('goer@people.example');
    const before = await counts();
    const deleted = await call('POST', '/v1/user/delete', goer.token, { password: TEST_PASSWORD });
    expect(deleted.statusCode).toBe(200);
    expect(await counts()).toEqual({ ...before, members: before['members']! - 1 });

    await newMember('stays@people.example');
    const refused = await call('POST', '/v1/user/delete', admin, { password: TEST_PASSWORD });
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'business.last_admin']);
    expect((await me(admin)).role).toBe('admin');
  });

  it('deletes a business with the account of its only person, releasing its invitations', async () => {
    const solo = await signUp(t.app, 'solo@alone.example', 'Solo');
    const alone = (
      await call('POST', '/v2/businesses', solo, { name: 'Alone', accept_gtc: true, accept_dpa: true })
    ).json().id as string;
    await call('POST', `/v1/businesses/${alone}/members`, solo, {
      users: [{ email: 'later@alone.example' }],
    });
    expect((await call('POST', '/v1/user/delete', solo, { password: TEST_PASSWORD })).statusCode).toBe(200);
    const row = await t.db.kysely
      .selectFrom('businesses')
      .select('deleted_at')
      .where('id', '=', alone)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    const later = await signUp(t.app, 'later@alone.example', 'Later');
    expect((await me(later)).business_invitation).toBeNull();
  });
  it("invites someone without an account in the inviter's language", async () => {
    await call('PUT', '/v1/user', admin, { attributes: { lang: 'fr' } });
    await call('POST', `/v1/businesses/${businessId}/members`, admin, {
      users: [{ email: 'nouveau@people.example' }],
    });
    const [mail] = await mailsTo(t.app, 'nouveau@people.example');
    expect(mail?.subject).toBe('Invitation à rejoindre un compte entreprise sur Countersign');
    expect(mail?.text).toContain('Entreprise: «People»');
  });

  it('registers a business on the EU platform in Germany when it names no country', async () => {
    const eu = await createTestApp(kind, { env: { PUBLIC_URL: 'https://countersign.de' } });
    try {
      const token = await signUp(eu.app, 'owner@eu.example', 'Eu');
      const created = await jsonCaller(eu.app)('POST', '/v2/businesses', token, {
        name: 'EU',
        accept_gtc: true,
        accept_dpa: true,
      });
      expect(created.json().country).toBe('DE');
    } finally {
      await eu.close();
    }
  });

  it('deletes by retention the ended requests of its members, not of someone removed', async () => {
    await call('PUT', `/v1/businesses/${businessId}/settings`, admin, {
      signature_requests: { retention: { enabled: true, terminal_state: 'withdrawn' } },
    });
    const stayer = await newMember('stayer@people.example');
    const gone = await newMember('gone@people.example');
    const ids = {
      stayer: await sendTo(stayer.token, 'x@elsewhere.example', 'Kept'),
      gone: await sendTo(gone.token, 'y@elsewhere.example', 'Taken'),
    };
    for (const [token, id] of [
      [stayer.token, ids.stayer],
      [gone.token, ids.gone],
    ] as const) {
      const withdrawn = await call('POST', `/v3/signature-requests/${id}/withdraw`, token, { message: '' });
      expect(withdrawn.statusCode).toBe(200);
    }
    await call('POST', `/v1/businesses/${businessId}/remove-members`, admin, { user_ids: [gone.id] });
    clock.advance(31 * DAY);
    expect(await t.app.jobs.businessHousekeeping()).toEqual({
      deletedBusinesses: 0,
      deletedRequests: 1,
      expiredDomainClaims: 0,
    });
    const logIn = async (email: string) =>
      (await call('POST', '/v1/login', undefined, { email, password: TEST_PASSWORD })).json().token as string;
    const [stayerNow, goneNow] = [await logIn('stayer@people.example'), await logIn('gone@people.example')];
    expect((await call('GET', `/v3/signature-requests/${ids.stayer}`, stayerNow)).statusCode).toBe(404);
    expect((await call('GET', `/v3/signature-requests/${ids.gone}`, goneNow)).statusCode).toBe(200);
  });
});
