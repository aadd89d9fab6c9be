// What a business may mail to strangers, over HTTP on SQLite and PostgreSQL (ADR 063): at most
// INVITATIONS_PER_BUSINESS_HOUR invitations an hour, those sent again after a withdrawal included,
// a call that would pass the limit sending none; and the invitation's subject is Countersign's
// own words, what the sender wrote appearing in the body only, marked as theirs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo, signUp } from '../../test-support/accounts.js';
import { jsonCaller } from '../../test-support/business.js';
import { createTestApp, createTestClock, testDatabases, type TestApp } from '../../test-support/test-app.js';

const HOUR = 60 * 60 * 1000;
const PHISHY = 'Urgent: your bank account is locked, call +41 00 000 00 00';

describe.each(testDatabases())('invitation limits on %s', (kind) => {
  let t: TestApp;
  const clock = createTestClock();
  let admin: string;
  let businessId: string;
  const call = (...args: Parameters<ReturnType<typeof jsonCaller>>) => jsonCaller(t.app)(...args);
  const invite = (...emails: string[]) =>
    call('POST', `/v1/businesses/${businessId}/members`, admin, {
      users: emails.map((email) => ({ email })),
    });
  const withdraw = (id: string) => call('DELETE', `/v1/businesses/${businessId}/invitations/${id}`, admin);

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { INVITATIONS_PER_BUSINESS_HOUR: '3' } });
    admin = await signUp(t.app, 'admin@limits.example', 'Ada');
    const created = await call('POST', '/v2/businesses', admin, {
      name: PHISHY,
      accept_gtc: true,
      accept_dpa: true,
    });
    businessId = created.json().id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts every invitation sent, re-sent ones too, and refuses a call that would pass the limit', async () => {
    const first = await invite('one@limits.example', 'two@limits.example');
    expect(first.statusCode, first.body).toBe(201);
    // withdrawn and sent again: a second mail, and a second invitation counted
    const toOne = first.json().invitations[0].id as string;
    expect((await withdraw(toOne)).statusCode).toBe(200);
    expect((await invite('one@limits.example')).statusCode).toBe(201);
    expect(await mailsTo(t.app, 'one@limits.example')).toHaveLength(2);

    const refused = await invite('three@limits.example');
    expect([refused.statusCode, refused.json().code]).toEqual([429, 'rate_limit.exceeded']);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await mailsTo(t.app, 'three@limits.example')).toHaveLength(0);

    // the next hour has three again; a call for more than that sends nothing at all
    clock.advance(HOUR);
    const tooMany = await invite(
      'four@limits.example',
      'five@limits.example',
      'six@limits.example',
      'seven@limits.example',
    );
    expect(tooMany.statusCode).toBe(429);
    expect(await mailsTo(t.app, 'four@limits.example')).toHaveLength(0);
    const list = await call('GET', `/v2/businesses/${businessId}/invitations?size=25`, admin);
    expect(list.json().total).toBe(2);
    expect((await invite('four@limits.example')).statusCode).toBe(201);
  });

  it("keeps the sender's words out of the subject and marks them as theirs in the body", async () => {
    clock.advance(HOUR);
    await call('PUT', '/v1/user', admin, { first_name: 'Pay', last_name: 'Now' });
    expect((await invite('reader@limits.example')).statusCode).toBe(201);
    const [mail] = await mailsTo(t.app, 'reader@limits.example');
    expect(mail?.subject).toBe('You are invited to a business account on Countersign');
    expect(mail?.text).toContain(
      'In the words of the person who invited you (not checked by Countersign):\n' +
        '  Invited by: «Pay Now»\n' +
        `  Business: «${PHISHY}»`,
    );
  });
});
