import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TrustError } from './errors.js';
import { HIERARCHY_ENTRY } from './hierarchy.js';
import { AUTHORITY_IDS } from './profiles.js';
import { DirectoryTrustStore } from './store.js';
import { readStoredRootCertificate } from './stored-hierarchy.js';
import type { TempTrust } from './test-support.js';
import { TEST_BASE_URL, TEST_KEK, openTempTrust, runOpenssl } from './test-support.js';
import { openTrustServices } from './trust-services.js';
import type { TrustStore } from './types.js';

describe('CA hierarchy', () => {
  let temp: TempTrust;
  beforeAll(async () => {
    temp = await openTempTrust();
  });
  afterAll(() => temp.dispose());

  it('gives the same root when the store is opened again', async () => {
    const again = await openTrustServices({
      store: temp.store,
      keyEncryptionKey: TEST_KEK,
      baseUrl: TEST_BASE_URL,
    });
    expect(Buffer.from(again.rootCertificate()).equals(temp.trust.rootCertificate())).toBe(true);
    // and keys that still work: a certificate issued after reopening chains to the same root
    const signer = await again.issueSignerCertificate({
      quality: 'ses',
      legislation: 'eidas',
      email: 'a@example.com',
    });
    expect(Buffer.from(signer.chain[1]!).equals(temp.trust.rootCertificate())).toBe(true);
  });

  it('gives the root to a relying party without the key-encryption key', async () => {
    const root = await readStoredRootCertificate(temp.store);
    expect(Buffer.from(root!).equals(temp.trust.rootCertificate())).toBe(true);
    const empty = await mkdtemp(join(tmpdir(), 'trust-empty-'));
    expect(await readStoredRootCertificate(new DirectoryTrustStore(empty))).toBeUndefined();
    await rm(empty, { recursive: true, force: true });
  });

  it('refuses a wrong key-encryption key with a stable code', async () => {
    const opening = openTrustServices({
      store: temp.store,
      keyEncryptionKey: 'not the key',
      baseUrl: TEST_BASE_URL,
    });
    await expect(opening).rejects.toBeInstanceOf(TrustError);
    await expect(opening).rejects.toMatchObject({ code: 'trust.wrong_key_encryption_key' });
  });

  it('stores private keys only encrypted', async () => {
    const stored = JSON.parse(await readFile(join(temp.dir, 'store', HIERARCHY_ENTRY), 'utf8')) as {
      authorities: Record<string, { key: { iv: string; data: string } }>;
    };
    expect(Object.keys(stored.authorities).sort()).toEqual([...AUTHORITY_IDS].sort());
    for (const entry of Object.values(stored.authorities)) {
      // a P-256 PKCS#8 key starts with SEQUENCE 0x30 0x81 0x87 0x02 0x01 0x00; GCM output does not
      const data = Buffer.from(entry.key.data, 'base64');
      expect(data.subarray(0, 6).equals(Buffer.from('308187020100', 'hex'))).toBe(false);
      expect(data.length).toBe(138 + 16); // PKCS#8 length plus the GCM tag
    }
  });

  it('publishes a root and issuing CAs that openssl accepts as a chain', async () => {
    const root = await temp.writePem('root.pem', temp.trust.rootCertificate());
    const rootText = await runOpenssl(['x509', '-in', root, '-noout', '-text']);
    expect(rootText.stdout).toMatch(/CN = Countersign Root CA/);
    expect(rootText.stdout).toMatch(/Basic Constraints: critical\s+CA:TRUE/);
    for (const name of temp.trust.authorityNames().filter((id) => id !== 'root')) {
      const path = await temp.writePem(`${name}.pem`, temp.trust.authorityCertificate(name));
      const verified = await runOpenssl(['verify', '-CAfile', root, path]);
      expect(verified.stdout.trim(), name).toBe(`${path}: OK`);
    }
    const tsa = await temp.writePem('tsa.pem', temp.trust.tsaCertificate());
    expect((await runOpenssl(['verify', '-CAfile', root, '-purpose', 'timestampsign', tsa])).code).toBe(0);
  });

  it('generates one hierarchy when first use is concurrent', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'countersign-trust-race-'));
    try {
      let puts = 0;
      const inner = new DirectoryTrustStore(dir);
      const store: TrustStore = {
        get: (name) => inner.get(name),
        put: (name, data) => {
          puts++;
          return inner.put(name, data);
        },
      };
      const options = { store, keyEncryptionKey: TEST_KEK, baseUrl: TEST_BASE_URL };
      const opened = await Promise.all([openTrustServices(options), openTrustServices(options)]);
      expect(puts).toBe(1);
      expect(Buffer.from(opened[0].rootCertificate()).equals(opened[1].rootCertificate())).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('keeps the first hierarchy when two stores race on one folder', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'countersign-trust-race-'));
    try {
      const open = () =>
        openTrustServices({
          store: new DirectoryTrustStore(dir),
          keyEncryptionKey: TEST_KEK,
          baseUrl: TEST_BASE_URL,
        });
      const [first, second] = await Promise.all([open(), open()]);
      const third = await open();
      expect(Buffer.from(first.rootCertificate()).equals(second.rootCertificate())).toBe(true);
      expect(Buffer.from(third.rootCertificate()).equals(first.rootCertificate())).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
