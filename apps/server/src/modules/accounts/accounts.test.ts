// Accounts over HTTP, on SQLite and PostgreSQL: sign-up to logout as a client sees it, and the
// ways bad input and stolen or stale tokens are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestClock, testDatabases, type TestApp } from '../../test-support/test-app.js';
import { hashPassword } from './passwords.js';
import { createAccountsRepo } from './repo.js';
import { defaultAttributes } from './account.js';

const strong = 'correct horse battery staple';

describe.each(testDatabases())('accounts on %s', (kind) => {
  let t: TestApp;
  const clock = createTestClock();

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (url: string, body: unknown, token?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: body as object,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  async function lastMailTo(address: string) {
    const res = await get('/sandbox/mail.json');
    const messages = res.json().messages as { to: string; subject: string; text: string }[];
    const mail = messages.find((m) => m.to === address);
    if (!mail) throw new Error(`no mail to ${address}`);
    return mail;
  }
  const tokenIn = (text: string) => /token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

  async function signUpAndConfirm(email: string, password = strong) {
    const reg = await post('/v1/register', {
      email,
      password,
      first_name: 'Ada',
      last_name: 'Lovelace',
      accept_gtc: true,
    });
    expect(reg.statusCode).toBe(201);
    const token = tokenIn((await lastMailTo(email.toLowerCase())).text);
    expect((await post('/v1/valid-confirmation', { token })).statusCode).toBe(200);
  }

  async function logIn(email: string, password = strong): Promise<string> {
    const res = await post('/v1/login', { email, password });
    expect(res.statusCode).toBe(200);
    return res.json().token as string;
  }

  it('signs up, confirms by the mailed link, logs in, reads the user and logs out', async () => {
    const reg = await post('/v1/register', {
      email: 'Ada@Example.org',
      password: strong,
      first_name: 'Ada',
      last_name: 'Lovelace',
      lang: 'de',
    });
    expect(reg.statusCode).toBe(201);
    expect(reg.json()).toMatchObject({ email: 'ada@example.org', email_verified: false });

    const mail = await lastMailTo('ada@example.org');
    expect(mail.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse');
    expect(mail.text).toContain('http://countersign.test/signup/confirm?token=');

    const early = await post('/v1/login', { email: 'ada@example.org', password: strong });
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe('auth.email_not_confirmed');

    const confirmed = await post('/v1/valid-confirmation', { token: tokenIn(mail.text) });
    expect(confirmed.json()).toMatchObject({ email: 'ada@example.org', email_verified: true });
    // following the mailed link signs its owner in: a 24-hour session of their own
    const fromLink = confirmed.json();
    expect(new Date(fromLink.expires_at).getTime() - clock.now().getTime()).toBe(24 * 3600 * 1000);
    expect(fromLink.user).toMatchObject({ email: 'ada@example.org', email_verified: true });
    expect((await get('/v1/user', fromLink.token)).json()).toMatchObject({ email: 'ada@example.org' });
    expect(JSON.stringify(fromLink)).not.toMatch(/argon2|password_hash/);
    // the link works once: a second use starts no session
    const again = await post('/v1/valid-confirmation', { token: tokenIn(mail.text) });
    expect(again.json().code).toBe('auth.token_used');
    expect(again.json().token).toBeUndefined();

    const login = await post('/v1/login', { email: 'ADA@example.org', password: strong, first_login: true });
    expect(login.statusCode).toBe(200);
    const { token, expires_at: expiresAt, user } = login.json();
    expect(new Date(expiresAt).getTime() - clock.now().getTime()).toBe(24 * 3600 * 1000);
    expect(user).toMatchObject({ email: 'ada@example.org', first_name: 'Ada', email_verified: true });
    expect(user.attributes).toMatchObject({ lang: 'de', accepted_gtc: false, weak_password: false });
    expect(JSON.stringify(login.json())).not.toMatch(/argon2|password_hash/);

    const me = await get('/v1/user?v2=true', token);
    expect(me.statusCode).toBe(200);
    expect(me.json().signature_qualities.ses.any.status).toBe('active');

    expect((await post('/v1/logout', {}, token)).statusCode).toBe(200);
    const after = await get('/v1/user', token);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('auth.invalid_token');
  });

  it('answers a wrong password and an unknown address the same way', async () => {
    await signUpAndConfirm('grace@example.org');
    const wrong = await post('/v1/login', {
      email: 'grace@example.org',
      password: 'not the password at all',
    });
    const unknown = await post('/v1/login', {
      email: 'nobody@example.org',
      password: 'not the password at all',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.headers['content-type']).toContain('application/problem+json');
  });

  it('refuses weak passwords at sign-up', async () => {
    const weak = await post('/v1/register', {
      email: 'weak@example.org',
      password: 'short',
      first_name: 'W',
      last_name: 'K',
    });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().code).toBe('password.too_short');
  });

  it('answers the sign-up of a taken address as a new one, and tells its owner by mail', async () => {
    const signUp = (email: string, password: string) =>
      post('/v1/register', { email, password, first_name: 'T', last_name: 'K' });
    const fresh = await signUp('untaken@example.org', strong);
    await signUpAndConfirm('taken@example.org');
    const again = await signUp('TAKEN@example.org', 'another long passphrase');
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(Object.keys(again.json())).toEqual(Object.keys(fresh.json()));
    expect(again.json()).toMatchObject({ email: 'taken@example.org', email_verified: false });

    const notice = await lastMailTo('taken@example.org');
    expect(notice.subject).toBe('You already have a Countersign account');
    expect(notice.text).toContain('http://countersign.test/password-reset/new?token=');
    // the account is untouched: its own password still works, the stranger's does not
    expect(
      (await post('/v1/login', { email: 'taken@example.org', password: 'another long passphrase' }))
        .statusCode,
    ).toBe(401);
    await logIn('taken@example.org');

    // an address registered but never confirmed gets a new confirmation link
    const firstLink = tokenIn((await lastMailTo('untaken@example.org')).text);
    const unconfirmed = await signUp('untaken@example.org', 'yet another passphrase');
    expect(unconfirmed.statusCode).toBe(201);
    const confirm = await lastMailTo('untaken@example.org');
    expect(confirm.text).toContain('/signup/confirm?token=');
    expect(tokenIn(confirm.text)).not.toBe(firstLink);
  });

  it('checks a candidate password against the policy', async () => {
    const bad = await post('/v1/check-password', { password: 'password123' });
    expect(bad.json()).toEqual({ valid_password: false, error_code: 'password.too_common' });
    const good = await post('/v1/check-password', { password: strong });
    expect(good.json()).toEqual({ valid_password: true, error_code: null });
  });

  it('flags accounts whose password no longer meets the policy', async () => {
    const repo = createAccountsRepo(t.db.kysely);
    const now = clock.now().toISOString();
    await repo.insertUser({
      id: 'legacy-user',
      email: 'legacy@example.org',
      passwordHash: await hashPassword('qwerty'),
      emailVerified: true,
      firstName: 'Old',
      lastName: 'Timer',
      attributes: defaultAttributes(),
      createdAt: now,
      updatedAt: now,
    });
    const login = await post('/v1/login', { email: 'legacy@example.org', password: 'qwerty' });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.attributes.weak_password).toBe(true);
    const token = login.json().token as string;
    expect((await post('/v1/change-password', { old: 'qwerty', new: strong }, token)).statusCode).toBe(200);
    expect((await get('/v1/user', token)).json().attributes.weak_password).toBe(false);
  });

  it('changes the password, keeps this session and ends the others', async () => {
    await signUpAndConfirm('change@example.org');
    const keep = await logIn('change@example.org');
    const other = await logIn('change@example.org');
    const wrongOld = await post(
      '/v1/change-password',
      { old: 'wrong old password', new: 'another fine passphrase' },
      keep,
    );
    expect(wrongOld.statusCode).toBe(403);
    expect(wrongOld.json().code).toBe('auth.wrong_password');
    const same = await post('/v1/change-password', { old: strong, new: strong }, keep);
    expect(same.statusCode).toBe(422);
    expect(same.json().code).toBe('password.unchanged');
    expect((await get('/v1/user', other)).statusCode).toBe(200); // nothing changed, nobody signed out
    const ok = await post('/v1/change-password', { old: strong, new: 'another fine passphrase' }, keep);
    expect(ok.statusCode).toBe(200);
    expect((await get('/v1/user', keep)).statusCode).toBe(200);
    expect((await get('/v1/user', other)).statusCode).toBe(401);
    expect((await post('/v1/login', { email: 'change@example.org', password: strong })).statusCode).toBe(401);
    await logIn('change@example.org', 'another fine passphrase');
    expect((await lastMailTo('change@example.org')).subject).toBe('Your password was changed');
  });

  it('resets a password once with a mailed token that expires', async () => {
    await signUpAndConfirm('reset@example.org');
    expect((await post('/v1/request-reset', { email: 'reset@example.org' })).statusCode).toBe(202);
    expect((await post('/v1/request-reset', { email: 'ghost@example.org' })).statusCode).toBe(202);
    const token = tokenIn((await lastMailTo('reset@example.org')).text);

    const tampered = await post('/v1/reset-password', { token: `${token}x`, new: 'a brand new passphrase' });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().code).toBe('auth.token_invalid');

    expect((await post('/v1/reset-password', { token, new: 'a brand new passphrase' })).statusCode).toBe(200);
    const reused = await post('/v1/reset-password', { token, new: 'yet another passphrase' });
    expect(reused.statusCode).toBe(410);
    expect(reused.json().code).toBe('auth.token_used');
    await logIn('reset@example.org', 'a brand new passphrase');

    await post('/v1/request-reset', { email: 'reset@example.org' });
    const late = tokenIn((await lastMailTo('reset@example.org')).text);
    clock.advance(61 * 60 * 1000);
    const expired = await post('/v1/reset-password', { token: late, new: 'too late passphrase' });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('auth.token_expired');
  });

  it('ends sessions after 24 hours', async () => {
    await signUpAndConfirm('expiry@example.org');
    const token = await logIn('expiry@example.org');
    clock.advance(24 * 3600 * 1000 - 1000);
    expect((await get('/v1/user', token)).statusCode).toBe(200);
    clock.advance(2000);
    expect((await get('/v1/user', token)).statusCode).toBe(401);
  });

  const loginFrom = (ip: string, email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/v1/login', payload: { email, password }, remoteAddress: ip });

  it('slows down, and never locks out, an address that strangers guess at', async () => {
    await signUpAndConfirm('limited@example.org');
    const codes: number[] = [];
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      const before = clock.now().getTime();
      const res = await loginFrom(`198.51.100.${i}`, 'limited@example.org', 'wrong password here');
      codes.push(res.statusCode);
      waits.push((clock.now().getTime() - before) / 1000);
    }
    expect(codes.every((c) => c === 401)).toBe(true);
    // five failures cost nothing, then each waits twice as long as the one before, up to 32 s
    expect(waits.slice(0, 6)).toEqual([0, 0, 0, 0, 0, 1]);
    expect(waits.slice(6)).toEqual([2, 4, 8, 16, 32, 32]);

    // the owner, from anywhere, gets in with the right password after the wait
    const before = clock.now().getTime();
    const owner = await loginFrom('192.0.2.7', 'limited@example.org', strong);
    expect(owner.statusCode).toBe(200);
    expect((clock.now().getTime() - before) / 1000).toBe(32);
    // and the failures are forgotten
    const later = clock.now().getTime();
    expect((await loginFrom('192.0.2.7', 'limited@example.org', 'one more typo')).statusCode).toBe(401);
    expect(clock.now().getTime()).toBe(later);
  });

  it('caps the failed guesses of one IP, whatever addresses it tries, yet lets the right password in', async () => {
    await signUpAndConfirm('often@example.org');
    await signUpAndConfirm('typo@example.org');
    for (let i = 0; i < 60; i++) {
      expect((await loginFrom('203.0.113.9', 'often@example.org', strong)).statusCode).toBe(200);
    }
    for (let i = 0; i < 50; i++) {
      const res = await loginFrom('203.0.113.66', `guess-${i}@example.org`, 'wrong password here');
      expect(res.statusCode).toBe(401);
    }
    // an office behind that one address: people who know their passwords still get in
    expect((await loginFrom('203.0.113.66', 'often@example.org', strong)).statusCode).toBe(200);
    expect((await loginFrom('203.0.113.66', 'often@example.org', strong)).statusCode).toBe(200);
    // a wrong password from there is refused, and so is any further try at that address from there
    const capped = await loginFrom('203.0.113.66', 'typo@example.org', 'wrong password here');
    expect(capped.statusCode).toBe(429);
    expect(capped.json().code).toBe('rate_limit.exceeded');
    expect(capped.headers['retry-after']).toBe(String(capped.json().retry_after_seconds));
    expect((await loginFrom('203.0.113.66', 'typo@example.org', strong)).statusCode).toBe(429);
    expect((await loginFrom('203.0.113.66', `guess-0@example.org`, 'another guess')).statusCode).toBe(429);
    // elsewhere the address is only one failure the poorer
    expect((await loginFrom('203.0.113.9', 'typo@example.org', strong)).statusCode).toBe(200);
    // when the IP's window ends, it is counted afresh
    clock.advance(15 * 60 * 1000);
    expect((await loginFrom('203.0.113.66', 'typo@example.org', 'wrong again')).statusCode).toBe(401);
  });

  it('checks at most one guess at a fresh address when many come at once from a capped IP', async () => {
    await signUpAndConfirm('burst@example.org');
    for (let i = 0; i < 50; i++) {
      await loginFrom('203.0.113.77', `burst-guess-${i}@example.org`, 'wrong password here');
    }
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        loginFrom('203.0.113.77', 'burst@example.org', `guess number ${i}`),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 8 }, () => 429));
    const failures = await t.db.kysely
      .selectFrom('rate_limits')
      .select('hits')
      .where('key', '=', 'login-failures-address:burst@example.org')
      .executeTakeFirstOrThrow();
    expect(Number(failures.hits)).toBe(8);
    // the owner from elsewhere waits for the address's turn and gets in
    expect((await loginFrom('192.0.2.8', 'burst@example.org', strong)).statusCode).toBe(200);
  });

  it('updates the profile, records accepted terms and deletes the account', async () => {
    await signUpAndConfirm('profile@example.org');
    const token = await logIn('profile@example.org');
    const updated = await t.app.inject({
      method: 'PUT',
      url: '/v1/user',
      headers: { authorization: `Bearer ${token}` },
      payload: { first_name: 'Augusta', attributes: { lang: 'fr', default_quality: 'aes' } },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      first_name: 'Augusta',
      attributes: { lang: 'fr', default_quality: 'aes' },
    });
    // the mobile number Mobile ID confirms on: a number or nothing, never free text
    const put = (attributes: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: '/v1/user',
        headers: { authorization: `Bearer ${token}` },
        payload: { attributes },
      });
    const mobile = await put({ mobile: '+41 79 123 45 67' });
    expect(mobile.json().attributes.mobile).toBe('+41 79 123 45 67');
    const text = await put({ mobile: 'call me at home' });
    expect([text.statusCode, text.json().code]).toEqual([400, 'request.validation_failed']);
    expect((await put({ mobile: null })).json().attributes.mobile).toBeNull();
    const accepted = await post('/v1/user/accept', { gtc: true }, token);
    expect(accepted.json().attributes.accepted_gtc).toBe(true);
    expect((await post('/v1/user/accept', {}, token)).statusCode).toBe(400);

    const wrong = await post('/v1/user/delete', { password: 'not my password' }, token);
    expect(wrong.statusCode).toBe(403);
    expect((await post('/v1/user/delete', { password: strong }, token)).statusCode).toBe(200);
    expect((await get('/v1/user', token)).statusCode).toBe(401);
    expect((await post('/v1/login', { email: 'profile@example.org', password: strong })).statusCode).toBe(
      401,
    );
  });

  it('lets a session guess the current password 5 times in 15 minutes, then answers 429', async () => {
    await signUpAndConfirm('stolen@example.org');
    const token = await logIn('stolen@example.org');
    const guesses = [
      () => post('/v1/change-password', { old: 'guess one here', new: 'a thief passphrase' }, token),
      () => post('/v1/user/delete', { password: 'guess two here' }, token),
    ];
    for (let i = 0; i < 5; i++) {
      const wrong = await guesses[i % 2]!();
      expect([wrong.statusCode, wrong.json().code]).toEqual([403, 'auth.wrong_password']);
    }
    for (const guess of guesses) {
      const refused = await guess();
      expect([refused.statusCode, refused.json().code]).toEqual([429, 'rate_limit.exceeded']);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // even the right password waits for the window's end, then counts afresh
    const right = { old: strong, new: 'the owner passphrase' };
    expect((await post('/v1/change-password', right, token)).statusCode).toBe(429);
    clock.advance(15 * 60 * 1000);
    expect((await post('/v1/change-password', right, token)).statusCode).toBe(200);
    // the right password forgets the wrong ones before it
    for (let i = 0; i < 4; i++) {
      expect((await post('/v1/user/delete', { password: 'typo' }, token)).statusCode).toBe(403);
    }
    const again = { old: 'the owner passphrase', new: 'a third passphrase' };
    expect((await post('/v1/change-password', again, token)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) {
      expect((await post('/v1/user/delete', { password: 'typo' }, token)).statusCode).toBe(403);
    }
    // tries made at once cannot pass the limit together
    clock.advance(15 * 60 * 1000);
    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post('/v1/user/delete', { password: `burst ${i}` }, token)),
    );
    expect(burst.filter((r) => r.statusCode === 403)).toHaveLength(5);
    expect(burst.filter((r) => r.statusCode === 429)).toHaveLength(5);
  });

  it('suggests only addresses the caller has worked with', async () => {
    await signUpAndConfirm('alice@example.org');
    await signUpAndConfirm('bob@example.org');
    const users = createAccountsRepo(t.db.kysely);
    const alice = await users.findUserByEmail('alice@example.org');
    const bob = await users.findUserByEmail('bob@example.org');
    await users.recordContact(alice!.id, 'carol@example.org', clock.now().toISOString());
    await users.recordContact(bob!.id, 'carl@example.org', clock.now().toISOString());
    await users.recordContact(alice!.id, '100%_sure@example.org', clock.now().toISOString());
    const token = await logIn('alice@example.org');
    expect((await get('/v1/email_input_autocomplete?input=CA', token)).json()).toEqual({
      emails: ['carol@example.org'],
    });
    expect((await get('/v1/email_input_autocomplete?input=100%25_', token)).json()).toEqual({
      emails: ['100%_sure@example.org'],
    });
    expect((await get('/v1/email_input_autocomplete?input=1_0', token)).json()).toEqual({ emails: [] });
    expect((await get('/v1/email_input_autocomplete?input=ca')).statusCode).toBe(401);
  });
});

describe.each(testDatabases())('registrations on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { REGISTRATIONS_PER_IP_HOUR: '3' } });
  });
  afterAll(async () => {
    await t.close();
  });

  const register = (email: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/register',
      payload: { email, password: strong, first_name: 'R', last_name: 'L' },
      remoteAddress: ip,
    });

  it('are limited per IP', async () => {
    for (let i = 0; i < 3; i++)
      expect((await register(`r${i}@example.org`, '198.51.100.1')).statusCode).toBe(201);
    const limited = await register('r3@example.org', '198.51.100.1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await register('r3@example.org', '198.51.100.2')).statusCode).toBe(201);
  });
});
