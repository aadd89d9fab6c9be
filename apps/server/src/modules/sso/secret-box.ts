// Client secrets of business identity providers, sealed with AES-256-GCM under a key derived from
// TRUST_KEK (or the development key when it is not set, as for the trust keys): a copy of the
// database alone does not give them away.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const DEVELOPMENT_SECRET = 'countersign development key: never protects production secrets';

export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

export function createSecretBox(trustKek: string | undefined): SecretBox {
  const key = createHash('sha256')
    .update('countersign identity provider client secrets\0')
    .update(trustKek ?? DEVELOPMENT_SECRET)
    .digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
