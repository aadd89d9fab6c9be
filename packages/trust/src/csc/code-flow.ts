// Credential authorisation by the OAuth2 code flow (CSC v2 8.4.2): the signing application pushes
// the request (RFC 9126) with RFC 9396 authorization_details of type `credential` naming the
// credential and the hashes, sends the person to the provider's authorisation page, receives a
// code at its redirect_uri, trades it for a token scoped to that credential and those hashes, and
// signs them all with one signatures/signHash (a batch under one authorisation).
import type { KeyAlgorithm } from '../types.js';
import { TrustError } from '../errors.js';
import type { CscClient } from './client.js';
import type { CscSignHashResponse, CscTokenResponse } from './protocol.js';
import { CSC_HASH_SHA256, CSC_SIGN_ALGORITHMS } from './protocol.js';

export interface CredentialAuthorisationRequest {
  credentialId: string;
  /** base64 SHA-256 values of what is to be signed, in order */
  hashes: string[];
  redirectUri: string;
  /** the application's own handle on the request, echoed back (RFC 6749 10.12) */
  state: string;
  /** labels shown to the person on the provider's page, one per hash */
  labels?: string[];
}

const authorizationDetails = (request: CredentialAuthorisationRequest): string =>
  JSON.stringify([
    {
      type: 'credential',
      credentialID: request.credentialId,
      hashAlgorithmOID: CSC_HASH_SHA256,
      documentDigests: request.hashes.map((hash, i) => ({
        hash,
        label: request.labels?.[i] ?? `document ${i + 1}`,
      })),
    },
  ]);

/** Pushes the request (RFC 9126 2.1) and answers the URL to send the person to. */
export async function pushCredentialAuthorisation(
  client: CscClient,
  request: CredentialAuthorisationRequest,
): Promise<{ url: string; expiresIn: number }> {
  const { oauthUrl, clientId, clientSecret } = client.oauthClient;
  const pushed = await client.postForm<{ request_uri: string; expires_in: number }>(
    '/oauth2/pushed_authorize',
    {
      response_type: 'code',
      client_id: clientId,
      client_secret: clientSecret,
      redirect_uri: request.redirectUri,
      state: request.state,
      authorization_details: authorizationDetails(request),
    },
  );
  const url = new URL(`${oauthUrl}/oauth2/authorize`);
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('request_uri', pushed.request_uri);
  return { url: url.toString(), expiresIn: pushed.expires_in };
}

/** The same request in the authorisation URL itself, for providers without PAR (CSC v2 8.4.2). */
export function credentialAuthorisationUrl(
  client: CscClient,
  request: CredentialAuthorisationRequest,
): string {
  const { oauthUrl, clientId } = client.oauthClient;
  const url = new URL(`${oauthUrl}/oauth2/authorize`);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('redirect_uri', request.redirectUri);
  url.searchParams.set('state', request.state);
  url.searchParams.set('scope', 'credential');
  url.searchParams.set('credentialID', request.credentialId);
  url.searchParams.set('numSignatures', String(request.hashes.length));
  url.searchParams.set('hashes', request.hashes.join(','));
  url.searchParams.set('hashAlgorithmOID', CSC_HASH_SHA256);
  return url.toString();
}

/** Trades the code from the redirect for a credential-scoped token (the SAD) and signs every hash. */
export async function signWithCredentialCode(
  client: CscClient,
  options: {
    code: string;
    redirectUri: string;
    credentialId: string;
    keyAlgorithm: KeyAlgorithm;
    hashes: string[];
  },
): Promise<Uint8Array[]> {
  const { clientId, clientSecret } = client.oauthClient;
  const token = await client.postForm<CscTokenResponse>('/oauth2/token', {
    grant_type: 'authorization_code',
    code: options.code,
    redirect_uri: options.redirectUri,
    client_id: clientId,
    client_secret: clientSecret,
  });
  const signed = await client.postWithToken<CscSignHashResponse>(
    '/signatures/signHash',
    {
      credentialID: options.credentialId,
      hashes: options.hashes,
      hashAlgorithmOID: CSC_HASH_SHA256,
      signAlgo: CSC_SIGN_ALGORITHMS[options.keyAlgorithm],
    },
    token.access_token,
  );
  if (signed.signatures.length !== options.hashes.length)
    throw new TrustError('trust.csc_error', 'signHash returned a different number of signatures');
  return signed.signatures.map((value) => new Uint8Array(Buffer.from(value, 'base64')));
}
