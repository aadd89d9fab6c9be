// The key-encryption key (TRUST_KEK) and the wrapping key derived from it, which encrypts the
// private keys at rest. TRUST_KEK comes in two forms (ADR 047, amended 2026-11-29):
// - a key: `key:` followed by 32 random bytes in standard base64 (44 characters, as
//   `openssl rand -base64 32` prints them). Nothing is left to guess, so HKDF-SHA-256 derives the
//   wrapping key in microseconds;
// - anything else is a passphrase, stretched with scrypt (about 0.1 s) so that the stored keys
//   cannot be guessed offline.
// The form is chosen when a hierarchy is created and recorded with it (`kdf`); opening always
// follows the record, so a hierarchy created with a passphrase is opened with scrypt whatever
// the value looks like, and keeps decrypting. Kept apart from keys.ts so that configuration can
// check the value without loading the certificate code.

import { hkdfSync, randomBytes, scrypt } from 'node:crypto';
import { TrustError } from './errors.js';

export const KEY_FORM_PREFIX = 'key:';
const KEY_BYTES = 32;

// scrypt cost: about 0.1 s once per process start; the derived key then encrypts every key.
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;
// HKDF's info binds the derived key to this use (RFC 5869 3.2), so the same TRUST_KEK used
// elsewhere (the sandbox providers' HMAC) yields an unrelated key here.
const HKDF_INFO = 'countersign trust hierarchy wrapping key';

export type KdfParams =
  { name: 'scrypt'; salt: string; N: number; r: number; p: number } | { name: 'hkdf-sha256'; salt: string };

/** True when the value claims the key form (starts with `key:`), well formed or not. */
export function isKeyForm(value: string): boolean {
  return value.startsWith(KEY_FORM_PREFIX);
}

/**
 * The 32 bytes of a `key:` value; throws trust.malformed_key_encryption_key when the value has the
 * prefix but not exactly 32 bytes of canonical base64 after it. Never echoes the value.
 */
export function readKeyForm(value: string): Buffer {
  const encoded = value.slice(KEY_FORM_PREFIX.length);
  const key = Buffer.from(encoded, 'base64');
  if (key.length !== KEY_BYTES || key.toString('base64') !== encoded)
    throw new TrustError(
      'trust.malformed_key_encryption_key',
      `TRUST_KEK starts with "${KEY_FORM_PREFIX}" but what follows is not ${KEY_BYTES} bytes in base64 (44 characters, ending in "="; make one with: echo "${KEY_FORM_PREFIX}$(openssl rand -base64 ${KEY_BYTES})"); a passphrase must not start with "${KEY_FORM_PREFIX}"`,
    );
  return key;
}

/** A clear error now rather than a failed decryption later; the value itself is never shown. */
export function checkKeyEncryptionKey(value: string): void {
  if (isKeyForm(value)) readKeyForm(value);
}

/** The derivation a new hierarchy records: HKDF for the key form, scrypt for a passphrase. */
export function createKdfParams(secret: string): KdfParams {
  const salt = randomBytes(16).toString('base64');
  if (isKeyForm(secret)) {
    readKeyForm(secret);
    return { name: 'hkdf-sha256', salt };
  }
  return { name: 'scrypt', salt, N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p };
}

/** The wrapping key, by the derivation the hierarchy recorded when it was created. */
export async function deriveWrappingKey(secret: string, params: KdfParams): Promise<Buffer> {
  checkKeyEncryptionKey(secret);
  const salt = Buffer.from(params.salt, 'base64');
  if (params.name === 'hkdf-sha256') {
    if (!isKeyForm(secret))
      throw new TrustError(
        'trust.wrong_key_encryption_key',
        `the trust hierarchy was created with a key (TRUST_KEK of the form "${KEY_FORM_PREFIX}..."), but TRUST_KEK holds a passphrase`,
      );
    return Buffer.from(hkdfSync('sha256', readKeyForm(secret), salt, HKDF_INFO, KEY_BYTES));
  }
  if (params.name !== 'scrypt')
    throw new TrustError(
      'trust.store_corrupt',
      `unknown key derivation "${String((params as { name: unknown }).name)}"`,
    );
  // a hierarchy created with a passphrase: the whole value is the passphrase, as it always was
  return new Promise((resolve, reject) => {
    scrypt(
      secret,
      salt,
      KEY_BYTES,
      { N: params.N, r: params.r, p: params.p, maxmem: SCRYPT.maxmem },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}
