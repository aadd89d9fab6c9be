// Business calls that race, on SQLite and PostgreSQL: two admins demoting or removing each other
// at once leave one admin (the later call is refused); the same address invited twice at once,
// and an invitation accepted twice at once (a double click), give one success and one 409
// problem, never a 5xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test-support/accounts.js';
import { jsonCaller } from '../../test-support/business.js';
import { testFailpoints } from '../../test-support/failpoints.js';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';

const ROUNDS = 3;

/** Waits until `call` settles, or `ms` at most (a call that waits for a lock does not settle). */
const settledOrAfter = (call: Promise<unknown>, ms: number) =>
  Promise.race([call, new Promise((resolve) => setTimeout(resolve, ms))]);

describe.each(testDatabases())('racing business calls on %s', (kind) => {
  let t: TestApp;
  const points = testFailpoints();
  let businessId: string;
  const admins: { token: string; id: string }[] = [];
  const call = (...args: Parameters<ReturnType<typeof jsonCaller>>) => jsonCaller(t.app)(...args);
  const outcome = (res: { statusCode: number; json(): { code?: string } }) =>
    res.statusCode < 300 ? 'ok' : `${res.statusCode} ${res.json().code}`;

  beforeAll(async () => {
    t = await createTestApp(kind, { failpoint: points.failpoint });
    for (const name of ['first', 'second']) {
      const token = await signUp(t.app, `${name}@race.example`, name);
      admins.push({ token, id: (await call('GET', '/v1/user', token)).json().id });
    }
    businessId = (
      await call('POST', '/v2/businesses', admins[0]!.token, {
        name: 'Race',
        accept_gtc: true,
        accept_dpa: true,
      })
    ).json().id;
    await call('POST', `/v1/businesses/${businessId}/members`, admins[0]!.token, {
      users: [{ email: 'second@race.example' }],
    });
    await call('POST', '/v1/user/accept', admins[1]!.token, { business_invite: true });
  });
  /**
   * Starts `first` and holds it after its last-admin check, inside its transaction; starts
   * `second` and gives it time to finish (it cannot while it waits for the first); then lets the
   * first go on. The outcome of each.
   */
  async function overlap(first: () => ReturnType<typeof call>, second: () => ReturnType<typeof call>) {
    const hold = points.hold('business.admin_checked');
    const held = first();
    await hold.reached;
    const overlapping = second();
    await settledOrAfter(overlapping, 1500);
    hold.release();
    return [outcome(await held), outcome(await overlapping)];
  }
  afterAll(async () => {
    await t.close();
  });

  it('keeps one admin when two admins demote each other at once', async () => {
    // the first demotion is held after its last-admin check, inside its transaction; the second
    // starts meanwhile. It must wait for the first and then find itself the last admin (or, if its
    // session was read after the first committed, no longer an admin at all).
    await call('POST', `/v1/businesses/${businessId}/change-to-admins`, admins[0]!.token, {
      user_ids: [admins[1]!.id],
    });
    expect((await call('GET', `/v1/businesses/${businessId}`, admins[0]!.token)).json().counts.admins).toBe(
      2,
    );
    const [first, second] = await overlap(
      () =>
        call('POST', `/v1/businesses/${businessId}/change-to-members`, admins[0]!.token, {
          user_ids: [admins[1]!.id],
        }),
      () =>
        call('POST', `/v1/businesses/${businessId}/change-to-members`, admins[1]!.token, {
          user_ids: [admins[0]!.id],
        }),
    );
    expect(first).toBe('ok');
    expect(['409 business.last_admin', '403 business.forbidden']).toContain(second);
    const business = (await call('GET', `/v1/businesses/${businessId}`, admins[0]!.token)).json();
    expect(business.counts.admins).toBe(1);
  });

  it('keeps one admin when two admins remove each other at once', async () => {
    await call('POST', `/v1/businesses/${businessId}/change-to-admins`, admins[0]!.token, {
      user_ids: [admins[1]!.id],
    });
    const [first, second] = await overlap(
      () =>
        call('POST', `/v1/businesses/${businessId}/remove-members`, admins[1]!.token, {
          user_ids: [admins[0]!.id],
        }),
      () =>
        call('POST', `/v1/businesses/${businessId}/remove-members`, admins[0]!.token, {
          user_ids: [admins[1]!.id],
        }),
    );
    expect(first).toBe('ok');
    expect(['409 business.last_admin', '404 business.not_found']).toContain(second);
    const business = (await call('GET', `/v1/businesses/${businessId}`, admins[1]!.token)).json();
    expect(business.counts).toMatchObject({ admins: 1, members: 0 });
  });

  it('invites an address once when asked twice at once, and lets it join once', async () => {
    const admin = admins[1]!;
    for (let round = 0; round < ROUNDS; round++) {
      const email = `twice${round}@race.example`;
      const invites = await Promise.all(
        [0, 1].map(() =>
          call('POST', `/v1/businesses/${businessId}/members`, admin.token, { users: [{ email }] }),
        ),
      );
      expect(invites.map(outcome).sort()).toEqual(['409 business.invitation_duplicate', 'ok']);
      const invitee = await signUp(t.app, email, 'Twice');
      const accepts = await Promise.all(
        [0, 1].map(() => call('POST', '/v1/user/accept', invitee, { business_invite: true })),
      );
      expect(accepts.map(outcome).sort()).toEqual(['409 business.already_member', 'ok']);
      await call('POST', `/v1/businesses/${businessId}/remove-members`, admin.token, {
        user_ids: [(await call('GET', '/v1/user', invitee)).json().id],
      });
    }
  });
});
