import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCertificateFields, serialToHex } from './certificate.js';
import { TrustError } from './errors.js';
import type { TempTrust } from './test-support.js';
import { TEST_BASE_URL, TEST_KEK, openTempTrust, runOpenssl } from './test-support.js';
import { RevocationList } from './revocations.js';
import { openTrustServices } from './trust-services.js';
import type { Signer } from './types.js';

describe('OCSP responder, CRLs and revocation', () => {
  let temp: TempTrust;
  let rootPath: string;
  let issuerPath: string;
  let good: Signer;
  let revoked: Signer;
  beforeAll(async () => {
    temp = await openTempTrust();
    rootPath = await temp.writePem('root.pem', temp.trust.rootCertificate());
    const subject = { quality: 'qes', legislation: 'eidas', email: 'o@example.eu', name: 'O C S P' } as const;
    good = await temp.trust.issueSignerCertificate(subject);
    revoked = await temp.trust.issueSignerCertificate(subject);
    issuerPath = await temp.writePem('issuer.pem', good.chain[0]!);
    await temp.trust.revoke(serialToHex(readCertificateFields(revoked.certificate).serial), 1);
  });
  afterAll(() => temp.dispose());

  /** Asks our responder about `target` as openssl would, then lets openssl verify the answer. */
  async function askOcsp(name: string, target: string[], requestArgs: string[] = ['-no_nonce']) {
    const request = `${temp.dir}/${name}.req`;
    const made = await runOpenssl([
      'ocsp',
      '-issuer',
      issuerPath,
      ...target,
      ...requestArgs,
      '-reqout',
      request,
    ]);
    expect(made.code, made.stderr).toBe(0);
    const response = await temp.write(`${name}.resp`, await temp.trust.respondOcsp(await readFile(request)));
    return runOpenssl([
      'ocsp',
      '-respin',
      response,
      '-resp_text',
      '-CAfile',
      rootPath,
      '-issuer',
      issuerPath,
      ...target,
    ]);
  }

  it('answers good for a live certificate, signed by a responder openssl accepts', async () => {
    const leaf = await temp.writePem('good.pem', good.certificate);
    const result = await askOcsp('good', ['-cert', leaf]);
    expect(result.stderr).toContain('Response verify OK');
    expect(result.stdout).toContain(`${leaf}: good`);
    expect(result.stdout).toContain('OCSP No Check');
  });

  it('answers revoked, with the reason, after revoke()', async () => {
    const leaf = await temp.writePem('revoked.pem', revoked.certificate);
    const result = await askOcsp('revoked', ['-cert', leaf]);
    expect(result.stderr).toContain('Response verify OK');
    expect(result.stdout).toContain(`${leaf}: revoked`);
    expect(result.stdout).toContain('Reason: keyCompromise');
  });

  it('answers unknown for a serial it never issued', async () => {
    const result = await askOcsp('unknown', ['-serial', '0x4000112233']);
    expect(result.stderr).toContain('Response verify OK');
    expect(result.stdout).toMatch(/0x4000112233: unknown/);
  });

  it('echoes the request nonce', async () => {
    const request = `${temp.dir}/nonce.req`;
    const leaf = await temp.writePem('nonce.pem', good.certificate);
    await runOpenssl(['ocsp', '-issuer', issuerPath, '-cert', leaf, '-reqout', request]);
    const response = await temp.write('nonce.resp', await temp.trust.respondOcsp(await readFile(request)));
    const result = await runOpenssl([
      'ocsp',
      '-reqin',
      request,
      '-respin',
      response,
      '-CAfile',
      rootPath,
      '-verify_other',
      issuerPath,
      '-resp_text',
    ]);
    expect(result.stderr).toContain('Response verify OK');
    expect(result.stderr).not.toContain('Nonce Verify error');
    expect(result.stdout).toContain('OCSP Nonce');
  });

  it('answers malformedRequest for garbage and unauthorized for foreign CAs', async () => {
    const malformed = await temp.trust.respondOcsp(Uint8Array.of(1, 2, 3));
    expect(Buffer.from(malformed).toString('hex')).toBe('30030a0101');
    const foreign = await openTempTrust();
    try {
      const foreignSigner = await foreign.trust.issueSignerCertificate({
        quality: 'ses',
        legislation: 'eidas',
        email: 'x@y.z',
      });
      const issuer = await foreign.writePem('issuer.pem', foreignSigner.chain[0]!);
      const leaf = await foreign.writePem('leaf.pem', foreignSigner.certificate);
      const request = `${foreign.dir}/foreign.req`;
      await runOpenssl(['ocsp', '-issuer', issuer, '-cert', leaf, '-no_nonce', '-reqout', request]);
      const answer = await temp.trust.respondOcsp(await readFile(request));
      expect(Buffer.from(answer).toString('hex')).toBe('30030a0106');
    } finally {
      await foreign.dispose();
    }
  });

  it('publishes CRLs per authority that openssl verifies, listing what was revoked', async () => {
    const crlPath = await temp.write('qes-eidas.crl', await temp.trust.crl('qes-eidas'));
    const caFile = await temp.write(
      'both.pem',
      (await readFile(rootPath, 'utf8')) + (await readFile(issuerPath, 'utf8')),
    );
    const result = await runOpenssl([
      'crl',
      '-inform',
      'DER',
      '-in',
      crlPath,
      '-CAfile',
      caFile,
      '-noout',
      '-verify',
      '-text',
    ]);
    expect(result.stderr).toContain('verify OK');
    const revokedSerial = serialToHex(readCertificateFields(revoked.certificate).serial).toUpperCase();
    const goodSerial = serialToHex(readCertificateFields(good.certificate).serial).toUpperCase();
    expect(result.stdout).toContain(`Serial Number: ${revokedSerial}`);
    expect(result.stdout).not.toContain(goodSerial);
    expect(result.stdout).toContain('Key Compromise');
    const root = await temp.write('root.crl', await temp.trust.crl('root'));
    expect(
      (await runOpenssl(['crl', '-inform', 'DER', '-in', root, '-CAfile', rootPath, '-noout', '-verify']))
        .stderr,
    ).toContain('verify OK');
    await expect(temp.trust.crl('nobody')).rejects.toMatchObject({ code: 'trust.unknown_issuer' });
  });

  it('keeps revocations in the store across reopening', async () => {
    const reopened = await openTrustServices({
      store: temp.store,
      keyEncryptionKey: TEST_KEK,
      baseUrl: TEST_BASE_URL,
    });
    const crlPath = await temp.write('reopened.crl', await reopened.crl('qes-eidas'));
    const text = await runOpenssl(['crl', '-inform', 'DER', '-in', crlPath, '-noout', '-text']);
    expect(text.stdout).toContain(
      serialToHex(readCertificateFields(revoked.certificate).serial).toUpperCase(),
    );
  });

  it('refuses to revoke serials it did not issue', async () => {
    const revoking = temp.trust.revoke('4000112233');
    await expect(revoking).rejects.toBeInstanceOf(TrustError);
    await expect(revoking).rejects.toMatchObject({ code: 'trust.unknown_serial' });
  });

  it('collects OCSP for end entities and CRLs for CAs', async () => {
    const chain = [good.certificate, ...good.chain];
    const material = await temp.trust.collectValidationData(chain);
    expect(material.ocspResponses).toHaveLength(1);
    expect(material.crls).toHaveLength(1); // the root's CRL, about the issuing CA
    expect(material.certificates).toHaveLength(1); // the delegated responder certificate
    const response = await temp.write('ltv.resp', material.ocspResponses[0]!);
    const leaf = await temp.writePem('ltv.pem', good.certificate);
    const result = await runOpenssl([
      'ocsp',
      '-respin',
      response,
      '-CAfile',
      rootPath,
      '-issuer',
      issuerPath,
      '-cert',
      leaf,
      '-resp_text',
    ]);
    expect(result.stderr).toContain('Response verify OK');
    expect(result.stdout).toContain(`${leaf}: good`);
    const crl = await temp.write('ltv.crl', material.crls[0]!);
    const crlText = await runOpenssl([
      'crl',
      '-inform',
      'DER',
      '-in',
      crl,
      '-CAfile',
      rootPath,
      '-noout',
      '-verify',
      '-text',
    ]);
    expect(crlText.stderr).toContain('verify OK');
    expect(crlText.stdout).toContain('Countersign Root CA');
  });

  it('collects for several chains at once, each answer once, from one reading of the revocations', async () => {
    const reads: string[] = [];
    const counting = {
      get: (name: string) => (reads.push(name), temp.store.get(name)),
      put: (name: string, data: Uint8Array) => temp.store.put(name, data),
    };
    const trust = await openTrustServices({
      store: counting,
      keyEncryptionKey: TEST_KEK,
      baseUrl: TEST_BASE_URL,
    });
    reads.length = 0;
    const signerChain = [good.certificate, ...good.chain];
    const tsaChain = [trust.tsaCertificate(), trust.rootCertificate()];
    const material = await trust.collectValidationData(signerChain, tsaChain, [
      revoked.certificate,
      ...revoked.chain,
    ]);
    expect(reads).toEqual(['revocations.json']);
    // one OCSP answer per end entity (the two signers), one responder certificate for their CA,
    // and the root's CRL once, though it speaks for the issuing CA and for the TSA
    expect(material.ocspResponses).toHaveLength(2);
    expect(material.certificates).toHaveLength(1);
    expect(material.crls).toHaveLength(1);
    const again = await trust.collectValidationData(signerChain, signerChain);
    expect(again.ocspResponses).toHaveLength(1);
  });

  it('hands out the same CRL until a revocation changes it or it is an hour old', async () => {
    let now = new Date('2026-03-01T10:00:00Z');
    const clocked = await openTempTrust({ clock: () => now });
    /** what openssl prints of the issuing CA's CRL as it is now */
    const printCrl = async (name: string) => {
      const file = await clocked.write(`${name}.crl`, await clocked.trust.crl('ses-eidas'));
      return (await runOpenssl(['crl', '-inform', 'DER', '-in', file, '-noout', '-text'])).stdout;
    };
    try {
      const subject = { quality: 'ses', legislation: 'eidas', email: 'c@example.eu' } as const;
      const signer = await clocked.trust.issueSignerCertificate(subject);
      const serial = serialToHex(readCertificateFields(signer.certificate).serial).toUpperCase();
      const first = await clocked.trust.crl('ses-eidas');
      now = new Date(now.getTime() + 30 * 60_000);
      // the same bytes from the publication point and in validation material
      expect(Buffer.compare(await clocked.trust.crl('ses-eidas'), first)).toBe(0);
      const material = await clocked.trust.collectValidationData([signer.chain[0]!, signer.chain[1]!]);
      expect(
        Buffer.compare(Buffer.from(material.crls[0]!), Buffer.from(await clocked.trust.crl('root'))),
      ).toBe(0);

      // a revocation is listed at once
      await clocked.trust.revoke(serial);
      expect(Buffer.compare(await clocked.trust.crl('ses-eidas'), first)).not.toBe(0);
      const afterRevocation = await printCrl('after');
      expect(afterRevocation).toContain(serial);
      expect(afterRevocation).toContain('Last Update: Mar  1 10:30:00 2026 GMT');

      // an hour on, a new list with a new issuing time, though nothing changed
      now = new Date(now.getTime() + 60 * 60_000);
      expect(await printCrl('later')).toContain('Last Update: Mar  1 11:30:00 2026 GMT');
      // and a clock set back gets a list it can use, not one issued in its future
      now = new Date('2026-03-01T09:00:00Z');
      expect(await printCrl('earlier')).toContain('Last Update: Mar  1 09:00:00 2026 GMT');
    } finally {
      await clocked.dispose();
    }
  });
});

describe('RevocationList', () => {
  /** A store in memory that counts how often the revocations are read. */
  function countingStore() {
    const data = new Map<string, Uint8Array>();
    const store = {
      reads: 0,
      get: async (name: string) => (store.reads++, data.get(name)),
      put: async (name: string, bytes: Uint8Array) => void data.set(name, bytes),
    };
    return store;
  }
  const revocation = (serialHex: string) => ({
    serialHex,
    issuer: 'ses-eidas',
    revokedAt: '2026-03-01T10:00:00Z',
  });

  it('reuses one reading for a while, and sees its own revocations at once', async () => {
    const store = countingStore();
    const list = new RevocationList(store, 60_000);
    expect(await list.list()).toEqual([]);
    expect(await list.list()).toEqual([]);
    expect(store.reads).toBe(1);
    await list.add(revocation('0a'));
    expect((await list.find('0A'))?.serialHex).toBe('0a');
  });

  it('sees another process’s revocation once its reading is older than the limit', async () => {
    const store = countingStore();
    const here = new RevocationList(store, 30);
    const elsewhere = new RevocationList(store, 30);
    expect(await here.list()).toEqual([]);
    await elsewhere.add(revocation('0b'));
    // within the limit the old reading stands; after it, the store is read again
    expect(await here.list()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect((await here.list()).map((r) => r.serialHex)).toEqual(['0b']);
  });

  it('keeps both revocations when two lists add at once (each adds to what the store holds)', async () => {
    const store = countingStore();
    const one = new RevocationList(store, 60_000);
    const two = new RevocationList(store, 60_000);
    await one.list();
    await two.list();
    await one.add(revocation('0c'));
    await two.add(revocation('0d'));
    expect((await new RevocationList(store).list()).map((r) => r.serialHex)).toEqual(['0c', '0d']);
  });
});
