// Endings end everything (ADR 061), on SQLite and PostgreSQL: a removed member comes back only
// through a new invitation and without their old seals; while a deletion is pending the business
// is locked (its API users refused, nothing new sent or signed for it) and revoking restores it;
// a deleted business's API users are no longer known and its paid plan is not renewed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../../test-support/accounts.js';
import { businessWithMember, enterCard } from '../../test-support/billing.js';
import { jsonCaller, verifyOrganisation } from '../../test-support/business.js';
import { generatedPdf, multipart } from '../../test-support/pdfs.js';
import { createTestApp, createTestClock, testDatabases, type TestApp } from '../../test-support/test-app.js';

const DAY_MS = 86_400_000;

describe.each(testDatabases())('the end of a place in a business on %s', (kind) => {
  let t: TestApp;
  const clock = createTestClock();
  const call = (...args: Parameters<ReturnType<typeof jsonCaller>>) => jsonCaller(t.app)(...args);
  const basic = (api: { username: string; secret: string }) =>
    `Basic ${Buffer.from(`${api.username}:${api.secret}`).toString('base64')}`;

  async function apiUserOf(admin: string, businessId: string) {
    const res = await call('POST', `/v1/businesses/${businessId}/apis`, admin, { description: 'erp' });
    expect(res.statusCode, res.body).toBe(201);
    return { username: res.json().api_user.username as string, secret: res.json().secret as string };
  }
  /** A new session of `email` (the clock moved past the old one); its token. */
  const signInAfresh = async (email: string) => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/v1/login',
      payload: { email, password: TEST_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    return login.json().token as string;
  };
  const upload = async (authorization: string) => {
    const body = multipart({ payload: JSON.stringify({ title: 'Order' }) }, [
      { field: 'documents', name: 'order.pdf', bytes: await generatedPdf(1, 'Order') },
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/v3/signature-requests',
      payload: body.payload,
      headers: { ...body.headers, authorization },
    });
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets a removed member back only through a new invitation, without their old seals', async () => {
    const b = await businessWithMember(t.app, 'removal');
    const me = await call('GET', '/v1/user', b.member);
    const memberId = me.json().id as string;
    // the business holds the member's domain, proven (the proof itself is domain-proof's test)
    await call('POST', `/v1/businesses/${b.businessId}/domains`, b.admin, { domain: 'example.org' });
    await t.db.kysely
      .updateTable('business_domains')
      .set({ verified_at: clock.now().toISOString() })
      .where('domain', '=', 'example.org')
      .execute();
    await verifyOrganisation(t, b.businessId, b.admin);
    const seal = await call('POST', `/v1/businesses/${b.businessId}/seals`, b.admin, {
      name: 'orders',
      label: 'Orders',
    });
    expect(seal.statusCode, seal.body).toBe(201);
    await call('POST', `/v1/businesses/${b.businessId}/seals/orders/members`, b.admin, {
      members: [memberId],
    });

    const removed = await call('POST', `/v1/businesses/${b.businessId}/remove-members`, b.admin, {
      user_ids: [memberId],
    });
    expect(removed.statusCode, removed.body).toBe(200);
    // joining again through the verified domain is refused, and changes nothing
    const rejoin = await call('POST', '/v1/user/accept', b.member, { business_invite: true });
    expect([rejoin.statusCode, rejoin.json().code]).toEqual([403, 'business.rejoin_needs_invitation']);
    expect((await call('GET', '/v2/businesses/user', b.member)).json().business).toBeNull();

    // a new invitation lets them back, as a member assigned to no seal
    await call('POST', `/v1/businesses/${b.businessId}/members`, b.admin, {
      users: [{ email: b.memberEmail }],
    });
    const back = await call('POST', '/v1/user/accept', b.member, { business_invite: true });
    expect(back.statusCode, back.body).toBe(200);
    expect((await call('GET', `/v1/businesses/${b.businessId}/seals`, b.member)).json().seals).toEqual([]);
    const detail = await call('GET', `/v1/businesses/${b.businessId}/seals/orders`, b.admin);
    expect(detail.json()).toMatchObject({ n_members: 0, members: [] });
  });

  it('locks a business while its deletion is pending, and revoking it restores everything', async () => {
    const b = await businessWithMember(t.app, 'pending');
    const api = await apiUserOf(b.admin, b.businessId);
    expect((await upload(basic(api))).statusCode).toBe(201);

    const scheduled = await call('DELETE', `/v2/businesses/${b.businessId}`, b.admin);
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    const byApi = await upload(basic(api));
    expect([byApi.statusCode, byApi.json().code]).toEqual([403, 'business.deletion_pending']);
    const byMember = await upload(`Bearer ${b.member}`);
    expect([byMember.statusCode, byMember.json().code]).toEqual([403, 'business.deletion_pending']);
    const invite = await call('POST', `/v1/businesses/${b.businessId}/members`, b.admin, {
      users: [{ email: 'late@example.org' }],
    });
    expect([invite.statusCode, invite.json().code]).toEqual([403, 'business.deletion_pending']);

    const revoked = await call('POST', `/v2/businesses/${b.businessId}/revoke_delete`, b.admin);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await upload(basic(api))).statusCode).toBe(201);
    expect((await upload(`Bearer ${b.member}`)).statusCode).toBe(201);
  });

  it("ends a deleted business's API users and people's places with it", async () => {
    const b = await businessWithMember(t.app, 'deleted');
    const api = await apiUserOf(b.admin, b.businessId);
    await call('DELETE', `/v2/businesses/${b.businessId}`, b.admin);
    clock.advance(31 * DAY_MS);
    expect((await t.app.jobs.businessHousekeeping()).deletedBusinesses).toBe(1);

    const byApi = await upload(basic(api));
    expect([byApi.statusCode, byApi.json().code]).toEqual([401, 'auth.invalid_api_credentials']);
    // its people stay, as individuals (signed in afresh: a month has passed)
    const mine = await call('GET', '/v2/businesses/user', await signInAfresh(b.memberEmail));
    expect(mine.json().business).toBeNull();
  });

  it('charges a business being deleted nothing, and ends its paid plan with it', async () => {
    const b = await businessWithMember(t.app, 'paying');
    const setup = await call(
      'POST',
      `/v2/businesses/${b.businessId}/subscriptions/stripe_setup_intent`,
      b.admin,
      {
        country: 'CH',
      },
    );
    const card = await enterCard(t.app, setup.json().redirect_url as string, '4242 4242 4242 4242');
    expect(card).toMatchObject({ redirectStatus: 'succeeded' });
    const upgrade = await call('PUT', `/v2/businesses/${b.businessId}/subscriptions/upgrade`, b.admin, {
      plan: 'pro',
      cycle: 'monthly',
      amount_seats: 2,
    });
    expect(upgrade.json(), upgrade.body).toMatchObject({ status: 'succeeded' });
    const subscription = () =>
      t.db.kysely
        .selectFrom('billing_subscriptions')
        .select(['plan', 'period_end', 'payment_state', 'subscription_status'])
        .where('business_id', '=', b.businessId)
        .executeTakeFirstOrThrow();
    const renewals = async () =>
      (await t.db.kysely.selectFrom('billing_charges').select('kind').where('kind', '=', 'renewal').execute())
        .length;
    const paid = await subscription();
    expect(paid).toMatchObject({ plan: 'pro', payment_state: 'STRIPE' });

    // the deletion is scheduled ten days before the paid month ends, by an admin signed in afresh
    clock.advance(Date.parse(paid.period_end!) - 10 * DAY_MS - clock.now().getTime());
    const scheduled = await call(
      'DELETE',
      `/v2/businesses/${b.businessId}`,
      await signInAfresh(b.adminEmail),
    );
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    const before = await renewals();

    // the month ends while the deletion may still be revoked: nothing is charged, nothing ends
    clock.advance(11 * DAY_MS);
    expect(await t.app.jobs.billing()).toMatchObject({ renewed: 0, renewalsFailed: 0, ended: 0 });
    expect(await renewals()).toBe(before);
    expect(await subscription()).toMatchObject({ plan: 'pro', period_end: paid.period_end });

    // once the business is deleted, its plan ends instead of renewing
    clock.advance(20 * DAY_MS);
    expect((await t.app.jobs.businessHousekeeping()).deletedBusinesses).toBe(1);
    expect(await t.app.jobs.billing()).toMatchObject({ renewed: 0, ended: 1 });
    expect(await renewals()).toBe(before);
    expect(await subscription()).toMatchObject({ subscription_status: 'canceled' });
    expect(await t.app.jobs.billing()).toMatchObject({ renewed: 0, ended: 0 });
  });
});
