import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HIERARCHY_ENTRY } from './hierarchy.js';
import { createKdfParams, deriveWrappingKey, readKeyForm } from './key-encryption-key.js';
import type { KdfParams } from './key-encryption-key.js';
import { DirectoryTrustStore } from './store.js';
import { openTrustServices } from './trust-services.js';

const aKey = (): string => `key:${randomBytes(32).toString('base64')}`;
// a hierarchy written before TRUST_KEK had a key form, under this passphrase
const FIXTURE = join(import.meta.dirname, '../test-fixtures/passphrase-hierarchy');
const FIXTURE_PASSPHRASE = 'a passphrase from before keys had a form';

const dirs: string[] = [];
async function tempStore(from?: string): Promise<{ dir: string; store: DirectoryTrustStore }> {
  const dir = await mkdtemp(join(tmpdir(), 'countersign-kek-'));
  dirs.push(dir);
  if (from) await cp(from, dir, { recursive: true });
  return { dir, store: new DirectoryTrustStore(dir) };
}
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function storedKdf(dir: string): Promise<KdfParams> {
  return (JSON.parse(await readFile(join(dir, HIERARCHY_ENTRY), 'utf8')) as { kdf: KdfParams }).kdf;
}

describe('the key-encryption key', () => {
  it('derives the same wrapping key from the same value and salt, in either form', async () => {
    for (const secret of [aKey(), 'a passphrase of some length']) {
      const params = createKdfParams(secret);
      const first = await deriveWrappingKey(secret, params);
      expect(first).toHaveLength(32);
      expect((await deriveWrappingKey(secret, params)).equals(first)).toBe(true);
      const otherSalt = { ...params, salt: randomBytes(16).toString('base64') };
      expect((await deriveWrappingKey(secret, otherSalt)).equals(first)).toBe(false);
    }
  });

  it('uses HKDF for a key and scrypt for a passphrase, and a key is not its own wrapping key', async () => {
    const key = aKey();
    expect(createKdfParams(key).name).toBe('hkdf-sha256');
    expect(createKdfParams('a passphrase of some length').name).toBe('scrypt');
    const wrapping = await deriveWrappingKey(key, createKdfParams(key));
    expect(wrapping.equals(readKeyForm(key))).toBe(false);
  });

  it('refuses a malformed key form with a stable code and without echoing it', async () => {
    const malformed = [
      'key:',
      `key:${randomBytes(31).toString('base64')}`,
      `key:${randomBytes(33).toString('base64')}`,
      `key:${randomBytes(32).toString('base64url')}`,
      `key:${randomBytes(32).toString('base64')}\n`,
      `key:${randomBytes(32).toString('base64').replace(/=$/, '')}`,
    ];
    for (const value of malformed) {
      const { store } = await tempStore();
      const error = await openTrustServices({ store, keyEncryptionKey: value }).catch((e: unknown) => e);
      expect(error, JSON.stringify(value)).toMatchObject({
        code: 'trust.malformed_key_encryption_key',
        message: expect.stringContaining('32 bytes in base64'),
      });
      if (value.length > 8) expect((error as Error).message).not.toContain(value.slice(4, 20));
    }
  });

  it('creates a hierarchy under a key that reopens with it and not with another key', async () => {
    const { dir, store } = await tempStore();
    const key = aKey();
    const created = await openTrustServices({ store, keyEncryptionKey: key });
    expect((await storedKdf(dir)).name).toBe('hkdf-sha256');
    const again = await openTrustServices({ store, keyEncryptionKey: key });
    expect(Buffer.from(again.rootCertificate()).equals(created.rootCertificate())).toBe(true);
    await expect(openTrustServices({ store, keyEncryptionKey: aKey() })).rejects.toMatchObject({
      code: 'trust.wrong_key_encryption_key',
    });
    await expect(
      openTrustServices({ store, keyEncryptionKey: 'a passphrase of some length' }),
    ).rejects.toMatchObject({ code: 'trust.wrong_key_encryption_key', message: /created with a key/ });
  });

  it('still opens a hierarchy stored under a passphrase before keys had a form', async () => {
    const { dir, store } = await tempStore(FIXTURE);
    expect((await storedKdf(dir)).name).toBe('scrypt');
    const trust = await openTrustServices({ store, keyEncryptionKey: FIXTURE_PASSPHRASE });
    // the CA keys decrypt: a certificate issued now chains to the stored root
    const signer = await trust.issueSignerCertificate({
      quality: 'ses',
      legislation: 'eidas',
      email: 'a@example.com',
    });
    expect(Buffer.from(signer.chain.at(-1)!).equals(trust.rootCertificate())).toBe(true);
    await expect(openTrustServices({ store, keyEncryptionKey: aKey() })).rejects.toMatchObject({
      code: 'trust.wrong_key_encryption_key',
    });
  });

  it('decrypts an authority key when it signs: a damaged one stops only its own certificates', async () => {
    const { dir, store } = await tempStore(FIXTURE);
    const path = join(dir, HIERARCHY_ENTRY);
    const stored = JSON.parse(await readFile(path, 'utf8')) as {
      authorities: Record<string, { key: { data: string } }>;
    };
    const sealed = Buffer.from(stored.authorities['qes-eidas']!.key.data, 'base64');
    sealed[0]! ^= 0xff;
    stored.authorities['qes-eidas']!.key.data = sealed.toString('base64');
    await writeFile(path, JSON.stringify(stored));
    const trust = await openTrustServices({ store, keyEncryptionKey: FIXTURE_PASSPHRASE });
    const person = { legislation: 'eidas', email: 'a@example.com' } as const;
    expect((await trust.issueSignerCertificate({ ...person, quality: 'aes' })).chain).toHaveLength(2);
    await expect(trust.issueSignerCertificate({ ...person, quality: 'qes' })).rejects.toMatchObject({
      code: 'trust.wrong_key_encryption_key',
    });
  });

  it('keeps stretching a passphrase that looks like a bare base64 key', async () => {
    const { dir, store } = await tempStore();
    const bare = randomBytes(32).toString('base64'); // what `openssl rand -base64 32` prints
    await openTrustServices({ store, keyEncryptionKey: bare });
    expect((await storedKdf(dir)).name).toBe('scrypt');
  });
});
