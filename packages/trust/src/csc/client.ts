// A client of the Cloud Signature Consortium API v2 (remote qualified signing), over global
// fetch: OAuth2 tokens, credentials/list, credentials/info, sendOTP, credentials/authorize
// (SAD) and signatures/signHash. It yields a Signer, or a serialisable pending signature for
// flows where the user's OTP arrives minutes later.

import { createHash } from 'node:crypto';
import { TrustError } from '../errors.js';
import type { KeyAlgorithm, Signer } from '../types.js';
import type {
  CscAuthorizeResponse,
  CscCredentialInfoResponse,
  CscCredentialsListResponse,
  CscErrorResponse,
  CscInfoResponse,
  CscSignHashResponse,
  CscTokenResponse,
  PendingRemoteSignature,
} from './protocol.js';
import { CSC_HASH_SHA256, CSC_SIGN_ALGORITHMS } from './protocol.js';

export type CscOAuth =
  | { grant: 'client_credentials'; clientId: string; clientSecret: string; scope?: string }
  | { grant: 'authorization_code'; clientId: string; clientSecret: string; redirectUri: string };

export interface CscClientOptions {
  /** the service's base URL, e.g. "https://provider.example/csc/v2"; endpoints hang off it */
  serviceUrl: string;
  oauth: CscOAuth;
  /** OAuth2 base URL when it differs from serviceUrl (CSC info "oauth2") */
  oauthUrl?: string;
  fetch?: typeof fetch;
  clock?: () => Date;
  /** how long one call may take before the provider counts as down (default 15 s) */
  timeoutMs?: number;
}

export interface CscCredential {
  credentialId: string;
  certificate: Uint8Array;
  chain: Uint8Array[];
  keyAlgorithm: KeyAlgorithm;
  info: CscCredentialInfoResponse;
}

/** The user's authorisation for one signature: what credentials/authorize needs. */
export interface CscAuthorisation {
  otp?: string;
  pin?: string;
}

const toBase64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');
const fromBase64 = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'base64'));

export class CscClient {
  readonly #options: CscClientOptions;
  readonly #fetch: typeof fetch;
  #token: { value: string; expiresAt: number } | undefined;

  constructor(options: CscClientOptions) {
    this.#options = { ...options, serviceUrl: options.serviceUrl.replace(/\/+$/, '') };
    this.#fetch = options.fetch ?? fetch;
  }

  info(): Promise<CscInfoResponse> {
    return this.#post<CscInfoResponse>('/info', {}, false);
  }

  /** RFC 6749 4.1.1: where to send the user to grant a code (authorization_code only). */
  authorizationUrl(state: string, userHint?: string): string {
    const oauth = this.#options.oauth;
    if (oauth.grant !== 'authorization_code')
      throw new TypeError('authorizationUrl needs the authorization_code grant');
    const url = new URL(`${this.#oauthUrl()}/oauth2/authorize`);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', oauth.clientId);
    url.searchParams.set('redirect_uri', oauth.redirectUri);
    url.searchParams.set('scope', 'service');
    url.searchParams.set('state', state);
    if (userHint) url.searchParams.set('login_hint', userHint);
    return url.toString();
  }

  /** RFC 6749 4.1.3: trades the code from the redirect for an access token kept by this client. */
  async exchangeAuthorizationCode(code: string): Promise<void> {
    const oauth = this.#options.oauth;
    if (oauth.grant !== 'authorization_code')
      throw new TypeError('exchangeAuthorizationCode needs the authorization_code grant');
    await this.#requestToken({
      grant_type: 'authorization_code',
      code,
      redirect_uri: oauth.redirectUri,
      client_id: oauth.clientId,
      client_secret: oauth.clientSecret,
    });
  }

  async listCredentials(userId?: string): Promise<string[]> {
    const body = userId ? { userID: userId } : {};
    return (await this.#post<CscCredentialsListResponse>('/credentials/list', body)).credentialIDs;
  }

  async loadCredential(credentialId: string): Promise<CscCredential> {
    const info = await this.#post<CscCredentialInfoResponse>('/credentials/info', {
      credentialID: credentialId,
      certificates: 'chain',
      certInfo: true,
      authInfo: true,
    });
    const [certificate, ...chain] = info.cert.certificates.map(fromBase64);
    if (!certificate)
      throw new TrustError('trust.csc_error', `credential ${credentialId} has no certificate`);
    const keyAlgorithm: KeyAlgorithm = info.key.algo.includes('1.2.840.10045.2.1') ? 'P-256' : 'RSA-2048';
    return { credentialId, certificate, chain, keyAlgorithm, info };
  }

  /** Asks the provider to send the user a one-time password (online OTP credentials). */
  async sendOtp(credentialId: string): Promise<void> {
    await this.#post<unknown>('/credentials/sendOTP', { credentialID: credentialId });
  }

  /** Step 1: the hash is ready; returns the state to keep until the user authorises. */
  prepareRemoteSignature(credential: CscCredential, data: Uint8Array): PendingRemoteSignature {
    return {
      kind: 'countersign.csc-pending-signature.v1',
      serviceUrl: this.#options.serviceUrl,
      credentialId: credential.credentialId,
      hash: toBase64(createHash('sha256').update(data).digest()),
      keyAlgorithm: credential.keyAlgorithm,
      certificate: toBase64(credential.certificate),
      chain: credential.chain.map(toBase64),
      createdAt: (this.#options.clock?.() ?? new Date()).toISOString(),
    };
  }

  /** Step 2: the user's OTP/PIN arrived; authorizes (SAD) and signs the hash. */
  async completeRemoteSignature(
    pending: PendingRemoteSignature,
    authorisation: CscAuthorisation,
  ): Promise<Uint8Array> {
    if (
      pending.kind !== 'countersign.csc-pending-signature.v1' ||
      pending.serviceUrl !== this.#options.serviceUrl
    ) {
      throw new TrustError(
        'trust.csc_pending_invalid',
        'the pending signature belongs to another service or format',
      );
    }
    const [signature] = await this.signHashes(
      pending.credentialId,
      pending.keyAlgorithm,
      [pending.hash],
      authorisation,
    );
    return signature!;
  }

  /**
   * One authorisation for several hashes (SCAL2 binds the SAD to exactly these), then one
   * signHash call: a request with several documents costs the user one OTP. Hashes are base64
   * SHA-256 values; the signatures come back in the same order.
   */
  async signHashes(
    credentialId: string,
    keyAlgorithm: KeyAlgorithm,
    hashes: string[],
    authorisation: CscAuthorisation,
  ): Promise<Uint8Array[]> {
    const authorized = await this.#post<CscAuthorizeResponse>('/credentials/authorize', {
      credentialID: credentialId,
      numSignatures: hashes.length,
      hashes,
      hashAlgorithmOID: CSC_HASH_SHA256,
      ...(authorisation.pin === undefined ? {} : { PIN: authorisation.pin }),
      ...(authorisation.otp === undefined ? {} : { OTP: authorisation.otp }),
    });
    const signed = await this.#post<CscSignHashResponse>('/signatures/signHash', {
      credentialID: credentialId,
      SAD: authorized.SAD,
      hashes,
      hashAlgorithmOID: CSC_HASH_SHA256,
      signAlgo: CSC_SIGN_ALGORITHMS[keyAlgorithm],
    });
    if (signed.signatures.length !== hashes.length)
      throw new TrustError('trust.csc_error', 'signHash returned a different number of signatures');
    return signed.signatures.map(fromBase64);
  }

  /**
   * A Signer for pades: each sign() sends an OTP, waits for `authorise` to produce the user's
   * answer (a prompt in the UI, a sandbox mailbox in tests), then authorizes and signs.
   */
  createSigner(
    credential: CscCredential,
    authorise: (request: { credentialId: string }) => Promise<CscAuthorisation>,
  ): Signer {
    return {
      certificate: credential.certificate,
      chain: credential.chain,
      keyAlgorithm: credential.keyAlgorithm,
      sign: async (data) => {
        const pending = this.prepareRemoteSignature(credential, data);
        if (credential.info.OTP?.presence === 'true' && credential.info.OTP.type === 'online') {
          await this.sendOtp(credential.credentialId);
        }
        return this.completeRemoteSignature(
          pending,
          await authorise({ credentialId: credential.credentialId }),
        );
      },
    };
  }

  #oauthUrl(): string {
    return (this.#options.oauthUrl ?? this.#options.serviceUrl).replace(/\/+$/, '');
  }

  async #accessToken(): Promise<string> {
    const now = Date.now();
    if (this.#token && this.#token.expiresAt > now + 10_000) return this.#token.value;
    const oauth = this.#options.oauth;
    if (oauth.grant !== 'client_credentials') {
      throw new TrustError('trust.csc_error', 'no access token: complete the authorization-code flow first');
    }
    await this.#requestToken({
      grant_type: 'client_credentials',
      client_id: oauth.clientId,
      client_secret: oauth.clientSecret,
      ...(oauth.scope ? { scope: oauth.scope } : {}),
    });
    return this.#token!.value;
  }

  async #requestToken(form: Record<string, string>): Promise<void> {
    const token = await this.postForm<CscTokenResponse>('/oauth2/token', form);
    this.#token = { value: token.access_token, expiresAt: Date.now() + token.expires_in * 1000 };
  }

  /** The OAuth2 base URL and the client's own id and secret (the code flows of csc/code-flow.ts). */
  get oauthClient(): { oauthUrl: string; clientId: string; clientSecret: string } {
    const { clientId, clientSecret } = this.#options.oauth;
    return { oauthUrl: this.#oauthUrl(), clientId, clientSecret };
  }

  /** A form POST to the OAuth2 server (token, pushed_authorize), with the call's timeout. */
  async postForm<T>(path: string, form: Record<string, string>): Promise<T> {
    const response = await this.#send(`${this.#oauthUrl()}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(form).toString(),
    });
    return (await readJson(response, path)) as T;
  }

  /**
   * A CSC call authorised by `bearer` (a credential-scoped token from the code flow) instead of
   * the service token this client holds.
   */
  async postWithToken<T>(path: string, body: object, bearer: string): Promise<T> {
    const response = await this.#send(`${this.#options.serviceUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        authorization: `Bearer ${bearer}`,
      },
      body: JSON.stringify(body),
    });
    return (await readJson(response, path)) as T;
  }

  /** fetch with a deadline: a provider that does not answer is unavailable, not a hang. */
  async #send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await this.#fetch(url, {
        ...init,
        signal: AbortSignal.timeout(this.#options.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new TrustError(
        'trust.csc_unavailable',
        `the CSC provider did not answer (${new URL(url).pathname})`,
        {
          cause: error,
        },
      );
    }
  }

  async #post<T>(path: string, body: object, isAuthenticated = true): Promise<T> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json',
    };
    if (isAuthenticated) headers.authorization = `Bearer ${await this.#accessToken()}`;
    const response = await this.#send(`${this.#options.serviceUrl}${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    return (await readJson(response, path)) as T;
  }
}

async function readJson(response: Response, path: string): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new TrustError('trust.csc_unavailable', `the CSC provider stopped answering (${path})`, {
      cause: error,
    });
  }
  if (response.status >= 500)
    throw new TrustError('trust.csc_unavailable', `CSC ${path} failed with HTTP ${response.status}`);
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    parsed = undefined;
  }
  if (!response.ok) {
    const error = parsed as CscErrorResponse | undefined;
    throw new TrustError(
      'trust.csc_error',
      `CSC ${path} failed with HTTP ${response.status}: ${error?.error ?? 'error'}${error?.error_description ? ` (${error.error_description})` : ''}`,
      {
        ...(error?.error && { remoteError: error.error }),
        ...(error?.error_description && { remoteDescription: error.error_description }),
      },
    );
  }
  if (parsed === undefined) throw new TrustError('trust.csc_error', `CSC ${path} answered with invalid JSON`);
  return parsed;
}
