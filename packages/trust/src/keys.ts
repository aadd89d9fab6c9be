// Key pairs of the trust services: generation (WebCrypto), signing with the right DER
// conventions, and encryption at rest under the wrapping key (AES-256-GCM; key-encryption-key.ts derives it).

import {
  KeyObject,
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  randomBytes,
  sign,
  webcrypto,
} from 'node:crypto';
import type { KeyAlgorithm } from './types.js';
import { encodeNull, encodeObjectIdentifier, encodeSequence } from './der.js';
import { OID } from './oids.js';
import { TrustError } from './errors.js';

export interface KeyPair {
  algorithm: KeyAlgorithm;
  privateKey: KeyObject;
  /** SubjectPublicKeyInfo DER */
  spki: Uint8Array;
}

export async function generateKeyPair(algorithm: KeyAlgorithm): Promise<KeyPair> {
  const params =
    algorithm === 'P-256'
      ? { name: 'ECDSA', namedCurve: 'P-256' }
      : {
          name: 'RSASSA-PKCS1-v1_5',
          modulusLength: 2048,
          publicExponent: Uint8Array.of(1, 0, 1),
          hash: 'SHA-256',
        };
  const pair = (await webcrypto.subtle.generateKey(params, true, [
    'sign',
    'verify',
  ])) as webcrypto.CryptoKeyPair;
  const spki = new Uint8Array(await webcrypto.subtle.exportKey('spki', pair.publicKey));
  return { algorithm, privateKey: KeyObject.from(pair.privateKey), spki };
}

/** signatureAlgorithm for what `signWithKey` produces (RFC 5758 3.2: no parameters for ECDSA). */
export function encodeSignatureAlgorithm(algorithm: KeyAlgorithm): Uint8Array {
  return algorithm === 'P-256'
    ? encodeSequence(encodeObjectIdentifier(OID.ecdsaWithSha256))
    : encodeSequence(encodeObjectIdentifier(OID.sha256WithRsaEncryption), encodeNull());
}

/** SHA-256 signature; ECDSA as a DER Ecdsa-Sig-Value, RSA as PKCS#1 v1.5, as CMS and X.509 expect. */
export function signWithKey(key: KeyPair, data: Uint8Array): Uint8Array {
  return new Uint8Array(sign('sha256', data, { key: key.privateKey, dsaEncoding: 'der' }));
}

/** An encrypted blob: AES-256-GCM, the label bound in as additional data so blobs cannot be swapped. */
export interface SealedBlob {
  iv: string;
  data: string;
}

export function sealBlob(wrappingKey: Buffer, label: string, plain: Uint8Array): SealedBlob {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', wrappingKey, iv);
  cipher.setAAD(Buffer.from(label, 'utf8'));
  const data = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  return { iv: iv.toString('base64'), data: data.toString('base64') };
}

export function openBlob(wrappingKey: Buffer, label: string, blob: SealedBlob): Buffer {
  const data = Buffer.from(blob.data, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', wrappingKey, Buffer.from(blob.iv, 'base64'));
  decipher.setAAD(Buffer.from(label, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  try {
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]);
  } catch (error) {
    // GCM authentication fails for a wrong key and for tampered data alike; a wrong KEK is by
    // far the common case (configuration), so that is what the code says.
    throw new TrustError(
      'trust.wrong_key_encryption_key',
      `Cannot decrypt the stored key "${label}": the key-encryption key does not match the one the trust hierarchy was created with`,
      { cause: error },
    );
  }
}

export function sealPrivateKey(wrappingKey: Buffer, label: string, key: KeyPair): SealedBlob {
  return sealBlob(wrappingKey, label, key.privateKey.export({ format: 'der', type: 'pkcs8' }));
}

export function openPrivateKey(
  wrappingKey: Buffer,
  label: string,
  blob: SealedBlob,
  spki: Uint8Array,
  algorithm: KeyAlgorithm,
): KeyPair {
  const der = openBlob(wrappingKey, label, blob);
  return { algorithm, privateKey: createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }), spki };
}

/**
 * The key pair of a sealed private key, decrypted when something first signs with it. Opening a
 * hierarchy holds nine such keys and a command signs under one or two: each decryption and
 * import costs about 2 ms of a short command's start. A wrong key-encryption key is still found
 * at opening (the serial secret is opened there); a damaged key blob, when its key is used.
 */
export function openPrivateKeyOnUse(...sealed: Parameters<typeof openPrivateKey>): KeyPair {
  const [, , , spki, algorithm] = sealed;
  let privateKey: KeyObject | undefined;
  return {
    algorithm,
    spki,
    get privateKey() {
      privateKey ??= openPrivateKey(...sealed).privateKey;
      return privateKey;
    },
  };
}
