// The sandbox's test issuer and test wallet (ADR 085), never in production: the issuer signs a
// person identification credential (PID) as an SD-JWT VC bound to a holder key, and the wallet
// presents it with only the claims a verifier asks for and a key-binding JWT for that verifier's
// nonce and audience. The sandbox wallet page and the tests use the same code, so the verifier is
// tested against presentations made as a wallet makes them.
import {
  createHash,
  createHmac,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import { SignJWT, type JWK } from 'jose';
import { DEFAULT_PID_TYPES, type TrustedIssuer } from './trust-list.js';

/** The PKCS #8 wrapping of a raw Ed25519 private key (RFC 8410). */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export interface PidIssuer {
  issuer: string;
  key: KeyObject;
}

export interface TestPerson {
  givenName: string;
  familyName: string;
  birthdate: string;
  /** ISO 3166 alpha-2 */
  issuingCountry: string;
}

export const SANDBOX_PERSON: TestPerson = {
  givenName: 'Erika',
  familyName: 'Mustermann',
  birthdate: '1984-01-26',
  issuingCountry: 'DE',
};

/** An Ed25519 key from 32 bytes of seed: the same seed gives every server process the same key. */
function ed25519FromSeed(seed: Buffer): KeyObject {
  return createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
}

export function publicJwkOf(key: KeyObject): JWK {
  return createPublicKey(key).export({ format: 'jwk' }) as JWK;
}

/** The sandbox issuer: its key derived from the installation's key, its identifier under publicUrl. */
export function sandboxPidIssuer(publicUrl: string, installationKey: string): PidIssuer {
  const seed = createHmac('sha256', installationKey).update('countersign sandbox wallet issuer').digest();
  return { issuer: `${publicUrl}/sandbox/wallet/issuer`, key: ed25519FromSeed(seed) };
}

/** A fresh issuer with a key of its own (tests: an issuer that no trust list names). */
export function randomPidIssuer(issuer: string): PidIssuer {
  return { issuer, key: ed25519FromSeed(randomBytes(32)) };
}

/** The trust-list entry that makes an issuer's credentials accepted. */
export function trustEntryOf(issuer: PidIssuer, status: TrustedIssuer['status'] = 'trusted'): TrustedIssuer {
  return {
    issuer: issuer.issuer,
    name: 'Countersign sandbox PID issuer',
    status,
    vcts: [...DEFAULT_PID_TYPES],
    keys: [publicJwkOf(issuer.key)],
  };
}

export function holderKey(): KeyObject {
  return generateKeyPairSync('ed25519').privateKey;
}

export interface IssuedPid {
  jwt: string;
  /** each claim's disclosure, by claim name */
  disclosures: Record<string, string>;
}

const encodeDisclosure = (name: string, value: unknown) =>
  Buffer.from(JSON.stringify([randomBytes(16).toString('base64url'), name, value])).toString('base64url');

/** Signs a PID for `person`, bound to `holder`'s key; every personal claim selectively disclosable. */
export async function issuePid(
  issuer: PidIssuer,
  person: TestPerson,
  holder: KeyObject,
  options: { now: Date; validSeconds?: number; vct?: string },
): Promise<IssuedPid> {
  const disclosures: Record<string, string> = {
    given_name: encodeDisclosure('given_name', person.givenName),
    family_name: encodeDisclosure('family_name', person.familyName),
    birthdate: encodeDisclosure('birthdate', person.birthdate),
    issuing_country: encodeDisclosure('issuing_country', person.issuingCountry),
    nationalities: encodeDisclosure('nationalities', [person.issuingCountry]),
  };
  const digests = Object.values(disclosures)
    .map((d) => createHash('sha256').update(d).digest('base64url'))
    .sort();
  const iat = Math.floor(options.now.getTime() / 1000);
  const jwt = await new SignJWT({
    vct: options.vct ?? DEFAULT_PID_TYPES[0],
    cnf: { jwk: publicJwkOf(holder) },
    _sd: digests,
    _sd_alg: 'sha-256',
  })
    .setProtectedHeader({ alg: 'EdDSA', typ: 'dc+sd-jwt' })
    .setIssuer(issuer.issuer)
    .setIssuedAt(iat)
    .setExpirationTime(iat + (options.validSeconds ?? 365 * 24 * 3600))
    .sign(issuer.key);
  return { jwt, disclosures };
}

/**
 * What the wallet sends: the credential, the disclosures of `disclose` only, and (unless
 * `keyBinding` is false) a key-binding JWT over them for the verifier's nonce and audience.
 */
export async function presentPid(
  credential: IssuedPid,
  options: {
    disclose: readonly string[];
    holder: KeyObject;
    nonce: string;
    audience: string;
    now: Date;
    keyBinding?: boolean;
  },
): Promise<string> {
  const chosen = options.disclose.flatMap((name) => credential.disclosures[name] ?? []);
  const presented = `${[credential.jwt, ...chosen].join('~')}~`;
  if (options.keyBinding === false) return presented;
  const kb = await new SignJWT({
    nonce: options.nonce,
    sd_hash: createHash('sha256').update(presented).digest('base64url'),
  })
    .setProtectedHeader({ alg: 'EdDSA', typ: 'kb+jwt' })
    .setAudience(options.audience)
    .setIssuedAt(Math.floor(options.now.getTime() / 1000))
    .sign(options.holder);
  return presented + kb;
}
