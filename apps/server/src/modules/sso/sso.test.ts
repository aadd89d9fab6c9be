// Business single sign-on over HTTP (ADR 075): a business proves its domain and sets up its
// provider (the sandbox oidc-provider on a port of its own); people on that domain sign in through
// it, get an account or link theirs with its password, and take a seat. Every bad answer gets its
// code and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCIM_USER_SCHEMA } from '@countersign/contract';
import { TEST_PASSWORD, signUp } from '../../test-support/accounts.js';
import { createBusiness, jsonCaller, proveDomain } from '../../test-support/business.js';
import { signInAtSandbox } from '../../test-support/openid.js';
import { createTestApp, freePort, testDatabases, type TestApp } from '../../test-support/test-app.js';
import {
  SANDBOX_OIDC_CLIENT,
  startSandboxOpenIdProvider,
  type SandboxOpenIdProvider,
  type SandboxPerson,
} from '../../providers/openid/sandbox-provider.js';

const person = (email: string, emailVerified = true): SandboxPerson => ({
  email,
  emailVerified,
  firstName: 'Sam',
  lastName: 'Single',
});

describe.each(testDatabases())('business single sign-on (%s)', (kind) => {
  let t: TestApp;
  let op: SandboxOpenIdProvider;
  let admin: string;
  let businessId: string;
  const call = (...args: Parameters<ReturnType<typeof jsonCaller>>) => jsonCaller(t.app)(...args);
  const providerPath = () => `/v1/businesses/${businessId}/identity_provider`;

  /** Starts at the business's provider for `email`, signs in there as `who`; the callback's query. */
  const throughProvider = async (email: string, who: SandboxPerson) => {
    const started = await call('POST', '/v1/identity_providers', undefined, { email });
    expect(started.statusCode, started.body).toBe(200);
    return (await signInAtSandbox(started.json().url as string, who)).search;
  };
  const complete = (query: string) => call('POST', '/v1/identity_providers/callback', undefined, { query });
  const countUsers = async (email: string) =>
    (await t.db.kysely.selectFrom('users').select('id').where('email', '=', email).execute()).length;

  beforeAll(async () => {
    t = await createTestApp(kind);
    op = await startSandboxOpenIdProvider({ redirectUris: [`${t.config.publicUrl}/login`] });
    admin = await signUp(t.app, 'admin@sso.example', 'Ada');
    businessId = await createBusiness(t.app, admin, 'Single Sign-On Ltd');
    await proveDomain(t.app, admin, businessId, 'sso.example');
  });
  afterAll(async () => {
    await op.close();
    await t.close();
  });

  it('answers a clear code for a domain no business proved, and for a business without a provider', async () => {
    const unproved = await call('POST', '/v1/identity_providers', undefined, { email: 'x@unproved.example' });
    expect([unproved.statusCode, unproved.json().code]).toEqual([404, 'sso.domain_not_verified']);
    const unset = await call('POST', '/v1/identity_providers', undefined, { email: 'x@sso.example' });
    expect([unset.statusCode, unset.json().code]).toEqual([404, 'sso.not_configured']);
  });

  it('lets the admin set up the provider; the client secret is sealed and never answered', async () => {
    const set = await call('PUT', providerPath(), admin, {
      issuer: op.issuer,
      client_id: SANDBOX_OIDC_CLIENT.clientId,
      client_secret: SANDBOX_OIDC_CLIENT.clientSecret,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().identity_provider).toMatchObject({
      issuer: op.issuer,
      has_client_secret: true,
      scopes: ['openid', 'email', 'profile'],
      required: false,
      redirect_uri: `${t.config.publicUrl}/login`,
    });
    const read = await call('GET', providerPath(), admin);
    expect(read.body).not.toContain(SANDBOX_OIDC_CLIENT.clientSecret);
    const row = await t.db.kysely
      .selectFrom('business_identity_providers')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(row.client_secret).not.toContain(SANDBOX_OIDC_CLIENT.clientSecret);
    // a change without the secret keeps it
    await call('PUT', providerPath(), admin, { issuer: op.issuer, client_id: SANDBOX_OIDC_CLIENT.clientId });
    expect((await call('POST', `${providerPath()}/test`, admin)).json()).toEqual({
      ok: true,
      issuer: op.issuer,
    });
  });

  it('keeps the set-up to the business admins; another tenant sees nothing', async () => {
    const outsider = await signUp(t.app, 'outsider@other.example');
    expect((await call('GET', providerPath(), outsider)).statusCode).toBe(404);
    const refused = await call('PUT', providerPath(), outsider, {
      issuer: op.issuer,
      client_id: 'x',
      client_secret: 'y',
    });
    expect(refused.statusCode).toBe(404);
    const notHttps = await call('PUT', providerPath(), admin, { issuer: 'ftp://id.example', client_id: 'x' });
    expect([notHttps.statusCode, notHttps.json().code]).toEqual([422, 'sso.issuer_invalid']);
  });

  it('makes an account for a new person on the domain, with a seat; the next sign-in finds it', async () => {
    const first = await complete(await throughProvider('dora@sso.example', person('dora@sso.example')));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      status: 'signed_in',
      user: { email: 'dora@sso.example', has_sso: true, email_verified: true, role: 'member' },
    });
    const me = await call('GET', '/v1/user', first.json().token as string);
    expect(me.json()).toMatchObject({ has_sso: true, business: { id: businessId } });
    const second = await complete(await throughProvider('dora@sso.example', person('dora@sso.example')));
    expect(second.json().user.id).toBe(first.json().user.id);
  });

  it('refuses a replayed answer and an unknown state, and signs nobody in', async () => {
    const query = await throughProvider('dora@sso.example', person('dora@sso.example'));
    expect((await complete(query)).statusCode).toBe(200);
    const replayed = await complete(query);
    expect([replayed.statusCode, replayed.json().code]).toEqual([400, 'sso.flow_invalid']);
    const forged = new URLSearchParams(query);
    forged.set('state', 'a-state-we-never-issued');
    expect((await complete(forged.toString())).json().code).toBe('sso.flow_invalid');
  });

  it('refuses an address the provider did not verify, or one off the proved domains', async () => {
    const unverified = await complete(
      await throughProvider('gil@sso.example', person('gil@sso.example', false)),
    );
    expect([unverified.statusCode, unverified.json().code]).toEqual([403, 'sso.email_not_verified']);
    expect(await countUsers('gil@sso.example')).toBe(0);
    const foreign = await complete(await throughProvider('hal@sso.example', person('hal@elsewhere.example')));
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'sso.domain_not_verified']);
    expect(await countUsers('hal@elsewhere.example')).toBe(0);
  });

  it('links an existing password account only after its password', async () => {
    await signUp(t.app, 'erik@sso.example', 'Erik');
    const answer = await complete(await throughProvider('erik@sso.example', person('erik@sso.example')));
    expect(answer.json()).toMatchObject({ status: 'link_required', email: 'erik@sso.example' });
    const linkToken = answer.json().link_token as string;
    const wrong = await call('POST', '/v1/identity_providers/link', undefined, {
      link_token: linkToken,
      password: 'not it',
    });
    expect([wrong.statusCode, wrong.json().code]).toEqual([403, 'auth.wrong_password']);
    const linked = await call('POST', '/v1/identity_providers/link', undefined, {
      link_token: linkToken,
      password: TEST_PASSWORD,
    });
    expect(linked.json()).toMatchObject({ status: 'signed_in', user: { has_sso: true, role: 'member' } });
    const again = await call('POST', '/v1/identity_providers/link', undefined, {
      link_token: linkToken,
      password: TEST_PASSWORD,
    });
    expect(again.json().code).toBe('sso.link_invalid');
    // from now on the provider signs the account in directly
    const next = await complete(await throughProvider('erik@sso.example', person('erik@sso.example')));
    expect(next.json()).toMatchObject({ status: 'signed_in', user: { email: 'erik@sso.example' } });
  });

  it("signs in an account the business's SCIM provisioning made, with no password to ask (ADR 084)", async () => {
    const scimToken = (await call('POST', `/v1/businesses/${businessId}/scim_token`, admin)).json().token;
    const made = await t.app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: { authorization: `Bearer ${scimToken}` },
      payload: { schemas: [SCIM_USER_SCHEMA], userName: 'prov@sso.example' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const answer = await complete(await throughProvider('prov@sso.example', person('prov@sso.example')));
    expect(answer.json()).toMatchObject({
      status: 'signed_in',
      user: { email: 'prov@sso.example', has_sso: true, role: 'member' },
    });
  });

  it('refuses the password of a member once the business requires single sign-on', async () => {
    await call('PUT', providerPath(), admin, {
      issuer: op.issuer,
      client_id: SANDBOX_OIDC_CLIENT.clientId,
      required: true,
    });
    const refused = await call('POST', '/v1/login', undefined, {
      email: 'erik@sso.example',
      password: TEST_PASSWORD,
    });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'sso.required']);
    // a wrong password is told as before: the rule is no hint to someone guessing
    const guess = await call('POST', '/v1/login', undefined, {
      email: 'erik@sso.example',
      password: 'guess',
    });
    expect(guess.json().code).toBe('auth.invalid_credentials');
    // people outside the business keep their passwords
    expect(
      (
        await call('POST', '/v1/login', undefined, {
          email: 'outsider@other.example',
          password: TEST_PASSWORD,
        })
      ).statusCode,
    ).toBe(200);
    await call('PUT', providerPath(), admin, {
      issuer: op.issuer,
      client_id: SANDBOX_OIDC_CLIENT.clientId,
      required: false,
    });
  });

  it("refuses the account of another business's member", async () => {
    const finn = await signUp(t.app, 'finn@sso.example', 'Finn');
    await createBusiness(t.app, finn, 'Finn Ltd');
    const answer = await complete(await throughProvider('finn@sso.example', person('finn@sso.example')));
    expect([answer.statusCode, answer.json().code]).toEqual([409, 'sso.member_of_another']);
  });

  it('says the provider is unavailable when it is down, before and after the browser went there', async () => {
    const query = await throughProvider('dora@sso.example', person('dora@sso.example'));
    await op.close();
    const after = await complete(query);
    expect([after.statusCode, after.json().code]).toEqual([503, 'sso.provider_unavailable']);
    await call('PUT', providerPath(), admin, {
      issuer: `http://127.0.0.1:${await freePort()}`,
      client_id: SANDBOX_OIDC_CLIENT.clientId,
    });
    const before = await call('POST', '/v1/identity_providers', undefined, { email: 'dora@sso.example' });
    expect([before.statusCode, before.json().code]).toEqual([503, 'sso.provider_unavailable']);
  });
});
