// The relying party against a real provider (the sandbox oidc-provider, over HTTP) and against a
// provider scripted to send what a real one must not: each bad answer is refused with its code.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callbackParameters,
  signInAtSandbox,
  startScriptedProvider,
  type ScriptedProvider,
} from '../../test-support/openid.js';
import { freePort } from '../../test-support/test-app.js';
import {
  createRelyingParty,
  DEFAULT_SCOPES,
  STANDARD_CLAIMS,
  type RelyingPartyOptions,
} from './relying-party.js';
import {
  SANDBOX_OIDC_CLIENT,
  SANDBOX_PEOPLE,
  startSandboxOpenIdProvider,
  type SandboxOpenIdProvider,
} from './sandbox-provider.js';

const redirectUri = 'http://countersign.test/login';
const options: RelyingPartyOptions = { timeoutMs: 1500, clockToleranceSeconds: 5, allowHttp: true };
const anna = SANDBOX_PEOPLE[0]!;

describe('OpenID Connect relying party with the sandbox provider', () => {
  let op: SandboxOpenIdProvider;
  beforeAll(async () => {
    op = await startSandboxOpenIdProvider({ redirectUris: [redirectUri] });
  });
  afterAll(() => op.close());
  const rp = () =>
    createRelyingParty(
      { issuer: op.issuer, ...SANDBOX_OIDC_CLIENT, scopes: DEFAULT_SCOPES, claims: STANDARD_CLAIMS },
      options,
    );

  it('signs a person in with code, PKCE, state and nonce, and maps the claims', async () => {
    const party = rp();
    const start = await party.start(redirectUri);
    const url = new URL(start.url);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toBe(start.state);
    expect(url.searchParams.get('nonce')).toBe(start.nonce);
    const back = await signInAtSandbox(start.url, anna);
    expect(back.origin + back.pathname).toBe(redirectUri);
    const identity = await party.complete({
      redirectUri,
      parameters: callbackParameters(back),
      expected: start,
    });
    expect(identity).toMatchObject({
      issuer: op.issuer,
      email: anna.email,
      emailVerified: true,
      firstName: 'Anna',
      lastName: 'Muster',
    });
    // the same person signs in again as the same subject
    const again = await party.start(redirectUri);
    const second = await party.complete({
      redirectUri,
      parameters: callbackParameters(await signInAtSandbox(again.url, anna)),
      expected: again,
    });
    expect(second.subject).toBe(identity.subject);
  });

  it('refuses a wrong state, a wrong PKCE verifier, and a code used twice', async () => {
    const party = rp();
    const start = await party.start(redirectUri);
    const parameters = callbackParameters(await signInAtSandbox(start.url, anna));
    await expect(
      party.complete({ redirectUri, parameters, expected: { ...start, state: 'another-state' } }),
    ).rejects.toMatchObject({ code: 'sso.token_invalid' });
    await expect(
      party.complete({ redirectUri, parameters, expected: { ...start, codeVerifier: 'x'.repeat(43) } }),
    ).rejects.toMatchObject({ code: 'sso.provider_refused' });
    // the right checks pass once; the same code a second time is refused by the provider
    await expect(party.complete({ redirectUri, parameters, expected: start })).resolves.toBeDefined();
    await expect(party.complete({ redirectUri, parameters, expected: start })).rejects.toMatchObject({
      code: 'sso.provider_refused',
    });
  });

  it('says the provider refused when the person cancelled there', async () => {
    const party = rp();
    const start = await party.start(redirectUri);
    const parameters = { error: 'access_denied', state: start.state, iss: op.issuer };
    await expect(party.complete({ redirectUri, parameters, expected: start })).rejects.toMatchObject({
      code: 'sso.provider_refused',
    });
  });

  it('refuses a wrong nonce', async () => {
    const party = rp();
    const start = await party.start(redirectUri);
    const parameters = callbackParameters(await signInAtSandbox(start.url, anna));
    await expect(
      party.complete({ redirectUri, parameters, expected: { ...start, nonce: 'another-nonce' } }),
    ).rejects.toMatchObject({ code: 'sso.token_invalid' });
  });

  it('tells a provider that is down from one that refuses', async () => {
    const down = createRelyingParty(
      {
        issuer: `http://127.0.0.1:${await freePort()}`,
        ...SANDBOX_OIDC_CLIENT,
        scopes: DEFAULT_SCOPES,
        claims: STANDARD_CLAIMS,
      },
      options,
    );
    await expect(down.start(redirectUri)).rejects.toMatchObject({ code: 'sso.provider_unavailable' });
  });

  it('gives up on a provider that does not answer within the limit', async () => {
    const silent = http.createServer(() => undefined); // takes the request and never answers
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const issuer = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    try {
      const party = createRelyingParty(
        { issuer, ...SANDBOX_OIDC_CLIENT, scopes: DEFAULT_SCOPES, claims: STANDARD_CLAIMS },
        { ...options, timeoutMs: 300 },
      );
      const began = Date.now();
      await expect(party.start(redirectUri)).rejects.toMatchObject({ code: 'sso.provider_unavailable' });
      expect(Date.now() - began).toBeLessThan(1500);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });

  it('refuses an http:// issuer unless the sandbox is allowed', async () => {
    const party = createRelyingParty(
      { issuer: op.issuer, ...SANDBOX_OIDC_CLIENT, scopes: DEFAULT_SCOPES, claims: STANDARD_CLAIMS },
      { ...options, allowHttp: false },
    );
    await expect(party.start(redirectUri)).rejects.toMatchObject({ code: 'sso.token_invalid' });
  });
});

describe('OpenID Connect relying party with a provider that sends bad ID tokens', () => {
  let op: ScriptedProvider;
  beforeAll(async () => {
    op = await startScriptedProvider();
  });
  afterAll(() => op.close());

  /** A sign-in whose token endpoint answers as the test scripted it. */
  const completeWith = async (next: ScriptedProvider['next'], timeoutMs = options.timeoutMs) => {
    const party = createRelyingParty(
      {
        issuer: op.issuer,
        clientId: 'scripted-client',
        clientSecret: 's',
        scopes: DEFAULT_SCOPES,
        claims: STANDARD_CLAIMS,
      },
      { ...options, timeoutMs },
    );
    op.next = {};
    const start = await party.start(redirectUri);
    op.lastNonce = start.nonce;
    op.next = next;
    return party.complete({
      redirectUri,
      parameters: { code: 'scripted-code', state: start.state },
      expected: start,
    });
  };

  it('accepts a well-formed token (the script itself is sound)', async () => {
    await expect(completeWith({})).resolves.toMatchObject({ email: 'person@scripted.example' });
  });

  it.each([
    ['a foreign issuer', { claims: { iss: 'https://elsewhere.example' } }],
    ['a foreign audience', { claims: { aud: 'another-client' } }],
    [
      'an expired token',
      { claims: { exp: Math.floor(Date.now() / 1000) - 120, iat: Math.floor(Date.now() / 1000) - 600 } },
    ],
    ['an unsigned token', { sign: 'none' as const }],
    ['a token signed with a key the provider does not publish', { sign: 'foreign-key' as const }],
    ['a wrong nonce', { claims: { nonce: 'not-the-one-sent' } }],
  ])('refuses %s', async (_what, next) => {
    await expect(completeWith(next)).rejects.toMatchObject({ code: 'sso.token_invalid' });
  });

  it('accepts a token issued a little in the future, within the clock tolerance', async () => {
    const now = Math.floor(Date.now() / 1000);
    await expect(completeWith({ claims: { iat: now + 3, exp: now + 300 } })).resolves.toBeDefined();
  });

  it('gives up on a token endpoint slower than the limit', async () => {
    await expect(completeWith({ delayMs: 1000 }, 300)).rejects.toMatchObject({
      code: 'sso.provider_unavailable',
    });
  });
});
