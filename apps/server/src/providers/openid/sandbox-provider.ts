// A real OpenID Provider (oidc-provider) with test people, so that single sign-on and the national
// eIDs (ADR 083) run on one machine: `npm start` starts it beside the server, and tests start it
// on a port of their own and sign in over HTTP as a browser would. It binds to loopback only and is never started in
// production (config.ts refuses SANDBOX_OIDC there). Its sign-in page lists the test people and
// also takes any address typed in, with or without a verified e-mail claim.
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';
import { escapeHtml } from '../../lib/html.js';

export interface SandboxPerson {
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD: the national eIDs' test people have one (ADR 083) */
  birthDate?: string;
}

export const SANDBOX_OIDC_CLIENT = { clientId: 'countersign-sandbox', clientSecret: 'sandbox-client-secret' };

export const SANDBOX_PEOPLE: readonly SandboxPerson[] = [
  { email: 'anna.muster@sso.example', emailVerified: true, firstName: 'Anna', lastName: 'Muster' },
  { email: 'ben.beispiel@sso.example', emailVerified: true, firstName: 'Ben', lastName: 'Beispiel' },
  { email: 'carla.unverified@sso.example', emailVerified: false, firstName: 'Carla', lastName: 'Offen' },
  // test people of the national eIDs (eID+ sign-up, ID Austria): a name and a birth date
  {
    email: 'eva.eidplus@eid.example',
    emailVerified: true,
    firstName: 'Eva',
    lastName: 'Eidplus',
    birthDate: '1988-04-12',
  },
  {
    email: 'tobias.oesterreicher@eid.example',
    emailVerified: true,
    firstName: 'Tobias',
    lastName: 'Österreicher',
    birthDate: '1979-11-02',
  },
];

export interface SandboxOpenIdProvider {
  issuer: string;
  close(): Promise<void>;
}

/** The subject of an address: stable, so that a second sign-in finds the same identity. */
const subjectOf = (email: string) =>
  `sandbox-${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 24)}`;

function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 10_000) reject(new Error('form too large'));
    });
    req.on('end', () => resolve(new URLSearchParams(body)));
    req.on('error', reject);
  });
}

function signInPage(uid: string, people: readonly SandboxPerson[]): string {
  const action = `/interaction/${encodeURIComponent(uid)}/login`;
  const buttons = people
    .map(
      (p) => `<form method="post" action="${action}">
  <input type="hidden" name="email" value="${escapeHtml(p.email)}">
  <input type="hidden" name="first_name" value="${escapeHtml(p.firstName)}">
  <input type="hidden" name="last_name" value="${escapeHtml(p.lastName)}">
  ${p.birthDate ? `<input type="hidden" name="birth_date" value="${escapeHtml(p.birthDate)}">` : ''}
  ${p.emailVerified ? '<input type="hidden" name="email_verified" value="on">' : ''}
  <button type="submit">${escapeHtml(`${p.firstName} ${p.lastName} <${p.email}>`)}${p.emailVerified ? '' : ' (e-mail not verified)'}</button>
</form>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandbox identity provider</title></head>
<body><h1>Sandbox identity provider</h1><p>Sign in as one of the test people, or as anyone.</p>
${buttons}
<form method="post" action="${action}"><fieldset><legend>Anyone</legend>
<label>E-mail <input name="email" type="email" required></label>
<label>First name <input name="first_name"></label> <label>Last name <input name="last_name"></label>
<label>Birth date <input name="birth_date" placeholder="YYYY-MM-DD"></label>
<label><input type="checkbox" name="email_verified" checked> e-mail verified</label>
<button type="submit">Sign in</button></fieldset></form></body></html>`;
}

export async function startSandboxOpenIdProvider(options: {
  /** where the relying party receives the answer (the web app's /login) */
  redirectUris: readonly string[];
  port?: number;
  people?: readonly SandboxPerson[];
}): Promise<SandboxOpenIdProvider> {
  const people = options.people ?? SANDBOX_PEOPLE;
  const known = new Map<string, SandboxPerson>();
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const configuration: Configuration = {
    clients: [
      {
        client_id: SANDBOX_OIDC_CLIENT.clientId,
        client_secret: SANDBOX_OIDC_CLIENT.clientSecret,
        redirect_uris: [...options.redirectUris],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'sandbox' }] },
    cookies: { keys: [createHash('sha256').update(issuer).update(String(Date.now())).digest('hex')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'birthdate'],
    },
    // the ID token carries the claims, as most business providers send them
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    ttl: {
      AuthorizationCode: 60,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 300,
      IdToken: 300,
    },
    pkce: { required: () => true },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const person = known.get(sub);
      if (!person) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: person.email,
          email_verified: person.emailVerified,
          given_name: person.firstName,
          family_name: person.lastName,
          ...(person.birthDate && { birthdate: person.birthDate }),
        }),
      };
    },
  };
  const provider = new Provider(issuer, configuration);
  const handleProvider = provider.callback();

  server.on('request', (req, res) => {
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(req.url ?? '');
    if (!match) {
      handleProvider(req, res);
      return;
    }
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res);
        if (!match[2]) {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          res.end(signInPage(details.uid, people));
          return;
        }
        const form = await readForm(req);
        const email = (form.get('email') ?? '').trim().toLowerCase();
        const person: SandboxPerson = {
          email,
          emailVerified: form.get('email_verified') === 'on',
          firstName: form.get('first_name') ?? '',
          lastName: form.get('last_name') ?? '',
          birthDate: form.get('birth_date') ?? '',
        };
        const accountId = subjectOf(email);
        known.set(accountId, person);
        const clientId = String(details.params['client_id']);
        const grant = new provider.Grant({ accountId, clientId });
        grant.addOIDCScope(String(details.params['scope'] ?? 'openid'));
        const grantId = await grant.save();
        await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } });
      } catch (err) {
        res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`The sign-in could not go on: ${(err as Error).message}`);
      }
    })();
  });

  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
