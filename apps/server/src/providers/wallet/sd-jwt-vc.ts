// A verifier of SD-JWT VC presentations (IETF SD-JWT, RFC 9901, and SD-JWT-based Verifiable
// Credentials) as digital identity wallets send them through OpenID4VP: the issuer's JWT, the
// disclosures the holder chose, and the key-binding JWT that proves the holder's key made this
// presentation for this verifier and this request. A thin layer over jose (ADR 085): jose checks
// every signature; this file checks what SD-JWT adds (digests, sd_hash, nonce, audience).
import { createHash } from 'node:crypto';
import { compactVerify, decodeJwt, decodeProtectedHeader, importJWK, type JWK, type JWTPayload } from 'jose';
import type { ErrorCode } from '@countersign/contract';
import { AppError } from '../../lib/app-error.js';
import { issuerStanding, type TrustedIssuer } from './trust-list.js';

/** Signature algorithms a wallet's issuer or holder key may use (no `none`, no HMAC). */
const ALGORITHMS = ['ES256', 'ES384', 'ES512', 'EdDSA', 'Ed25519'];
const ISSUER_TYPES = ['dc+sd-jwt', 'vc+sd-jwt'];

export interface PresentationCheck {
  /** the request's nonce, which the key-binding JWT must repeat */
  nonce: string;
  /** the verifier's client_id, the key-binding JWT's audience */
  audience: string;
  now: Date;
  /** how old a key-binding JWT may be */
  maxAgeSeconds: number;
  clockToleranceSeconds: number;
  trustList: readonly TrustedIssuer[];
}

export interface VerifiedPresentation {
  issuer: string;
  vct: string;
  /** the credential's claims after the holder's disclosures, selectively disclosed ones included */
  claims: Record<string, unknown>;
  /** the names of the claims the holder disclosed */
  disclosed: string[];
}

const refuse = (code: ErrorCode, message: string): never => {
  throw new AppError(code, message);
};

const digestOf = (disclosure: string) => createHash('sha256').update(disclosure).digest('base64url');

function decodePart<T>(decode: () => T, what: string): T {
  try {
    return decode();
  } catch {
    return refuse('identification.wallet_presentation_invalid', `${what} cannot be read`);
  }
}

async function verifyWith(jwt: string, keys: readonly JWK[], alg: string): Promise<Uint8Array | null> {
  for (const jwk of keys) {
    try {
      const key = await importJWK(jwk, alg);
      return (await compactVerify(jwt, key, { algorithms: ALGORITHMS })).payload;
    } catch {
      // the next key of the issuer, if any
    }
  }
  return null;
}

/** Disclosures by digest: [salt, name, value] for a property, [salt, value] for an array element. */
function readDisclosures(parts: readonly string[]): Map<string, unknown[]> {
  const byDigest = new Map<string, unknown[]>();
  for (const part of parts) {
    const decoded = decodePart(
      () => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown,
      'A disclosure',
    );
    if (!Array.isArray(decoded) || decoded.length < 2 || decoded.length > 3 || typeof decoded[0] !== 'string')
      refuse('identification.wallet_presentation_invalid', 'A disclosure is not [salt, name, value]');
    byDigest.set(digestOf(part), decoded as unknown[]);
  }
  return byDigest;
}

/** Puts the disclosed values back where the issuer's digests stand, and forgets the rest. */
function resolve(
  value: unknown,
  disclosures: Map<string, unknown[]>,
  used: Set<string>,
  names: string[],
): unknown {
  if (Array.isArray(value))
    return value.flatMap((item: unknown) => {
      const digest = (item as { '...'?: unknown } | null)?.['...'];
      if (typeof digest !== 'string') return [resolve(item, disclosures, used, names)];
      const found = disclosures.get(digest);
      if (!found || found.length !== 2) return [];
      used.add(digest);
      return [resolve(found[1], disclosures, used, names)];
    });
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === '_sd' || key === '_sd_alg') continue;
    out[key] = resolve(inner, disclosures, used, names);
  }
  const digests = (value as { _sd?: unknown })._sd;
  for (const digest of Array.isArray(digests) ? digests : []) {
    const found = typeof digest === 'string' ? disclosures.get(digest) : undefined;
    if (!found || found.length !== 3 || typeof found[1] !== 'string') continue;
    if (Object.hasOwn(out, found[1]))
      refuse('identification.wallet_presentation_invalid', `The claim ${found[1]} is disclosed twice`);
    used.add(digest as string);
    names.push(found[1]);
    out[found[1]] = resolve(found[2], disclosures, used, names);
  }
  return out;
}

function checkTimes(payload: JWTPayload, check: PresentationCheck): void {
  const now = check.now.getTime() / 1000;
  const tolerance = check.clockToleranceSeconds;
  if (typeof payload.exp === 'number' && payload.exp + tolerance < now)
    refuse('identification.wallet_credential_expired', 'The credential has expired');
  if (typeof payload.nbf === 'number' && payload.nbf - tolerance > now)
    refuse('identification.wallet_credential_expired', 'The credential is not valid yet');
}

async function checkKeyBinding(
  kbJwt: string,
  holderKey: unknown,
  presented: string,
  check: PresentationCheck,
): Promise<void> {
  if (!kbJwt) refuse('identification.wallet_key_binding_missing', 'The presentation has no key-binding JWT');
  if (!holderKey || typeof holderKey !== 'object')
    refuse('identification.wallet_key_binding_missing', 'The credential binds no holder key (cnf.jwk)');
  const header = decodePart(() => decodeProtectedHeader(kbJwt), 'The key-binding JWT');
  if (header.typ !== 'kb+jwt' || !header.alg || !ALGORITHMS.includes(header.alg))
    refuse('identification.wallet_key_binding_invalid', 'The key-binding JWT is not of type kb+jwt');
  const payload = await verifyWith(kbJwt, [holderKey as JWK], header.alg ?? '');
  if (!payload)
    refuse(
      'identification.wallet_key_binding_invalid',
      "The key-binding JWT is not signed by the holder's key",
    );
  const claims = decodeJwt(kbJwt);
  if (claims.sd_hash !== digestOf(presented))
    refuse('identification.wallet_key_binding_invalid', 'The key-binding JWT covers other disclosures');
  const now = check.now.getTime() / 1000;
  const issuedAt = typeof claims.iat === 'number' ? claims.iat : Number.NaN;
  if (
    !(issuedAt >= now - check.maxAgeSeconds - check.clockToleranceSeconds) ||
    issuedAt > now + check.clockToleranceSeconds
  )
    refuse('identification.wallet_key_binding_invalid', 'The key-binding JWT is stale or from the future');
  if (claims.nonce !== check.nonce)
    refuse('identification.wallet_nonce_mismatch', "The key-binding JWT's nonce is not this request's");
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (audiences.length !== 1 || audiences[0] !== check.audience)
    refuse('identification.wallet_audience_mismatch', "The key-binding JWT's audience is not this verifier");
}

/**
 * Verifies one SD-JWT VC presentation (`<issuer JWT>~<disclosure>~...~<key-binding JWT>`); throws
 * AppError with the catalogue code of the first check that fails. The issuer is looked up on the
 * trust list before its signature is checked, so an unknown issuer is named as such.
 */
export async function verifyPresentation(
  presentation: string,
  check: PresentationCheck,
): Promise<VerifiedPresentation> {
  const parts = presentation.split('~');
  if (parts.length < 2) refuse('identification.wallet_presentation_invalid', 'Not an SD-JWT presentation');
  const issuerJwt = parts[0] ?? '';
  const kbJwt = parts[parts.length - 1] ?? '';
  const disclosureParts = parts.slice(1, -1);
  const header = decodePart(() => decodeProtectedHeader(issuerJwt), "The issuer's JWT");
  const unverified = decodePart(() => decodeJwt(issuerJwt), "The issuer's JWT");
  if (!header.typ || !ISSUER_TYPES.includes(header.typ) || !header.alg || !ALGORITHMS.includes(header.alg))
    refuse('identification.wallet_presentation_invalid', 'The credential is not an SD-JWT VC');
  const standing = issuerStanding(check.trustList, unverified.iss);
  if (standing.kind !== 'trusted')
    return standing.kind === 'revoked'
      ? refuse('identification.wallet_issuer_revoked', `The issuer ${String(unverified.iss)} was withdrawn`)
      : refuse(
          'identification.wallet_issuer_untrusted',
          `The issuer ${String(unverified.iss)} is not trusted`,
        );
  const { issuer } = standing;
  if (!(await verifyWith(issuerJwt, issuer.keys, header.alg ?? '')))
    refuse('identification.wallet_signature_invalid', "The credential's signature does not verify");
  checkTimes(unverified, check);
  const vct = unverified.vct;
  if (typeof vct !== 'string' || !issuer.vcts.includes(vct))
    refuse(
      'identification.wallet_presentation_invalid',
      `The credential type ${String(vct)} is not accepted`,
    );
  if ((unverified._sd_alg ?? 'sha-256') !== 'sha-256')
    refuse('identification.wallet_presentation_invalid', 'Only sha-256 disclosure digests are accepted');
  const disclosures = readDisclosures(disclosureParts);
  const used = new Set<string>();
  const disclosed: string[] = [];
  const claims = resolve(unverified, disclosures, used, disclosed) as Record<string, unknown>;
  // a disclosure the issuer signed no digest of was added by someone else
  if (used.size !== disclosures.size)
    refuse('identification.wallet_signature_invalid', 'A disclosure is not covered by the issuer');
  const presented = `${parts.slice(0, -1).join('~')}~`;
  await checkKeyBinding(kbJwt, (unverified.cnf as { jwk?: unknown } | undefined)?.jwk, presented, check);
  return { issuer: issuer.issuer, vct: vct as string, claims, disclosed };
}
