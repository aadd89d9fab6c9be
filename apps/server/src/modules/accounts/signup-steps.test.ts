// The steps of /signup/steps as the server keeps them (ADR 092), on SQLite and PostgreSQL: a new
// account starts at the first, PUT /v1/user moves it and finishes it, a finished account stays
// finished, and accounts made before the steps existed have none ahead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';
import { defaultAttributes } from './account.js';
import { hashPassword } from './passwords.js';
import { createAccountsRepo } from './repo.js';

const password = 'correct horse battery staple';

describe.each(testDatabases())('sign-up steps on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const request = (method: 'GET' | 'POST' | 'PUT', url: string, body?: object, token?: string) =>
    t.app.inject({
      method,
      url,
      ...(body && { payload: body }),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  async function signUp(email: string): Promise<string> {
    const registered = await request('POST', '/v1/register', {
      email,
      password,
      first_name: 'Ada',
      last_name: 'Lovelace',
    });
    expect(registered.statusCode).toBe(201);
    const mails = (await request('GET', '/sandbox/mail.json')).json().messages as {
      to: string;
      text: string;
    }[];
    const token = /token=([A-Za-z0-9_-]+)/.exec(mails.find((m) => m.to === email)?.text ?? '')?.[1];
    const confirmed = await request('POST', '/v1/valid-confirmation', { token });
    expect(confirmed.statusCode).toBe(200);
    return confirmed.json().token as string;
  }

  const putStep = (token: string, step: string, more: object = {}) =>
    request('PUT', '/v1/user', { attributes: { signup_step: step, ...more } }, token);

  it('starts a new account at its name, moves with each answer and finishes', async () => {
    const token = await signUp('steps@example.org');
    expect((await request('GET', '/v1/user', undefined, token)).json().attributes.signup_step).toBe('name');

    const language = await putStep(token, 'signing', { lang: 'de' });
    expect(language.statusCode).toBe(200);
    expect(language.json().attributes).toMatchObject({ signup_step: 'signing', lang: 'de' });
    // a reload reads the step reached
    expect((await request('GET', '/v1/user', undefined, token)).json().attributes.signup_step).toBe(
      'signing',
    );

    // going back is a move like any other
    expect((await putStep(token, 'language')).json().attributes.signup_step).toBe('language');

    const done = await putStep(token, 'done', { default_quality: 'aes' });
    expect(done.json().attributes).toMatchObject({ signup_step: null, default_quality: 'aes' });
  });

  it('keeps finished steps finished and refuses a step it does not know', async () => {
    const token = await signUp('finished@example.org');
    await putStep(token, 'done');
    const again = await putStep(token, 'name');
    expect(again.statusCode).toBe(200);
    expect(again.json().attributes.signup_step).toBeNull();

    const unknown = await putStep(token, 'payment');
    expect(unknown.statusCode).toBe(400);
  });

  it('has no steps ahead for an account stored before the steps existed', async () => {
    const { signupStep: _, ...older } = defaultAttributes();
    const now = new Date().toISOString();
    await createAccountsRepo(t.db.kysely).insertUser({
      id: 'before-steps',
      email: 'before@example.org',
      passwordHash: await hashPassword(password),
      emailVerified: true,
      firstName: 'Old',
      lastName: 'Timer',
      attributes: older as ReturnType<typeof defaultAttributes>,
      createdAt: now,
      updatedAt: now,
    });
    const login = await request('POST', '/v1/login', { email: 'before@example.org', password });
    expect(login.json().user.attributes.signup_step).toBeNull();
  });
});
