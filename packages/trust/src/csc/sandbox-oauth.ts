// The CSC sandbox's OAuth2 authorisation server (CSC v2 section 8): service authorisation by
// client credentials or by an authorization code (the person named in login_hint is taken as
// logged in), and credential authorisation by the code flow, pushed (RFC 9126) or plain, with a
// consent page that asks for a one-time code (sandbox-consent.ts). Three wrong codes lock the
// credential for a while, as a QTSP protects a key against guessing. Everything here is in memory.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { CSC_HASH_SHA256 } from './protocol.js';
import {
  PendingConsents,
  consentPage,
  readCredentialGrant,
  redirectBack,
  type CredentialGrant,
} from './sandbox-consent.js';
import type { SandboxCredentials } from './sandbox-credentials.js';
import { CscHttpError } from './sandbox-http.js';
import type { CscSandboxRequest, CscSandboxResponse } from './sandbox-http.js';

export interface CscSandboxClient {
  clientId: string;
  clientSecret: string;
  /** allowed redirect URIs for the authorization-code grant */
  redirectUris?: string[];
}

/** What an access token lets its bearer do. */
export interface SandboxSession {
  clientId: string;
  /** a token bought with a service code is the person's: it sees only their credentials */
  userId?: string;
  /** a credential-scoped token (code flow) is itself the SAD for exactly these hashes */
  grant?: { credentialId: string; hashes: Set<string>; remaining: number };
  expiresAt: number;
}

export const TOKEN_LIFETIME_S = 3600;
/** a credential authorisation (SAD, or a credential-scoped token) lives five minutes */
export const SAD_LIFETIME_S = 300;
const CODE_LIFETIME_MS = 60_000;
/** how long three wrong codes lock a credential */
export const LOCK_MS = 15 * 60_000;

const randomToken = (): string => randomBytes(24).toString('base64url');
const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  userId?: string;
  grant?: CredentialGrant;
  expiresAt: number;
}

export class SandboxOAuth {
  readonly #clients: CscSandboxClient[];
  readonly #now: () => number;
  readonly #credentials: SandboxCredentials;
  readonly #tokens = new Map<string, SandboxSession>();
  readonly #codes = new Map<string, IssuedCode>();
  readonly #consents: PendingConsents;

  constructor(options: { clients: CscSandboxClient[]; now: () => number; credentials: SandboxCredentials }) {
    this.#clients = options.clients;
    this.#now = options.now;
    this.#credentials = options.credentials;
    this.#consents = new PendingConsents(options.now);
  }

  /** Is the credential locked by wrong codes now? */
  isLocked(credentialId: string): boolean {
    return (this.#credentials.get(credentialId)?.lockedUntil ?? 0) > this.#now();
  }

  /** GET /oauth2/authorize: a pushed request (request_uri), a credential request, or a service login. */
  async authorize(url: URL): Promise<CscSandboxResponse> {
    const params = Object.fromEntries(url.searchParams);
    const client = this.#client(params.client_id);
    const requestUri = params.request_uri;
    if (requestUri)
      return consentPage(requestUri, client.clientId, this.#consents.get(requestUri, client.clientId));
    const redirectUri = this.#redirectUri(client, params.redirect_uri);
    if (params.response_type !== 'code') throw new CscHttpError(400, 'unsupported_response_type', 'use code');
    if (params.scope === 'service') {
      const userId = params.login_hint ?? '';
      if ((await this.#credentials.idsOf(userId)).length === 0)
        throw new CscHttpError(400, 'invalid_request', 'unknown login_hint user');
      return redirectBack(
        { redirectUri, state: params.state },
        { code: this.#issueCode({ clientId: client.clientId, redirectUri, userId }) },
      );
    }
    // a credential authorisation sent in the query string: kept as if it had been pushed
    const grant = this.#grantFor(readCredentialGrant(params, CSC_HASH_SHA256));
    const pushed = this.#consents.push({
      clientId: client.clientId,
      redirectUri,
      state: params.state,
      grant,
    });
    return consentPage(
      pushed.request_uri,
      client.clientId,
      this.#consents.get(pushed.request_uri, client.clientId),
    );
  }

  /** POST /oauth2/authorize: the person's answer on the consent page. */
  consent(body: Record<string, unknown>): CscSandboxResponse {
    const requestUri = String(body.request_uri ?? '');
    const clientId = String(body.client_id ?? '');
    const consent = this.#consents.get(requestUri, clientId);
    const credentialId = consent.grant.credentialId;
    if (body.action === 'deny') {
      this.#consents.remove(requestUri);
      return redirectBack(consent, { error: 'access_denied', description: 'the user refused to sign' });
    }
    if (this.isLocked(credentialId)) {
      this.#consents.remove(requestUri);
      return redirectBack(consent, { error: 'access_denied', description: 'credential_locked' });
    }
    if (!sameText(String(body.otp ?? ''), consent.otp)) {
      consent.attemptsLeft--;
      if (consent.attemptsLeft > 0)
        return consentPage(
          requestUri,
          clientId,
          consent,
          `The code is wrong (invalid_otp); ${consent.attemptsLeft} attempt(s) left.`,
        );
      const credential = this.#credentials.get(credentialId);
      if (credential) credential.lockedUntil = this.#now() + LOCK_MS;
      this.#consents.remove(requestUri);
      return redirectBack(consent, { error: 'access_denied', description: 'credential_locked' });
    }
    this.#consents.remove(requestUri);
    const code = this.#issueCode({ clientId, redirectUri: consent.redirectUri, grant: consent.grant });
    return redirectBack(consent, { code });
  }

  /** POST /oauth2/pushed_authorize (RFC 9126 2.1): the client authenticates and pushes the request. */
  pushAuthorize(
    request: CscSandboxRequest,
    body: Record<string, unknown>,
  ): { request_uri: string; expires_in: number } {
    const client = this.#authenticateClient(request, body);
    const redirectUri = this.#redirectUri(client, body.redirect_uri);
    if (body.response_type !== 'code') throw new CscHttpError(400, 'unsupported_response_type', 'use code');
    const grant = this.#grantFor(readCredentialGrant(body, CSC_HASH_SHA256));
    const state = typeof body.state === 'string' ? body.state : undefined;
    return this.#consents.push({ clientId: client.clientId, redirectUri, state, grant });
  }

  /** POST /oauth2/token (RFC 6749 4.1.3 and 4.4). */
  issueToken(request: CscSandboxRequest, body: Record<string, unknown>): Record<string, unknown> {
    const client = this.#authenticateClient(request, body);
    const session: SandboxSession = {
      clientId: client.clientId,
      expiresAt: this.#now() + TOKEN_LIFETIME_S * 1000,
    };
    if (body.grant_type === 'authorization_code') {
      const code = this.#codes.get(String(body.code));
      this.#codes.delete(String(body.code));
      if (
        !code ||
        code.clientId !== client.clientId ||
        code.redirectUri !== body.redirect_uri ||
        code.expiresAt < this.#now()
      )
        throw new CscHttpError(400, 'invalid_grant', 'the authorization code is invalid or expired');
      if (code.userId) session.userId = code.userId;
      if (code.grant) {
        session.grant = {
          credentialId: code.grant.credentialId,
          hashes: new Set(code.grant.hashes),
          remaining: code.grant.hashes.length,
        };
        session.expiresAt = this.#now() + SAD_LIFETIME_S * 1000;
      }
    } else if (body.grant_type !== 'client_credentials') {
      throw new CscHttpError(400, 'unsupported_grant_type', 'use client_credentials or authorization_code');
    }
    const accessToken = randomToken();
    this.#tokens.set(accessToken, session);
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: Math.round((session.expiresAt - this.#now()) / 1000),
      ...(session.grant && { scope: 'credential', credentialID: session.grant.credentialId }),
    };
  }

  /**
   * The session of a bearer token. A credential-scoped token past its five minutes is an expired
   * SAD (CSC v2 11.9 answers invalid_request for it), any other unknown token invalid_token.
   */
  authenticate(request: CscSandboxRequest): SandboxSession {
    const header = request.headers.authorization ?? request.headers.Authorization;
    const value = Array.isArray(header) ? header[0] : header;
    const session = value?.startsWith('Bearer ') ? this.#tokens.get(value.slice(7)) : undefined;
    if (session?.grant && session.expiresAt < this.#now())
      throw new CscHttpError(400, 'invalid_request', 'SAD expired');
    if (!session || session.expiresAt < this.#now())
      throw new CscHttpError(401, 'invalid_token', 'missing or expired access token');
    return session;
  }

  /** A credential-scoped token whose hashes are all signed is gone (signHash counts them down). */
  forgetSpent(request: CscSandboxRequest): void {
    const header = request.headers.authorization ?? request.headers.Authorization;
    const value = String(Array.isArray(header) ? header[0] : header).slice(7);
    const grant = this.#tokens.get(value)?.grant;
    if (grant && grant.remaining <= 0) this.#tokens.delete(value);
  }

  #grantFor(grant: CredentialGrant): CredentialGrant {
    if (!this.#credentials.get(grant.credentialId))
      throw new CscHttpError(400, 'invalid_request', 'unknown credentialID');
    if (this.isLocked(grant.credentialId)) throw new CscHttpError(400, 'access_denied', 'credential_locked');
    if (grant.hashAlgorithmOid !== CSC_HASH_SHA256)
      throw new CscHttpError(400, 'invalid_request', 'hashAlgorithmOID must be SHA-256');
    if (grant.hashes.some((hash) => Buffer.from(hash, 'base64').length !== 32))
      throw new CscHttpError(400, 'invalid_request', 'hashes must be base64 SHA-256 values');
    return grant;
  }

  #issueCode(code: Omit<IssuedCode, 'expiresAt'>): string {
    const value = randomToken();
    this.#codes.set(value, { ...code, expiresAt: this.#now() + CODE_LIFETIME_MS });
    return value;
  }

  #client(clientId: unknown): CscSandboxClient {
    const client = this.#clients.find((candidate) => candidate.clientId === clientId);
    if (!client) throw new CscHttpError(400, 'invalid_client', 'unknown client_id');
    return client;
  }

  #redirectUri(client: CscSandboxClient, redirectUri: unknown): string {
    if (typeof redirectUri !== 'string' || !client.redirectUris?.includes(redirectUri))
      throw new CscHttpError(400, 'invalid_request', 'redirect_uri is not registered for this client');
    return redirectUri;
  }

  /** RFC 6749 2.3.1: client_secret_basic or client_secret_post. */
  #authenticateClient(request: CscSandboxRequest, body: Record<string, unknown>): CscSandboxClient {
    const header = request.headers.authorization ?? request.headers.Authorization;
    const value = Array.isArray(header) ? header[0] : header;
    let id = body.client_id;
    let secret = body.client_secret;
    if (value?.startsWith('Basic ')) {
      const decoded = Buffer.from(value.slice(6), 'base64').toString();
      const colon = decoded.indexOf(':');
      id = decodeURIComponent(decoded.slice(0, colon));
      secret = decodeURIComponent(decoded.slice(colon + 1));
    }
    const client = this.#clients.find((candidate) => candidate.clientId === id);
    if (!client || typeof secret !== 'string' || !sameText(secret, client.clientSecret))
      throw new CscHttpError(401, 'invalid_client', 'unknown client or wrong secret');
    return client;
  }
}
