// The partner referral over HTTP (POST /v1/user/cello), on SQLite and PostgreSQL: the code is kept
// as the account's celloUcc and shown with the user; the same code again is harmless, another is
// refused and the first stays; a malformed code and a caller without a session are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test-support/accounts.js';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';

describe.each(testDatabases())('the Cello referral on %s', (kind) => {
  let t: TestApp;
  let token = '';
  const refer = (ucc: unknown, bearer: string | undefined = token) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/user/cello',
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
      payload: { ucc },
    });
  const celloUcc = async () =>
    (
      await t.app.inject({ method: 'GET', url: '/v1/user', headers: { authorization: `Bearer ${token}` } })
    ).json().attributes.cello_ucc;

  beforeAll(async () => {
    t = await createTestApp(kind);
    token = await signUp(t.app, 'referred@example.org', 'Rita');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps the first referral code, and refuses another', async () => {
    expect(await celloUcc()).toBeNull();
    const first = await refer('partner-42');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().attributes.cello_ucc).toBe('partner-42');
    expect(await celloUcc()).toBe('partner-42');
    expect((await refer('partner-42')).statusCode).toBe(200);
    const other = await refer('someone-else');
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('cello.already_referred');
    expect(await celloUcc()).toBe('partner-42');
  });

  it('refuses a malformed code and a caller without a session', async () => {
    for (const bad of ['', 'has space', 'x'.repeat(65), 42]) {
      const refused = await refer(bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('request.validation_failed');
    }
    expect((await refer('partner-42', '')).statusCode).toBe(401);
  });
});
