// What a plan allows, enforced by the server, on SQLite and PostgreSQL: the new free plan does not
// upload; a business past its trial (or locked) does not upload or send; inviting needs a free
// seat, and lowering the seats (or a change to fewer seats waiting for 3-D Secure) leaves none to an
// invitation sent meanwhile; signatures count against the month's allowance, exactly up to it even
// when made at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformForDomain } from '@countersign/domain';
import { createRequestWithFiles, signUp } from '../../test-support/accounts.js';
import { businessWithMember, enterCard, postForm, sessionsOn } from '../../test-support/billing.js';
import { testFailpoints } from '../../test-support/failpoints.js';
import { jsonCaller } from '../../test-support/business.js';
import { startTestDnsServer, type TestDnsServer } from '../../test-support/dns-server.js';
import { generatedPdf } from '../../test-support/pdfs.js';
import { createTestApp, createTestClock, testDatabases, type TestApp } from '../../test-support/test-app.js';
import { createTenantResolver } from '../businesses/index.js';
import { createThrottle } from '../accounts/index.js';
import { createPlanGate } from './enforcement.js';

const DAY = 86_400_000;

/** Waits until `call` settles, or `ms` at most (a call that waits for a lock does not settle). */
const settledOrAfter = (call: Promise<unknown>, ms: number) =>
  Promise.race([call, new Promise((resolve) => setTimeout(resolve, ms))]);

describe.each(testDatabases())('plan enforcement on %s', (kind) => {
  let t: TestApp;
  let dns: TestDnsServer;
  let pdf: Buffer;
  const clock = createTestClock(new Date('2026-11-22T10:00:00Z'));
  const points = testFailpoints();
  beforeAll(async () => {
    dns = await startTestDnsServer();
    t = await createTestApp(kind, { clock, failpoint: points.failpoint, env: { DNS_RESOLVER: dns.address } });
    pdf = await generatedPdf(1, 'Plan');
  });
  afterAll(async () => {
    await t.close();
    await dns.close();
  });
  const call = (...args: Parameters<ReturnType<typeof jsonCaller>>) => jsonCaller(t.app)(...args);
  const upload = (token: string, title: string) =>
    createRequestWithFiles(t.app, token, { title }, [{ name: 'plan.pdf', bytes: pdf }]);
  /** What an operator does to move an account onto a free plan type. */
  const setFreeType = async (email: string, freeAccountType: string) => {
    const row = await t.db.kysely
      .selectFrom('users')
      .select(['id', 'attributes'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const attributes = { ...JSON.parse(row.attributes), freeAccountType };
    await t.db.kysely
      .updateTable('users')
      .set({ attributes: JSON.stringify(attributes) })
      .where('id', '=', row.id)
      .execute();
    return row.id;
  };
  const gate = () =>
    createPlanGate({
      db: t.db.kysely,
      clock,
      provider: undefined,
      publicUrl: 'http://countersign.test',
      platform: platformForDomain('countersign.test'),
      log: { error: () => undefined, info: () => undefined },
      tenants: createTenantResolver(t.db.kysely),
      throttle: createThrottle(t.db.kysely, () => clock.now()),
    });

  it('refuses uploads on the new free plan, and keeps them for the other free types', async () => {
    const token = await signUp(t.app, 'free@example.org', 'Fay');
    await setFreeType('free@example.org', 'free_v1');
    const refused = await upload(token, 'Not on this plan');
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'billing.upload_not_in_plan']);
    expect((await call('GET', '/v2/user/price_plan', token)).json()).toMatchObject({
      free_account_type: 'free_v1',
      can_upload: false,
    });
    const list = await call('GET', '/v3/signature-requests?page=1&size=25', token);
    expect(list.json().total ?? list.json().items?.length ?? 0).toBe(0);
    await setFreeType('free@example.org', 'free_migrated');
    expect((await upload(token, 'Allowed')).statusCode).toBe(201);
  });

  it('fills the seats with people and open invitations, then refuses more', async () => {
    const { admin, businessId } = await businessWithMember(t.app, 'seats');
    const invite = (emails: string[]) =>
      call('POST', `/v1/businesses/${businessId}/members`, admin, {
        users: emails.map((email) => ({ email })),
      });
    // the trial has 5 seats: the admin, the member and three invitations
    expect((await invite(['a@seats.example', 'b@seats.example', 'c@seats.example'])).statusCode).toBe(201);
    const full = await invite(['d@seats.example']);
    expect([full.statusCode, full.json().code]).toEqual([409, 'billing.seats_exhausted']);
    const open = await call('GET', `/v2/businesses/${businessId}/invitations`, admin);
    expect(open.json().total).toBe(3);
    expect(
      (await call('GET', `/v2/businesses/${businessId}/subscriptions/usage`, admin)).json().seats,
    ).toEqual({
      purchased: 5,
      people: 2,
      pending_invitations: 3,
    });
  });

  it('lets someone on a verified domain join only into a free seat', async () => {
    const { admin, businessId } = await businessWithMember(t.app, 'domainseats');
    const claim = () =>
      call('POST', `/v1/businesses/${businessId}/domains`, admin, { domain: 'seatful.example' });
    const proof = (await claim()).json().proof;
    dns.records.set(proof.name, [proof.value]);
    expect((await claim()).json()).toMatchObject({ verified: true });
    // 5 trial seats: the admin, the member and three open invitations fill them
    const invited = await call('POST', `/v1/businesses/${businessId}/members`, admin, {
      users: ['x', 'y', 'z'].map((name) => ({ email: `${name}@elsewhere.example` })),
    });
    expect(invited.statusCode).toBe(201);
    const eve = await signUp(t.app, 'eve@seatful.example', 'Eve');
    const refused = await call('POST', '/v1/user/accept', eve, { business_invite: true });
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'billing.seats_exhausted']);
    const usage = async () =>
      (await call('GET', `/v2/businesses/${businessId}/subscriptions/usage`, admin)).json().seats;
    expect(await usage()).toEqual({ purchased: 5, people: 2, pending_invitations: 3 });
    // withdrawing an invitation frees its seat, and the domain's person takes it
    const first = invited.json().invitations[0].id as string;
    await call('DELETE', `/v1/businesses/${businessId}/invitations/${first}`, admin);
    expect((await call('POST', '/v1/user/accept', eve, { business_invite: true })).statusCode).toBe(200);
    expect(await usage()).toEqual({ purchased: 5, people: 3, pending_invitations: 2 });
  });

  it('lets invitations made at once take only the seats that are free', async () => {
    const { admin, businessId } = await businessWithMember(t.app, 'race');
    const version = async () =>
      (await call('GET', `/v2/businesses/${businessId}/price_plan`, admin)).json().timestamp as string;
    const before = await version();
    // 5 trial seats, 2 taken: of six invitations sent together, three find a seat
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call('POST', `/v1/businesses/${businessId}/members`, admin, {
          users: [{ email: `p${i}@race.example` }],
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 409, 409, 409]);
    expect(results.filter((r) => r.statusCode === 409).map((r) => r.json().code)).toEqual(
      Array(3).fill('billing.seats_exhausted'),
    );
    const seats = (await call('GET', `/v2/businesses/${businessId}/subscriptions/usage`, admin)).json().seats;
    expect(seats).toEqual({ purchased: 5, people: 2, pending_invitations: 3 });
    expect((await call('GET', `/v2/businesses/${businessId}/invitations`, admin)).json().total).toBe(3);
    // holding the seats does not move the plan's version: a seat change read before still applies
    expect(await version()).toBe(before);
  });

  const seatUsage = async (businessId: string, admin: string) =>
    (await call('GET', `/v2/businesses/${businessId}/subscriptions/usage`, admin)).json().seats;
  /** A business of two people on pro monthly with 6 seats, paid with `card`. */
  const onSixSeats = async (prefix: string, card: string) => {
    const business = await businessWithMember(t.app, prefix);
    const setup = await call(
      'POST',
      `/v2/businesses/${business.businessId}/subscriptions/stripe_setup_intent`,
      business.admin,
      { country: 'CH' },
    );
    expect(await enterCard(t.app, setup.json().redirect_url, card)).toMatchObject({
      redirectStatus: 'succeeded',
    });
    const bought = await call(
      'PUT',
      `/v2/businesses/${business.businessId}/subscriptions/upgrade`,
      business.admin,
      {
        plan: 'pro',
        cycle: 'monthly',
        amount_seats: 6,
      },
    );
    if (bought.json().status === 'requires_action') {
      await postForm(t.app, bought.json().action_url, { decision: 'approve' });
      await t.app.jobs.deliverPaymentWebhooks();
    }
    const timestamp = (
      await call('GET', `/v2/businesses/${business.businessId}/price_plan`, business.admin)
    ).json().timestamp as string;
    expect(await seatUsage(business.businessId, business.admin)).toMatchObject({ purchased: 6, people: 2 });
    return { ...business, timestamp };
  };

  it('keeps no more people than seats when the seats are lowered while invitations are sent', async () => {
    const { admin, businessId, timestamp } = await onSixSeats('shrink', '4242 4242 4242 4242');
    // 6 seats, 2 taken: the change to 2 seats is held once it counted the people; four invitations
    // are sent meanwhile. They wait for the change and find no seat, or (had they passed) the
    // change would leave six people and invitations on two seats.
    const hold = points.hold('billing.seats_checked');
    const lowering = call('PUT', `/v2/businesses/${businessId}/subscriptions/seats`, admin, {
      seats: 2,
      timestamp,
    });
    await hold.reached;
    const inviting = Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        call('POST', `/v1/businesses/${businessId}/members`, admin, {
          users: [{ email: `s${i}@shrink.example` }],
        }),
      ),
    );
    await settledOrAfter(inviting, 1500);
    hold.release();
    expect((await lowering).statusCode).toBe(200);
    expect((await inviting).map((r) => `${r.statusCode} ${r.json().code}`)).toEqual(
      Array(4).fill('409 billing.seats_exhausted'),
    );
    expect(await seatUsage(businessId, admin)).toEqual({ purchased: 2, people: 2, pending_invitations: 0 });
  });

  it('holds the seats of a change that waits for 3-D Secure, and frees them when it fails', async () => {
    // a card that asks for 3-D Secure on every charge: the change to yearly with 2 seats waits
    const { admin, businessId } = await onSixSeats('pending', '4000 0027 6000 3184');
    const yearly = await call('PUT', `/v2/businesses/${businessId}/subscriptions/upgrade`, admin, {
      plan: 'pro',
      cycle: 'yearly',
      amount_seats: 2,
    });
    expect(yearly.json()).toMatchObject({ status: 'requires_action' });
    const invite = () =>
      call('POST', `/v1/businesses/${businessId}/members`, admin, {
        users: [{ email: 'x@pending.example' }],
      });
    const held = await invite();
    expect([held.statusCode, held.json().code]).toEqual([409, 'billing.seats_exhausted']);
    // the card holder refuses: the 6 seats stand, and the invitation finds one
    await postForm(t.app, yearly.json().action_url, { decision: 'fail' });
    await t.app.jobs.deliverPaymentWebhooks();
    expect((await invite()).statusCode).toBe(201);
    expect(await seatUsage(businessId, admin)).toEqual({ purchased: 6, people: 2, pending_invitations: 1 });
  });

  it('stops a business past its trial from uploading and sending, until it pays', async () => {
    const session = sessionsOn(t.app, clock);
    const late = await businessWithMember(t.app, 'late');
    let member = late.member;
    // the business's API user sends on the business's plan, not on a plan of its own
    const made = (await call('POST', `/v1/businesses/${late.businessId}/apis`, late.admin, {})).json();
    const apiUser = {
      authorization: `Basic ${Buffer.from(`${made.api_user.username}:${made.secret}`).toString('base64')}`,
    };
    const uploadAsApiUser = (title: string) =>
      createRequestWithFiles(t.app, apiUser, { title }, [{ name: 'plan.pdf', bytes: pdf }]);
    expect((await uploadAsApiUser('On trial')).statusCode).toBe(201);
    const draft = await createRequestWithFiles(
      t.app,
      member,
      { title: 'Before the end', signatures: [{ email: 'someone@example.org' }] },
      [{ name: 'plan.pdf', bytes: pdf }],
    );
    expect(draft.statusCode).toBe(201);
    clock.advance(15 * DAY);
    await t.app.jobs.billing();
    const admin = await session(late.adminEmail);
    member = await session(late.memberEmail);
    for (const token of [admin, member]) {
      const refused = await upload(token, 'After the end');
      expect([refused.statusCode, refused.json().code]).toEqual([403, 'billing.business_locked']);
    }
    const locked = await uploadAsApiUser('After the end');
    expect([locked.statusCode, locked.json().code]).toEqual([403, 'billing.business_locked']);
    const send = await call('POST', `/v3/signature-requests/${draft.json().id}/initiate`, member);
    expect([send.statusCode, send.json().code]).toEqual([403, 'billing.business_locked']);
    const invite = await call(
      'POST',
      `/v1/businesses/${(await call('GET', '/v2/businesses/user', admin)).json().business.id}/members`,
      admin,
      {
        users: [{ email: 'new@late.example' }],
      },
    );
    expect(invite.json().code).toBe('billing.business_locked');
  });

  it('counts signatures against the month allowance exactly, even made at once, and gives back failed ones', async () => {
    await signUp(t.app, 'migrated@example.org', 'Mia');
    const userId = await setFreeType('migrated@example.org', 'free_migrated');
    const plans = gate();
    // free_migrated: 5 advanced signatures a month
    const attempts = await Promise.allSettled(
      Array.from({ length: 8 }, () => plans.reserveSignature(userId, 'aes')),
    );
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(5);
    const refusals = attempts.filter((a): a is PromiseRejectedResult => a.status === 'rejected');
    expect(refusals.map((r) => (r.reason as { code: string }).code)).toEqual(
      Array(3).fill('billing.signatures_exhausted'),
    );
    // a signature that failed gives its count back
    const granted = attempts.find((a) => a.status === 'fulfilled');
    await (granted as PromiseFulfilledResult<() => Promise<void>>).value();
    await expect(plans.reserveSignature(userId, 'aes')).resolves.toBeTypeOf('function');
    await expect(plans.reserveSignature(userId, 'qes')).rejects.toMatchObject({
      code: 'billing.signatures_exhausted',
    });
    // simple signatures have no limit on this plan; the next month starts afresh
    await expect(plans.reserveSignature(userId, 'ses')).resolves.toBeTypeOf('function');
    clock.advance(31 * DAY);
    await expect(plans.reserveSignature(userId, 'aes')).resolves.toBeTypeOf('function');
  });
});
