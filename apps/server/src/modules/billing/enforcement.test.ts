// What a plan allows, enforced by the server, on SQLite and PostgreSQL: the new free plan does not
// upload; a business past its trial (or locked) does not upload or send; inviting needs a free
// seat; signatures count against the month's allowance, exactly up to it even when made at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformForDomain } from '@countersign/domain';
import { createRequestWithFiles, signUp } from '../../test-support/accounts.js';
import { businessWithMember, sessionsOn } from '../../test-support/billing.js';
import { jsonCaller } from '../../test-support/business.js';
import { startTestDnsServer, type TestDnsServer } from '../../test-support/dns-server.js';
import { generatedPdf } from '../../test-support/pdfs.js';
import { createTestApp, createTestClock, testDatabases, type TestApp } from '../../test-support/test-app.js';
import { createPlanGate } from './enforcement.js';

const DAY = 86_400_000;

describe.each(testDatabases())('plan enforcement on %s', (kind) => {
  let t: TestApp;
  let dns: TestDnsServer;
  let pdf: Buffer;
  const clock = createTestClock(new Date('2026-11-22T10:00:00Z'));
  beforeAll(async () => {
    dns = await startTestDnsServer();
    t = await createTestApp(kind, { clock, env: { DNS_RESOLVER: dns.address } });
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

  it('stops a business past its trial from uploading and sending, until it pays', async () => {
    const session = sessionsOn(t.app, clock);
    const late = await businessWithMember(t.app, 'late');
    let member = late.member;
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
    await (attempts[0] as PromiseFulfilledResult<() => Promise<void>>).value();
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
