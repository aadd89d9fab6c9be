// The national eIDs over HTTP (ADR 083), on SQLite and PostgreSQL: a person signs up with eID+
// through the sandbox oidc-provider (its own process-local server, driven as a browser would) and
// gets an account whose eID fields are locked; a signed-in person and a link holder connect ID
// Austria and are identified for advanced signatures under eIDAS. Bad answers change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test-support/accounts.js';
import { jsonCaller } from '../../test-support/business.js';
import { generatedPdf } from '../../test-support/pdfs.js';
import * as help from '../../test-support/identification.js';
import { signInAtSandbox, startScriptedProvider, type ScriptedProvider } from '../../test-support/openid.js';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';
import type { SandboxPerson } from '../../providers/openid/sandbox-provider.js';
import { RETURN_PAGES } from './deps.js';
import { useNationalEidWorld } from './eid-test-world.js';

const eidPerson = (email: string, extra: Partial<SandboxPerson> = {}): SandboxPerson => ({
  email,
  emailVerified: true,
  firstName: 'Erika',
  lastName: 'Eidfrau',
  birthDate: '1985-06-30',
  ...extra,
});

describe.each(testDatabases())('national eIDs (%s)', (kind) => {
  const { world, call } = useNationalEidWorld(kind);
  const countUsers = async (email: string) =>
    (await world.t.db.kysely.selectFrom('users').select('id').where('email', '=', email).execute()).length;

  /** Starts an eID+ sign-up, signs in at the provider as `who`; the query it sends back. */
  const throughEidPlus = async (who: SandboxPerson) => {
    const started = await call('POST', '/v1/signup/eidplus', undefined, {});
    expect(started.statusCode, started.body).toBe(200);
    const back = await signInAtSandbox(started.json().url as string, who);
    expect(back.pathname).toBe(RETURN_PAGES.eidplus);
    return back.search;
  };
  const completeSignUp = (query: string) =>
    call('POST', '/v1/signup/eidplus/callback', undefined, { query, lang: 'de' });

  it('signs a person up with eID+: name and birth date from the eID, locked, advanced under eIDAS', async () => {
    const answer = await completeSignUp(await throughEidPlus(eidPerson('erika@eid.example')));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      status: 'signed_in',
      user: {
        email: 'erika@eid.example',
        email_verified: true,
        first_name: 'Erika',
        last_name: 'Eidfrau',
        birth_date: '1985-06-30',
        has_sso: true,
        attributes: { lang: 'de', immutable_eid_fields: ['firstName', 'lastName', 'birthDate'] },
        signature_qualities: { aes_minimal: { eidas: { status: 'active' } }, qes: { eidas: {} } },
      },
    });
    const token = answer.json().token as string;

    // the eID's fields cannot change; the same value and other fields still may
    const renamed = await call('PUT', '/v1/user', token, { first_name: 'Mallory' });
    expect([renamed.statusCode, renamed.json().code]).toEqual([422, 'user.eid_field_immutable']);
    expect(renamed.json().errors).toEqual([
      { path: 'body.first_name', message: 'Taken from your eID; it cannot be changed' },
    ]);
    const redated = await call('PUT', '/v1/user', token, { birth_date: '1990-01-01' });
    expect(redated.json().code).toBe('user.eid_field_immutable');
    const same = await call('PUT', '/v1/user', token, { first_name: 'Erika', attributes: { lang: 'fr' } });
    expect(same.statusCode, same.body).toBe(200);
    expect((await call('GET', '/v1/user', token)).json()).toMatchObject({
      first_name: 'Erika',
      birth_date: '1985-06-30',
      attributes: { lang: 'fr' },
    });

    // the same eID signs the same account in again
    const again = await completeSignUp(await throughEidPlus(eidPerson('erika@eid.example')));
    expect(again.json().user.id).toBe(answer.json().user.id);
  });

  it('leaves a password account alone: its address is refused, not linked', async () => {
    await signUp(world.t.app, 'paula@eid.example', 'Paula');
    const answer = await completeSignUp(await throughEidPlus(eidPerson('paula@eid.example')));
    expect([answer.statusCode, answer.json().code]).toEqual([409, 'eid.address_taken']);
    const me = await world.t.db.kysely
      .selectFrom('users')
      .select(['first_name', 'birth_date'])
      .where('email', '=', 'paula@eid.example')
      .executeTakeFirstOrThrow();
    expect(me).toEqual({ first_name: 'Paula', birth_date: null });
  });

  it('refuses a replayed answer, a forged state and an answer meant for another flow', async () => {
    const query = await throughEidPlus(eidPerson('rita@eid.example'));
    expect((await completeSignUp(query)).statusCode).toBe(200);
    const replayed = await completeSignUp(query);
    expect([replayed.statusCode, replayed.json().code]).toEqual([400, 'sso.flow_invalid']);
    const forged = new URLSearchParams(query);
    forged.set('state', 'a-state-we-never-issued');
    expect((await completeSignUp(forged.toString())).json().code).toBe('sso.flow_invalid');
    // an eID+ answer cannot finish a single sign-on, nor the other way round
    const other = await throughEidPlus(eidPerson('sam@eid.example'));
    const asSso = await call('POST', '/v1/identity_providers/callback', undefined, { query: other });
    expect(asSso.json().code).toBe('sso.flow_invalid');
    expect(await countUsers('sam@eid.example')).toBe(0);
  });

  it('refuses an unverified address and an eID without a birth date, and makes no account', async () => {
    const unverified = await completeSignUp(
      await throughEidPlus(eidPerson('uwe@eid.example', { emailVerified: false })),
    );
    expect([unverified.statusCode, unverified.json().code]).toEqual([403, 'sso.email_not_verified']);
    expect(await countUsers('uwe@eid.example')).toBe(0);
    const undated = await completeSignUp(
      await throughEidPlus(eidPerson('nora@eid.example', { birthDate: 'soon' })),
    );
    expect([undated.statusCode, undated.json().code]).toEqual([400, 'eid.claims_missing']);
    expect(await countUsers('nora@eid.example')).toBe(0);
  });

  it('connects ID Austria once: the account is identified for AES under eIDAS, its name locked', async () => {
    const token = await signUp(world.t.app, 'toni@eid.example', 'Toni');
    const start = await call('POST', '/v1/user/identification/id-austria', token, {});
    expect(start.statusCode, start.body).toBe(200);
    const back = await signInAtSandbox(
      start.json().url as string,
      eidPerson('toni@eid.example', { firstName: 'Anton', lastName: 'Huber', birthDate: '1970-02-03' }),
    );
    expect(back.pathname).toBe(RETURN_PAGES.idaustriaUser);

    // someone else cannot finish the connection the person started
    const intruder = await signUp(world.t.app, 'ivo@eid.example', 'Ivo');
    const stolen = await call('POST', '/v1/user/identification/id-austria/callback', intruder, {
      query: back.search,
    });
    expect([stolen.statusCode, stolen.json().code]).toEqual([400, 'sso.flow_invalid']);
    expect((await call('GET', '/v1/user', intruder)).json().attributes.immutable_eid_fields).toEqual([]);

    // and that spent the answer: the person starts again and finishes
    const restart = await call('POST', '/v1/user/identification/id-austria', token, {});
    const query = (
      await signInAtSandbox(
        restart.json().url as string,
        eidPerson('toni@eid.example', { firstName: 'Anton', lastName: 'Huber', birthDate: '1970-02-03' }),
      )
    ).search;
    const done = await call('POST', '/v1/user/identification/id-austria/callback', token, { query });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      first_name: 'Anton',
      last_name: 'Huber',
      birth_date: '1970-02-03',
      attributes: { immutable_eid_fields: ['firstName', 'lastName', 'birthDate'] },
      signature_qualities: { aes_minimal: { eidas: { status: 'active' } } },
    });
    const detail = await call('GET', '/v3/user/signature-qualities-detail', token);
    expect(detail.json()).toMatchObject({
      highest_quality: 'aes',
      identifications: [{ provider: 'idaustria', method: 'eid', status: 'success', legislation: 'eidas' }],
    });
    expect((await call('PUT', '/v1/user', token, { last_name: 'Other' })).json().code).toBe(
      'user.eid_field_immutable',
    );

    // the same ID Austria identity cannot be connected to a second account
    const twice = await call('POST', '/v1/user/identification/id-austria', intruder, {});
    const other = await signInAtSandbox(
      twice.json().url as string,
      eidPerson('toni@eid.example', { firstName: 'Anton', lastName: 'Huber', birthDate: '1970-02-03' }),
    );
    const refused = await call('POST', '/v1/user/identification/id-austria/callback', intruder, {
      query: other.search,
    });
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'eid.identity_taken']);
    expect((await call('GET', '/v1/user', intruder)).json().first_name).toBe('Ivo');
  });

  it("identifies a link holder's signature with ID Austria for an advanced signature", async () => {
    const sender = await signUp(world.t.app, 'sender@eid.example', 'Sender');
    const id = await help.openRequest(world.t.app, sender, {
      quality: 'aes',
      legislation: 'eidas',
      signers: ['guest@elsewhere.example'],
      pdf: await generatedPdf(1, 'eID'),
    });
    const { signerId, token } = await help.invitationLink(world.t.app, 'guest@elsewhere.example', id);
    const needs = () =>
      world.t.app.inject({
        method: 'GET',
        url: `/v3/signature-requests/${id}/signatures/${signerId}/ident-method?token=${token}`,
      });
    expect((await needs()).json().is_satisfied).toBe(false);
    const start = await world.t.app.inject({
      method: 'POST',
      url: `/v1/direct/user/identification/id-austria?token=${token}`,
      payload: {},
    });
    expect(start.statusCode, start.body).toBe(200);
    const back = await signInAtSandbox(start.json().url as string, eidPerson('guest@elsewhere.example'));
    expect(back.pathname).toBe(RETURN_PAGES.idaustriaSigner);
    const done = await world.t.app.inject({
      method: 'POST',
      url: `/v1/direct/user/identification/id-austria/callback?token=${token}`,
      payload: { query: back.search },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ identified: true, legislation: 'eidas', quality: 'aes' });
    expect((await needs()).json().is_satisfied).toBe(true);
  });

  it('says the provider is unavailable when it is down, and changes nothing', async () => {
    const query = await throughEidPlus(eidPerson('dora@eid.example'));
    await world.op.close();
    const after = await completeSignUp(query);
    expect([after.statusCode, after.json().code]).toEqual([503, 'sso.provider_unavailable']);
    expect(await countUsers('dora@eid.example')).toBe(0);
  });
});

describe.each(testDatabases())('eID answers a real provider must not send (%s)', (kind) => {
  let t: TestApp;
  let scripted: ScriptedProvider;
  const call = (...args: Parameters<ReturnType<typeof jsonCaller>>) => jsonCaller(t.app)(...args);

  beforeAll(async () => {
    scripted = await startScriptedProvider();
    t = await createTestApp(kind, {
      env: {
        OIDC_EIDPLUS_ISSUER: scripted.issuer,
        OIDC_EIDPLUS_CLIENT_ID: 'scripted-client',
        OIDC_EIDPLUS_CLIENT_SECRET: 'scripted-secret',
        OIDC_TIMEOUT_MS: '800',
      },
    });
  });
  afterAll(async () => {
    await scripted?.close();
    await t?.close();
  });

  /** An eID+ sign-up whose provider answers with the ID token the test scripted. */
  const signUpWith = async (next: ScriptedProvider['next']) => {
    scripted.next = {};
    const started = await call('POST', '/v1/signup/eidplus', undefined, {});
    expect(started.statusCode, started.body).toBe(200);
    const url = new URL(started.json().url as string);
    scripted.lastNonce = url.searchParams.get('nonce') ?? undefined;
    scripted.next = next;
    const query = new URLSearchParams({ code: 'scripted-code', state: url.searchParams.get('state')! });
    const answer = await call('POST', '/v1/signup/eidplus/callback', undefined, { query: query.toString() });
    scripted.next = {};
    return answer;
  };
  const person = {
    email: 'mia@scripted.example',
    email_verified: true,
    given_name: 'Mia',
    family_name: 'Muster',
    birthdate: '1999-09-09',
  };

  it.each([
    ['a foreign issuer', { claims: { ...person, iss: 'https://evil.example' } }],
    ['a foreign audience', { claims: { ...person, aud: 'someone-else' } }],
    ['a wrong nonce', { claims: { ...person, nonce: 'not-the-nonce' } }],
    ['an expired token', { claims: { ...person, exp: Math.floor(Date.now() / 1000) - 3600 } }],
    ['an unsigned token', { claims: person, sign: 'none' as const }],
    ['a token signed with a foreign key', { claims: person, sign: 'foreign-key' as const }],
  ])('refuses %s and makes no account', async (_name, next) => {
    const answer = await signUpWith(next);
    expect([answer.statusCode, answer.json().code]).toEqual([400, 'sso.token_invalid']);
    const users = await t.db.kysely
      .selectFrom('users')
      .select('id')
      .where('email', '=', person.email)
      .execute();
    expect(users).toHaveLength(0);
  });

  it('refuses a provider slower than the limit as unavailable', async () => {
    const answer = await signUpWith({ claims: person, delayMs: 1500 });
    expect([answer.statusCode, answer.json().code]).toEqual([503, 'sso.provider_unavailable']);
  });

  it('takes a well-formed answer (the checks above are what refused the others)', async () => {
    const answer = await signUpWith({ claims: person });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().user).toMatchObject({ first_name: 'Mia', birth_date: '1999-09-09' });
  });
});
