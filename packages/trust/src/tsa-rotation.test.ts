// The TSA's keys in turn (ADR 089): a stamp made within the first key's period carries the
// hierarchy's TSA certificate; one made after it a new certificate from the root, with ten years
// ahead of it (never beyond the root), that openssl verifies; and two services over one store
// (two servers) stamp with the same new key.
import { X509Certificate, createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DirectoryTrustStore } from './store.js';
import { openTrustServices } from './trust-services.js';
import type { TempTrust } from './test-support.js';
import { TEST_KEK, openTempTrust, runOpenssl } from './test-support.js';
import { TSA_KEY_USE } from './tsa-rotation.js';
import { YEAR } from './profiles.js';

/** The TSA certificate a token carries: the last certificate openssl prints from it. */
async function tsaOf(temp: TempTrust, token: Uint8Array, name: string): Promise<X509Certificate> {
  const file = await temp.write(`${name}.tst`, token);
  const out = `${temp.dir}/${name}.pem`;
  const printed = await runOpenssl(['pkcs7', '-inform', 'DER', '-in', file, '-print_certs', '-out', out]);
  expect(printed.code, printed.stderr).toBe(0);
  const pem = (await readFile(out, 'utf8')).match(
    /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g,
  );
  return new X509Certificate(pem!.at(-1)!);
}

describe('TSA key rotation', () => {
  let now = new Date('2026-11-22T10:00:00Z');
  let temp: TempTrust;
  const imprint = createHash('sha256').update('the document').digest();
  beforeAll(async () => {
    temp = await openTempTrust({ clock: () => now });
  });
  afterAll(() => temp.dispose());

  it('stamps with the hierarchy TSA certificate during its key period', async () => {
    now = new Date(now.getTime() + TSA_KEY_USE - 86_400_000);
    const tsa = await tsaOf(temp, await temp.trust.timestamp(imprint), 'first');
    expect(Buffer.from(tsa.raw).equals(Buffer.from(temp.trust.tsaCertificate()))).toBe(true);
  });

  it('stamps with a new key and certificate from the root after it, verified by openssl', async () => {
    now = new Date(now.getTime() + 2 * 86_400_000);
    const token = await temp.trust.timestamp(imprint);
    const tsa = await tsaOf(temp, token, 'second');
    expect(Buffer.from(tsa.raw).equals(Buffer.from(temp.trust.tsaCertificate()))).toBe(false);
    const root = new X509Certificate(temp.trust.rootCertificate());
    expect(tsa.checkIssued(root)).toBe(true);
    expect(tsa.verify(root.publicKey)).toBe(true);
    expect(Date.parse(tsa.validTo) - now.getTime()).toBeGreaterThan(9.9 * YEAR);
    expect(Date.parse(tsa.validTo)).toBeLessThanOrEqual(Date.parse(root.validTo));
    // the same key again for the rest of the period
    const again = await tsaOf(temp, await temp.trust.timestamp(imprint), 'again');
    expect(again.fingerprint256).toBe(tsa.fingerprint256);

    const verified = await runOpenssl([
      'ts',
      '-verify',
      '-digest',
      imprint.toString('hex'),
      '-in',
      await temp.write('second.der', token),
      '-token_in',
      '-CAfile',
      await temp.writePem('root.pem', temp.trust.rootCertificate()),
      '-untrusted',
      await temp.writePem('tsa2.pem', new Uint8Array(tsa.raw)),
      // openssl judges at the stamp's time, years after the machine's
      '-attime',
      String(Math.floor(now.getTime() / 1000)),
    ]);
    expect(verified.stdout + verified.stderr).toContain('Verification: OK');
  });

  it('gives a second server over the same store the same key for the period', async () => {
    const other = await openTrustServices({
      store: new DirectoryTrustStore(`${temp.dir}/store`),
      keyEncryptionKey: TEST_KEK,
      clock: () => now,
    });
    const mine = await tsaOf(temp, await temp.trust.timestamp(imprint), 'mine');
    const theirs = await tsaOf(temp, await other.timestamp(imprint), 'theirs');
    expect(theirs.fingerprint256).toBe(mine.fingerprint256);
  });
});
