// Credential authorisation by the OAuth2 code flow at the CSC sandbox (CSC v2 8.4.2 with RFC 9126
// pushed authorisation requests and RFC 9396 authorization_details of type `credential`): the
// signing application pushes what is to be signed, sends the person to the consent page, the
// person types the one-time code the page shows (a real QTSP sends it by SMS) and is sent back to
// the application's redirect_uri with a code; the code buys an access token scoped to exactly that
// credential and those hashes, which then serves as the SAD for signatures/signHash.
import { randomBytes, randomInt } from 'node:crypto';
import { CscHttpError } from './sandbox-http.js';
import type { CscSandboxResponse } from './sandbox-http.js';

/** What one credential authorisation allows: a credential, and exactly these hashes. */
export interface CredentialGrant {
  credentialId: string;
  /** base64 SHA-256 values */
  hashes: string[];
  hashAlgorithmOid: string;
}

export interface PendingConsent {
  clientId: string;
  redirectUri: string;
  state: string | undefined;
  grant: CredentialGrant;
  otp: string;
  attemptsLeft: number;
  expiresAt: number;
}

const REQUEST_URI_PREFIX = 'urn:ietf:params:oauth:request_uri:';
/** RFC 9126 2.2: a pushed request lives briefly; the person has this long to consent. */
export const PAR_LIFETIME_S = 300;
/** wrong codes on the consent page before the credential is locked */
export const CONSENT_ATTEMPTS = 3;

const randomToken = (): string => randomBytes(24).toString('base64url');

/**
 * The credential authorisation of a request: RFC 9396 `authorization_details` (JSON) of type
 * `credential` with `credentialID` and `documentDigests[].hash`, or CSC v2's own query parameters
 * (`credentialID`, `numSignatures`, `hashes` comma separated).
 */
export function readCredentialGrant(
  params: Record<string, unknown>,
  defaultHashOid: string,
): CredentialGrant {
  const details = params.authorization_details;
  if (details !== undefined) {
    let parsed: unknown;
    try {
      parsed = typeof details === 'string' ? JSON.parse(details) : details;
    } catch {
      throw new CscHttpError(400, 'invalid_authorization_details', 'authorization_details is not JSON');
    }
    const list = Array.isArray(parsed) ? (parsed as Record<string, unknown>[]) : [];
    const credential = list.find((item) => item && item.type === 'credential');
    if (!credential || typeof credential.credentialID !== 'string')
      throw new CscHttpError(
        400,
        'invalid_authorization_details',
        'authorization_details needs an entry of type credential with credentialID',
      );
    const digests = Array.isArray(credential.documentDigests)
      ? (credential.documentDigests as { hash?: unknown }[])
      : [];
    const hashes = digests.map((digest) => digest?.hash).filter((hash) => typeof hash === 'string');
    if (hashes.length === 0 || hashes.length !== digests.length)
      throw new CscHttpError(400, 'invalid_authorization_details', 'documentDigests must each carry a hash');
    return {
      credentialId: credential.credentialID,
      hashes,
      hashAlgorithmOid:
        typeof credential.hashAlgorithmOID === 'string' ? credential.hashAlgorithmOID : defaultHashOid,
    };
  }
  if (params.scope !== 'credential' || typeof params.credentialID !== 'string')
    throw new CscHttpError(
      400,
      'invalid_request',
      'a credential authorisation needs authorization_details or scope=credential with credentialID',
    );
  const hashes = String(params.hashes ?? '')
    .split(',')
    .filter(Boolean);
  if (hashes.length === 0 || Number(params.numSignatures) !== hashes.length)
    throw new CscHttpError(400, 'invalid_request', 'numSignatures must match the hashes (SCAL2)');
  return {
    credentialId: params.credentialID,
    hashes,
    hashAlgorithmOid: typeof params.hashAlgorithmOID === 'string' ? params.hashAlgorithmOID : defaultHashOid,
  };
}

/** Pushed requests and consents waiting for their person, by request_uri. */
export class PendingConsents {
  readonly #pending = new Map<string, PendingConsent>();
  readonly #now: () => number;

  constructor(now: () => number) {
    this.#now = now;
  }

  /** Keeps a request; answers its request_uri (RFC 9126 2.2). */
  push(consent: Omit<PendingConsent, 'otp' | 'attemptsLeft' | 'expiresAt'>): {
    request_uri: string;
    expires_in: number;
  } {
    const requestUri = `${REQUEST_URI_PREFIX}${randomToken()}`;
    this.#pending.set(requestUri, {
      ...consent,
      otp: String(randomInt(0, 1_000_000)).padStart(6, '0'),
      attemptsLeft: CONSENT_ATTEMPTS,
      expiresAt: this.#now() + PAR_LIFETIME_S * 1000,
    });
    return { request_uri: requestUri, expires_in: PAR_LIFETIME_S };
  }

  /** A live pushed request of `clientId`; RFC 9126 4: unknown or expired ones are refused. */
  get(requestUri: string, clientId: string): PendingConsent {
    const consent = this.#pending.get(requestUri);
    if (!consent || consent.clientId !== clientId || consent.expiresAt < this.#now()) {
      throw new CscHttpError(400, 'invalid_request_uri', 'the request_uri is unknown or expired');
    }
    return consent;
  }

  remove(requestUri: string): void {
    this.#pending.delete(requestUri);
  }
}

/** Back to the application with a code, or with an RFC 6749 4.1.2.1 error. */
export function redirectBack(
  consent: Pick<PendingConsent, 'redirectUri' | 'state'>,
  answer: { code: string } | { error: string; description: string },
): CscSandboxResponse {
  const location = new URL(consent.redirectUri);
  if ('code' in answer) location.searchParams.set('code', answer.code);
  else {
    location.searchParams.set('error', answer.error);
    location.searchParams.set('error_description', answer.description);
  }
  if (consent.state) location.searchParams.set('state', consent.state);
  return { status: 302, headers: { location: location.toString() }, body: '' };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The sandbox's consent page: what is to be signed, the code a real QTSP would text, and a form. */
export function consentPage(
  requestUri: string,
  clientId: string,
  consent: PendingConsent,
  message?: string,
): CscSandboxResponse {
  const body = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sandbox QTSP: authorise signing</title></head>
<body>
<h1>Authorise a qualified signature</h1>
<p>The application <b>${escapeHtml(clientId)}</b> asks to sign <b>${consent.grant.hashes.length}</b>
document hash(es) with credential <code>${escapeHtml(consent.grant.credentialId)}</code>.</p>
<p>Sandbox only: the one-time code a real provider would send by SMS is
<b id="otp">${consent.otp}</b>.</p>
${message ? `<p role="alert">${escapeHtml(message)}</p>` : ''}
<form method="post">
<input type="hidden" name="request_uri" value="${escapeHtml(requestUri)}">
<input type="hidden" name="client_id" value="${escapeHtml(clientId)}">
<label>One-time code <input name="otp" autocomplete="one-time-code" inputmode="numeric"></label>
<button name="action" value="consent">Sign</button>
<button name="action" value="deny">Cancel</button>
</form>
</body></html>`;
  return {
    status: message ? 400 : 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      // no form-action: the answer to the form redirects to the application's own origin
      'content-security-policy': "default-src 'none'",
    },
    body,
  };
}
