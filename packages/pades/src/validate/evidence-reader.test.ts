import { X509Certificate, createVerify } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DirectoryTrustStore, openTrustServices } from '@countersign/trust';
import type { CountersignTrustServices, Signer } from '@countersign/trust';
import { createHash } from 'node:crypto';
import { readSignedData } from '../cms-reader.js';
import { readCrl, readOcspResponse, readTstInfo } from './evidence-reader.js';

const hex = (bytes: Uint8Array | ArrayBuffer) => Buffer.from(new Uint8Array(bytes)).toString('hex');
const secondsOf = (date: Date) => Math.floor(date.getTime() / 1000);

describe('reading OCSP responses, CRLs and TSTInfo', () => {
  let dir: string;
  let trust: CountersignTrustServices;
  let good: Signer;
  let revoked: Signer;
  let revokedAt: Date;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cs-revocation-reader-'));
    trust = await openTrustServices({
      store: new DirectoryTrustStore(dir),
      keyEncryptionKey: 'revocation reader tests',
      baseUrl: 'http://127.0.0.1/trust',
    });
    const subject = { quality: 'ses', legislation: 'eidas' } as const;
    good = await trust.issueSignerCertificate({ ...subject, email: 'good@example.com' });
    revoked = await trust.issueSignerCertificate({ ...subject, email: 'revoked@example.com' });
    revokedAt = new Date();
    await trust.revoke(new X509Certificate(revoked.certificate).serialNumber.toLowerCase(), 1);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads what an OCSP response says, as an independent decoder (pkijs) reads it', async () => {
    for (const [signer, status] of [
      [good, 'good'],
      [revoked, 'revoked'],
    ] as const) {
      const { ocspResponses } = await trust.collectValidationData([signer.certificate, ...signer.chain]);
      const der = ocspResponses[0]!;
      const read = readOcspResponse(der);

      const basic = pkijs.BasicOCSPResponse.fromBER(
        pkijs.OCSPResponse.fromBER(der).responseBytes!.response.getValue(),
      );
      const [single] = basic.tbsResponseData.responses;
      expect(read.producedAt.getTime()).toBe(basic.tbsResponseData.producedAt.getTime());
      expect(read.responses).toHaveLength(1);
      expect(read.responses[0]).toMatchObject({
        hashAlgorithm: single!.certID.hashAlgorithm.algorithmId,
        status,
      });
      expect(hex(read.responses[0]!.serialNumber)).toBe(
        hex(single!.certID.serialNumber.valueBlock.valueHexView),
      );
      expect(hex(read.responses[0]!.serialNumber)).toBe(
        new X509Certificate(signer.certificate).serialNumber.toLowerCase(),
      );
      expect(hex(read.responses[0]!.issuerNameHash)).toBe(
        hex(single!.certID.issuerNameHash.valueBlock.valueHexView),
      );
      expect(hex(read.responses[0]!.issuerKeyHash)).toBe(
        hex(single!.certID.issuerKeyHash.valueBlock.valueHexView),
      );
      if (status === 'revoked')
        expect(secondsOf(read.responses[0]!.revocationTime!)).toBeGreaterThanOrEqual(
          secondsOf(revokedAt) - 1,
        );
      else expect(read.responses[0]!.revocationTime).toBeUndefined();

      // the signed bytes and the signature are the ones the responder made: its key verifies them
      expect(hex(read.tbs)).toBe(hex(basic.tbsResponseData.tbsView));
      expect(read.signatureAlgorithm).toBe(basic.signatureAlgorithm.algorithmId);
      expect(read.certificates).toHaveLength(basic.certs?.length ?? 0);
      const responder = new X509Certificate(read.certificates[0]!);
      const verifier = createVerify('sha256').update(read.tbs);
      expect(verifier.verify({ key: responder.publicKey, dsaEncoding: 'der' }, read.signature)).toBe(true);
    }
  });

  it('reads a CRL: when it was issued and which serial numbers it lists, as pkijs reads it', async () => {
    const der = await trust.crl('ses-eidas');
    const read = readCrl(der);
    const crl = pkijs.CertificateRevocationList.fromBER(der);
    expect(read.thisUpdate.getTime()).toBe(crl.thisUpdate.value.getTime());
    const listed = (crl.revokedCertificates ?? []).map((entry) =>
      hex(entry.userCertificate.valueBlock.valueHexView),
    );
    expect([...read.revoked.keys()]).toEqual(listed);
    expect(read.revoked.has(new X509Certificate(revoked.certificate).serialNumber.toLowerCase())).toBe(true);
    expect(read.revoked.has(new X509Certificate(good.certificate).serialNumber.toLowerCase())).toBe(false);
    expect(hex(read.tbs)).toBe(hex(crl.tbsView));
    const issuer = new X509Certificate(good.chain[0]!);
    expect(
      createVerify('sha256')
        .update(read.tbs)
        .verify({ key: issuer.publicKey, dsaEncoding: 'der' }, read.signature),
    ).toBe(true);
  });

  it('reads a CRL that lists nothing', async () => {
    const read = readCrl(await trust.crl('root'));
    expect(read.revoked.size).toBe(0);
    expect(Math.abs(read.thisUpdate.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('refuses what is not an OCSP response or a CRL', async () => {
    const crl = await trust.crl('root');
    const { ocspResponses } = await trust.collectValidationData([good.certificate, ...good.chain]);
    expect(() => readOcspResponse(crl)).toThrow();
    expect(() => readCrl(ocspResponses[0]!)).toThrow();
    expect(() => readCrl(crl.subarray(0, crl.length - 10))).toThrow();
    expect(() => readOcspResponse(Uint8Array.of(0x30, 0x03, 0x0a, 0x01, 0x01))).toThrow(/without a response/);
  });

  it('reads what a time-stamp imprints, and when, as pkijs reads it', async () => {
    const imprint = createHash('sha256').update('the time-stamped data').digest();
    const before = Date.now();
    const { eContent } = readSignedData(await trust.timestamp(imprint));
    const read = readTstInfo(eContent!);
    const tstInfo = pkijs.TSTInfo.fromBER(eContent!);
    expect(read.hashAlgorithm).toBe(tstInfo.messageImprint.hashAlgorithm.algorithmId);
    expect(hex(read.hashedMessage)).toBe(hex(imprint));
    expect(read.genTime.getTime()).toBe(tstInfo.genTime.getTime());
    expect(read.genTime.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(() => readTstInfo(imprint)).toThrow();
  });
});
