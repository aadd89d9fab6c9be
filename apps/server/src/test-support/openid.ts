// Test helpers for single sign-on: a browser's walk through the sandbox OpenID Provider (follow
// the redirects with its cookies, pick a person on its sign-in page), and a provider that answers
// what a test tells it to, for the ID tokens a real provider would never send.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import type { SandboxPerson } from '../providers/openid/sandbox-provider.js';

/**
 * Follows `authorizationUrl` through the sandbox provider as a browser would, signs in as `person`
 * and returns the address the provider finally sends the browser to (the redirect URI with code
 * and state).
 */
export async function signInAtSandbox(authorizationUrl: string, person: SandboxPerson): Promise<URL> {
  const cookies = new Map<string, string>();
  const send = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as object), cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return res;
  };
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop++) {
    const res = await send(url);
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (!next.pathname.startsWith('/interaction/') && next.origin !== new URL(authorizationUrl).origin)
        return next;
      url = next.href;
      continue;
    }
    if (res.status !== 200 || !new URL(url).pathname.startsWith('/interaction/'))
      throw new Error(`the sandbox provider answered ${res.status}: ${await res.text()}`);
    await res.text();
    const form = new URLSearchParams({
      email: person.email,
      first_name: person.firstName,
      last_name: person.lastName,
      ...(person.birthDate && { birth_date: person.birthDate }),
      ...(person.emailVerified && { email_verified: 'on' }),
    });
    const posted = await send(`${url}/login`, {
      method: 'POST',
      body: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const resume = posted.headers.get('location');
    if (!resume) throw new Error(`the sign-in was refused: ${posted.status} ${await posted.text()}`);
    url = new URL(resume, url).href;
  }
  throw new Error('the sandbox provider sent the browser round in circles');
}

/** The callback parameters of a redirect URI as the web app passes them on. */
export const callbackParameters = (url: URL) => Object.fromEntries(url.searchParams);

export interface ScriptedProvider {
  issuer: string;
  /** the ID token claims (besides iss, aud, sub, nonce, iat, exp) and how it is signed */
  next: { claims?: JWTPayload; sign?: 'valid' | 'none' | 'foreign-key'; delayMs?: number };
  /** the nonce of the last authorization request, which the next token carries unless told */
  lastNonce?: string;
  close(): Promise<void>;
}

/**
 * An OpenID Provider whose token endpoint answers with the ID token the test asks for: a foreign
 * issuer or audience, an expired or unsigned token, a wrong nonce, or a delay past the limit.
 */
export async function startScriptedProvider(): Promise<ScriptedProvider> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const foreign = await generateKeyPair('RS256');
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider: ScriptedProvider = { issuer, next: {}, close: async () => undefined };
  const json = (res: http.ServerResponse, body: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  server.on('request', (req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', issuer);
      if (provider.next.delayMs) await new Promise((r) => setTimeout(r, provider.next.delayMs));
      if (url.pathname === '/.well-known/openid-configuration') {
        return json(res, {
          issuer,
          authorization_endpoint: `${issuer}/auth`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
        });
      }
      if (url.pathname === '/jwks')
        return json(res, { keys: [{ ...(await exportJWK(publicKey)), kid: 'k1' }] });
      if (url.pathname !== '/token') {
        res.writeHead(404);
        return res.end();
      }
      const now = Math.floor(Date.now() / 1000);
      const payload: JWTPayload = {
        iss: issuer,
        aud: 'scripted-client',
        sub: 'scripted-subject',
        nonce: provider.lastNonce,
        iat: now,
        exp: now + 300,
        email: 'person@scripted.example',
        email_verified: true,
        ...provider.next.claims,
      };
      let idToken: string;
      if (provider.next.sign === 'none') {
        const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
        idToken = `${part({ alg: 'none' })}.${part(payload)}.`;
      } else {
        const key = provider.next.sign === 'foreign-key' ? foreign.privateKey : privateKey;
        idToken = await new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).sign(key);
      }
      json(res, {
        access_token: 'scripted-access',
        token_type: 'Bearer',
        expires_in: 300,
        id_token: idToken,
      });
    })();
  });
  provider.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return provider;
}
