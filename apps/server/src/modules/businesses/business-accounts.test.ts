// Business accounts over HTTP, on SQLite and PostgreSQL: a business is registered, two people are
// invited (one with an account, one without), both accept, one becomes admin and the other is
// removed; each sees what the rules say, an admin of another business gets 404 on every call,
// and bad input is a 4xx problem with a stable code that changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessEndpoints } from '@countersign/contract';
import { mailsTo, signUp, type SandboxMail } from '../../test-support/accounts.js';
import { jsonCaller } from '../../test-support/business.js';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';

describe.each(testDatabases())('business accounts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (...args: Parameters<ReturnType<typeof jsonCaller>>) => jsonCaller(t.app)(...args);
  const user = async (token: string) => (await call('GET', '/v1/user?v2=true', token)).json();
  /** The invitation mail to an address (mail is delivered in the background: wait for it). */
  async function invitationTo(address: string): Promise<SandboxMail> {
    for (let attempt = 0; attempt < 100; attempt++) {
      const mail = (await mailsTo(t.app, address)).find((m) => m.text.includes('/invite/'));
      if (mail) return mail;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no invitation mail to ${address}`);
  }

  let alice: string; // registers the business
  let bob: string; // has an account when invited
  let carol: string; // signs up after the invitation
  let eve: string; // admin of another business
  let businessId: string;
  let bobId: string;
  let carolId: string;

  it('registers a business whose creator is its admin', async () => {
    alice = await signUp(t.app, 'alice@example.org', 'Alice');
    bob = await signUp(t.app, 'bob@example.org', 'Bob');
    const res = await call('POST', '/v2/businesses', alice, {
      name: 'Acme',
      email: 'support@acme.example',
      phone: 'not a phone',
      accept_gtc: true,
      accept_dpa: true,
    });
    expect(res.statusCode).toBe(201);
    const business = res.json();
    businessId = business.id;
    // spec 5: an invalid support phone is blanked; spec 1: platform CH puts CH first
    expect(business).toMatchObject({ name: 'Acme', email: 'support@acme.example', phone: '', country: 'CH' });
    expect(business.role).toBe('admin');
    expect(business.counts).toEqual({ admins: 1, members: 0, invited_members: 0 });
    const me = await user(alice);
    expect(me.role).toBe('admin');
    expect(me.business).toMatchObject({ id: businessId, name: 'Acme', deletion_due_at: null });
    expect((await call('GET', '/v2/businesses/user', alice)).json().business.id).toBe(businessId);
    expect((await call('GET', '/v2/businesses/user', bob)).json()).toEqual({ business: null });
    expect((await user(bob)).role).toBe('user');
  });

  it('invites by e-mail, in each invitee language, with a link to /invite/{id}', async () => {
    const res = await call('POST', `/v1/businesses/${businessId}/members`, alice, {
      users: [
        { email: 'Bob@Example.org', lang: 'de' },
        { email: 'carol@example.org', lang: 'fr' },
      ],
    });
    expect(res.statusCode).toBe(201);
    const [toBob, toCarol] = res.json().invitations;
    expect(toBob.email).toBe('bob@example.org');
    const bobMail = await invitationTo('bob@example.org');
    expect(bobMail.subject).toBe('Einladung zu einem Geschäftskonto auf Countersign');
    expect(bobMail.text).toContain('Unternehmen: «Acme»');
    expect(bobMail.text).toContain(`http://countersign.test/invite/${toBob.id}`);
    const carolMail = await invitationTo('carol@example.org');
    expect(carolMail.subject).toBe('Invitation à rejoindre un compte entreprise sur Countersign');
    expect(carolMail.text).toContain(`/invite/${toCarol.id}`);
    const list = (await call('GET', `/v2/businesses/${businessId}/invitations?size=25`, alice)).json();
    expect(list.total).toBe(2);
    expect(list.items.map((i: { email: string }) => i.email).sort()).toEqual([
      'bob@example.org',
      'carol@example.org',
    ]);
    // the invitee sees the invitation with the account, before anything else
    expect((await user(bob)).business_invitation).toMatchObject({ business_name: 'Acme', via: 'invitation' });
  });

  it("names the business and the inviter to whoever holds the mail's link, and only to them", async () => {
    const mail = await invitationTo('carol@example.org');
    const link = /http:\/\/countersign\.test(\/invite\/[\w-]+\?email=[^\s]+)/.exec(mail.text)![1]!;
    expect(link).toContain('?email=carol%40example.org');
    const inviteId = /\/invite\/([\w-]+)/.exec(link)![1];
    const preview = (email: string) =>
      call('GET', `/v1/invitations/${inviteId}?email=${encodeURIComponent(email)}`);
    const res = await preview('Carol@Example.org');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ business_name: 'Acme', inviter_name: 'Alice Tester' });
    // the id alone is not enough: another address, or an unknown id, names nothing
    const wrong = await preview('mallory@example.org');
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().code).toBe('business.invitation_not_found');
    const unknown = await call('GET', '/v1/invitations/no-such-id?email=carol%40example.org');
    expect(unknown.json().code).toBe('business.invitation_not_found');
  });

  it('lets each invitee accept: the one with an account, and the one who signs up after', async () => {
    const accepted = await call('POST', '/v1/user/accept', bob, { business_invite: true });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ role: 'member', attributes: { accepted_business_invite: true } });
    bobId = accepted.json().id;

    carol = await signUp(t.app, 'carol@example.org', 'Carol');
    const inviteId = /\/invite\/([\w-]+)/.exec((await invitationTo('carol@example.org')).text)![1];
    const res = await call('POST', '/v1/user/accept', carol, {
      business_invite: true,
      business_invite_id: inviteId,
    });
    expect(res.json()).toMatchObject({ role: 'member', business: { id: businessId } });
    carolId = res.json().id;
    // an accepted invitation is spent: its link names nothing any more
    const spent = await call('GET', `/v1/invitations/${inviteId}?email=carol%40example.org`);
    expect(spent.statusCode).toBe(404);

    const members = (await call('GET', `/v1/businesses/${businessId}/members`, alice)).json();
    expect(members.items.map((m: { email: string }) => m.email).sort()).toEqual([
      'bob@example.org',
      'carol@example.org',
    ]);
    expect((await call('GET', `/v2/businesses/${businessId}/invitations`, alice)).json().total).toBe(0);
  });

  it('keeps admin calls to admins: a member reads the business and gets 403 on the rest', async () => {
    expect((await call('GET', `/v1/businesses/${businessId}`, carol)).json()).toMatchObject({
      role: 'member',
      allowed_actions: ['view', 'view_public_information', 'leave', 'list_own_seals', 'answer_survey'],
    });
    const res = await call('GET', `/v1/businesses/${businessId}/members`, carol);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('business.forbidden');
  });

  it('makes one member admin and removes the other, who keeps the account and sees the downgrade', async () => {
    const promoted = await call('POST', `/v1/businesses/${businessId}/change-to-admins`, alice, {
      user_ids: [bobId],
    });
    expect(promoted.json().users[0]).toMatchObject({ user_id: bobId, role: 'admin' });
    expect((await user(bob)).role).toBe('admin');
    const admins = (await call('GET', `/v1/businesses/${businessId}/admins`, bob)).json();
    expect(admins.items.map((a: { email: string }) => a.email)).toEqual([
      'alice@example.org',
      'bob@example.org',
    ]);

    const removed = await call('POST', `/v1/businesses/${businessId}/remove-members`, bob, {
      user_ids: [carolId],
    });
    expect(removed.json()).toEqual({ removed: [carolId] });
    const me = await user(carol);
    expect(me).toMatchObject({ role: 'user', business: null, attributes: { removed_from_business: true } });
    expect((await call('GET', `/v1/businesses/${businessId}`, carol)).statusCode).toBe(404);
    // the downgrade dialog was seen: the flag can be cleared, not set
    const cleared = await call('PUT', '/v1/user', carol, { attributes: { removed_from_business: false } });
    expect(cleared.json().attributes.removed_from_business).toBe(false);
    expect(
      (await call('PUT', '/v1/user', carol, { attributes: { removed_from_business: true } })).statusCode,
    ).toBe(400);
  });

  it('answers 404 to the admin of another business on every business call', async () => {
    eve = await signUp(t.app, 'eve@example.org', 'Eve');
    const other = await call('POST', '/v2/businesses', eve, {
      name: 'Other',
      accept_gtc: true,
      accept_dpa: true,
    });
    expect(other.statusCode).toBe(201);
    const inviteId = 'x'.repeat(20);
    const bodies: Record<string, unknown> = {
      updateBusiness: { name: 'Taken' },
      updateBusinessSettings: { user_pilot: { enabled: true } },
      changeToAdmins: { user_ids: [bobId] },
      changeToMembers: { user_ids: [bobId] },
      removeBusinessMembers: { user_ids: [bobId] },
      inviteBusinessMembers: { users: [{ email: 'x@example.org' }] },
      addBusinessDomain: { domain: 'acme.example' },
    };
    // the invitation preview is public and names no business in its path (tested above)
    const skip = [
      'getUserBusiness',
      'createBusiness',
      'getBusinessLogo',
      'directGetPublicInformation',
      'getInvitationPreview',
    ];
    let checked = 0;
    for (const [name, endpoint] of Object.entries(businessEndpoints)) {
      if (skip.includes(name)) continue;
      const url = endpoint.path
        .replace('{id}', businessId)
        .replace('{inviteId}', inviteId)
        .replace('{domain}', 'acme.example');
      const res = await call(
        endpoint.method,
        url,
        eve,
        bodies[name] ?? (endpoint.method === 'GET' || endpoint.method === 'DELETE' ? undefined : {}),
      );
      expect([name, res.statusCode, res.json().code]).toEqual([name, 404, 'business.not_found']);
      checked++;
    }
    expect(checked).toBe(Object.keys(businessEndpoints).length - skip.length);
    // nothing changed on the way
    expect((await call('GET', `/v1/businesses/${businessId}`, alice)).json()).toMatchObject({
      name: 'Acme',
      counts: { admins: 2, members: 0, invited_members: 0 },
    });
  });

  it('refuses bad input with a stable code and changes nothing', async () => {
    const expectProblem = async (
      res: { statusCode: number; json(): { code: string } },
      status: number,
      code: string,
    ) => {
      expect([res.statusCode, res.json().code]).toEqual([status, code]);
    };
    const invite = (users: unknown[]) =>
      call('POST', `/v1/businesses/${businessId}/members`, alice, { users });
    await expectProblem(
      await invite([{ email: 'dan@example.org' }, { email: 'DAN@example.org' }]),
      409,
      'business.invitation_duplicate',
    );
    expect((await invite([{ email: 'dan@example.org' }])).statusCode).toBe(201);
    await expectProblem(await invite([{ email: 'dan@example.org' }]), 409, 'business.invitation_duplicate');
    // a member of another business, together with a valid address: neither is invited
    await expectProblem(
      await invite([{ email: 'fay@example.org' }, { email: 'eve@example.org' }]),
      409,
      'business.member_of_another',
    );
    await expectProblem(await invite([{ email: 'bob@example.org' }]), 409, 'business.already_member');
    await expectProblem(await invite([{ email: 'not an address' }]), 400, 'request.validation_failed');
    const invitations = (await call('GET', `/v2/businesses/${businessId}/invitations`, alice)).json();
    expect(invitations.items.map((i: { email: string }) => i.email)).toEqual(['dan@example.org']);

    // the last admin cannot step down: demoting both admins changes neither
    const bothAdmins = (await call('GET', `/v1/businesses/${businessId}/admins`, alice))
      .json()
      .items.map((a: { user_id: string }) => a.user_id);
    await expectProblem(
      await call('POST', `/v1/businesses/${businessId}/change-to-members`, alice, { user_ids: bothAdmins }),
      409,
      'business.last_admin',
    );
    await expectProblem(
      await call('POST', `/v1/businesses/${businessId}/remove-members`, alice, { user_ids: bothAdmins }),
      409,
      'business.last_admin',
    );
    expect((await call('GET', `/v1/businesses/${businessId}/admins`, alice)).json().total).toBe(2);
    // someone who is not of this business cannot be named
    await expectProblem(
      await call('POST', `/v1/businesses/${businessId}/change-to-admins`, alice, { user_ids: [carolId] }),
      404,
      'business.member_not_found',
    );

    await expectProblem(
      await call('POST', `/v1/businesses/${businessId}/domains`, alice, { domain: 'not_a domain' }),
      422,
      'business.domain_invalid',
    );
    await expectProblem(
      await call('POST', `/v1/businesses/${businessId}/domains`, alice, { domain: '-acme.example' }),
      422,
      'business.domain_invalid',
    );
    await expectProblem(
      await call('PUT', `/v1/businesses/${businessId}/settings`, alice, { colour: 'red' }),
      400,
      'request.validation_failed',
    );
    await expectProblem(
      await call('PUT', `/v1/businesses/${businessId}/settings`, alice, {
        user_pilot: { enabled: true },
        mail_service: { attachments: { signed_document: { customisable: true } } },
      }),
      422,
      'business.setting_not_supported',
    );
    const settings = (await call('GET', `/v1/businesses/${businessId}/settings`, alice)).json().settings;
    expect(settings.user_pilot.enabled).toBe(false);
    expect(settings.signature_requests.part11.enabled).toBe(false);
    expect((await call('GET', `/v1/businesses/${businessId}`, alice)).json().domains).toEqual([]);

    // one business per person
    await expectProblem(
      await call('POST', '/v2/businesses', bob, { name: 'Second', accept_gtc: true, accept_dpa: true }),
      409,
      'business.already_member',
    );
    await expectProblem(
      await call('POST', '/v1/user/accept', carol, { business_invite: true }),
      404,
      'business.invitation_not_found',
    );
  });

  it('withdraws an invitation, which can then no longer be accepted', async () => {
    const invitation = (await call('GET', `/v2/businesses/${businessId}/invitations`, alice)).json().items[0];
    expect(
      (await call('DELETE', `/v1/businesses/${businessId}/invitations/${invitation.id}`, alice)).json(),
    ).toEqual({ ok: true });
    const dan = await signUp(t.app, 'dan@example.org', 'Dan');
    const res = await call('POST', '/v1/user/accept', dan, {
      business_invite: true,
      business_invite_id: invitation.id,
    });
    expect([res.statusCode, res.json().code]).toEqual([404, 'business.invitation_not_found']);
    expect((await user(dan)).business_invitation).toBeNull();
  });
});
