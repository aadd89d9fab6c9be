// The signing matrix on PDFs the test makes itself (runs without the corpus): P-256 and
// RSA-2048, B-B to B-LTA, one to five signers, files from other producers, each judged by our
// validator, pdfsig, openssl and qpdf.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { X509Certificate } from 'node:crypto';
import { addSignatureFields } from '@countersign/pdf';
import { openTestTrust } from './test-support/test-trust.js';
import type { TestTrust } from './test-support/test-trust.js';
import { makeScratchDir } from './test-support/tools.js';
import type { ScratchDir } from './test-support/tools.js';
import { createNssDb } from './test-support/pdfsig.js';
import { judgeFile } from './test-support/judge.js';
import type { Judges } from './test-support/judge.js';
import { makeTextPdf, rewriteWithQpdf, signWithPdfsig } from './test-support/sample-pdfs.js';
import { expectAllAccepted, expectTamperingCaught, signInTurn } from './test-support/proof.js';
import { finishSignature, signPdf, startSignature } from './sign.js';
import { addValidationData } from './ltv.js';
import { PADES_LEVELS } from './pending-signature.js';
import { validatePdf } from './validate/validate-pdf.js';
import { runTool } from './test-support/tools.js';

describe('signing proof on generated files', () => {
  let live: TestTrust;
  let scratch: ScratchDir;
  let judges: Judges;
  let text: Uint8Array;
  let popplerSigned: { bytes: Uint8Array; caPem: string };

  beforeAll(async () => {
    live = await openTestTrust();
    scratch = makeScratchDir();
    text = await makeTextPdf(3);
    const popplerScratch = makeScratchDir('pades-poppler-');
    popplerSigned = await signWithPdfsig(popplerScratch, text);
    popplerScratch.remove();
    const caPem = live.rootPem + popplerSigned.caPem;
    const nssDb = await createNssDb(scratch.path, [
      scratch.write('root.pem', live.rootPem),
      scratch.write('poppler-ca.pem', popplerSigned.caPem),
    ]);
    judges = {
      scratch,
      nssDb,
      caPem,
      trustAnchors: [live.rootDer, new X509Certificate(popplerSigned.caPem).raw],
    };
  });
  afterAll(async () => {
    await live?.close();
    scratch?.remove();
  });

  for (const keyAlgorithm of ['P-256', 'RSA-2048'] as const)
    for (const level of PADES_LEVELS)
      it(`one signer, ${keyAlgorithm}, ${level}`, async () => {
        const signed = await signInTurn(live, text, { signers: 1, level, keyAlgorithm, complete: false });
        const judgement = await judgeFile(judges, signed);
        expectAllAccepted(judgement, level);
        // B-LT ends with a DSS revision after the signature. B-LTA ends with the document
        // time-stamp: its TSA's validation data (certificates and the root's current CRL) is
        // already in the DSS that the time-stamp covers, so nothing follows it.
        expect(judgement.report.signatures.at(-1)?.coverage).toBe(
          level === 'B-LT' ? 'revision' : 'whole-file',
        );
      });

  it('five signers with RSA-2048 at B-T, completed to B-LTA, and tampering caught', async () => {
    const signed = await signInTurn(live, text, {
      signers: 5,
      level: 'B-T',
      keyAlgorithm: 'RSA-2048',
      complete: true,
      visible: true,
    });
    const judgement = await judgeFile(judges, signed);
    expectAllAccepted(judgement, 'B-LTA');
    expect(judgement.report.signatures.map((s) => s.kind)).toEqual([
      ...Array(5).fill('signature'),
      'document-timestamp',
    ]);
    await expectTamperingCaught(judges, signed);
  });

  const producers: [string, () => Promise<Uint8Array>][] = [
    ['qpdf --object-streams=generate', () => rewriteWithQpdf(scratch, text, ['--object-streams=generate'])],
    ['qpdf --linearize', () => rewriteWithQpdf(scratch, text, ['--linearize'])],
    ['pdfsig -add-signature', () => Promise.resolve(popplerSigned.bytes)],
  ];
  for (const [producer, make] of producers)
    it(`five signers on a file written by ${producer}`, async () => {
      const signed = await signInTurn(live, await make(), { signers: 5, level: 'B-T', complete: true });
      const judgement = await judgeFile(judges, signed);
      expectAllAccepted(judgement, 'B-LTA');
      if (producer.startsWith('pdfsig')) {
        // the earlier adbe.pkcs7.detached signature stays valid and is judged, but has no PAdES level
        expect(judgement.report.signatures[0]).toMatchObject({
          fieldName: 'poppler-sig',
          subFilter: 'adbe.pkcs7.detached',
          indication: 'TOTAL_PASSED',
        });
        expect(judgement.report.signatures[0]?.level).toBeUndefined();
        expect(judgement.report.signatures[0]?.signer?.commonName).toBe('Poppler Signer');
      }
      await expectTamperingCaught(judges, signed);
    });

  it('finishes a remote-style pending signature at B-LT minutes later (JSON round trip)', async () => {
    const signer = await live.trust.issueSignerCertificate({
      quality: 'qes',
      legislation: 'zertes',
      email: 'remote@example.com',
      name: 'Remote Signer',
    });
    const fields = addSignatureFields(text, [{ name: 'remote' }]);
    const started = startSignature(fields, {
      fieldName: 'remote',
      signer,
      level: 'B-LT',
      preparedKey: 'blob:remote',
    });
    const stored = JSON.stringify(started.pending);
    const value = await signer.sign(started.dataToBeSigned);
    const signed = await finishSignature(JSON.parse(stored), value, {
      services: live.trust,
      preparedBytes: started.preparedBytes,
    });
    expectAllAccepted(await judgeFile(judges, signed), 'B-LT');
  });

  it('refuses an encrypted file with pdf.encrypted', async () => {
    const encrypted = await rewriteWithQpdf(scratch, text, ['--encrypt', 'user', 'owner', '256', '--']);
    expect(() => addSignatureFields(encrypted, [{ name: 'sig-1' }])).toThrow(
      expect.objectContaining({ code: 'pdf.encrypted' }),
    );
    const signer = await live.trust.issueSignerCertificate({
      quality: 'ses',
      legislation: 'eidas',
      email: 'e@example.com',
    });
    await expect(
      signPdf(encrypted, { fieldName: 'x', createField: { name: 'x' }, signer, level: 'B-B' }),
    ).rejects.toMatchObject({ code: 'pdf.encrypted' });
  });

  it('judges a certificate revoked after signing by when it was revoked', async () => {
    const fields = addSignatureFields(text, [{ name: 'early' }, { name: 'late' }]);
    const first = await live.trust.issueSignerCertificate({
      quality: 'ses',
      legislation: 'eidas',
      email: 'early@example.com',
    });
    const second = await live.trust.issueSignerCertificate({
      quality: 'ses',
      legislation: 'eidas',
      email: 'late@example.com',
    });
    let bytes = await signPdf(fields, {
      fieldName: 'early',
      signer: first,
      level: 'B-T',
      services: live.trust,
    });
    bytes = await signPdf(bytes, { fieldName: 'late', signer: second, level: 'B-B', services: live.trust });
    // time-stamps and revocation times have one-second precision: revoke in the next second
    await new Promise((resolve) => setTimeout(resolve, 1100));
    for (const signer of [first, second])
      await live.trust.revoke(new X509Certificate(signer.certificate).serialNumber.toLowerCase());
    bytes = await addValidationData(bytes, live.trust);
    const report = validatePdf(bytes, { trustAnchors: [live.rootDer] });
    // time-stamped before the revocation: still good, and now with revocation data (B-LT)
    expect(report.signatures[0]).toMatchObject({
      fieldName: 'early',
      indication: 'TOTAL_PASSED',
      level: 'B-LT',
    });
    // no proof it existed before the revocation
    expect(report.signatures[1]).toMatchObject({
      fieldName: 'late',
      indication: 'INDETERMINATE',
      subIndication: 'REVOKED_NO_POE',
    });
    const pdfsig = runTool('pdfsig', [
      '-nssdir',
      judges.nssDb,
      '-no-ocsp',
      '-nocert',
      scratch.write('revoked.pdf', bytes),
    ]);
    expect(pdfsig.stdout.match(/Signature is Valid/g)).toHaveLength(2);
  });
});
