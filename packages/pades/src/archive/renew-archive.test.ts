// Archive renewal and validation at a date on real files: a B-LTA document signed today, one left
// alone and one renewed nine years later (when its time-stamp's certificate nears its end), judged
// by our validator today, in five years and in eleven, and the renewed file by pdfsig and qpdf.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSignatureFields, readSignatures } from '@countersign/pdf';
import { signPdf } from '../sign.js';
import { completeToLta } from '../ltv.js';
import { validatePdf } from '../validate/validate-pdf.js';
import { createNssDb, runPdfsig } from '../test-support/pdfsig.js';
import { makeTextPdf } from '../test-support/sample-pdfs.js';
import { openTestTrust } from '../test-support/test-trust.js';
import type { TestTrust } from '../test-support/test-trust.js';
import { makeScratchDir, runTool } from '../test-support/tools.js';
import type { ScratchDir } from '../test-support/tools.js';
import { decideRenewal, renewArchiveTimestamp } from './renew-archive.js';
import { findArchiveProof } from './archive-expiry.js';

const YEAR = 365 * 86_400_000;
const MARGIN = 2 * YEAR;

describe('archive renewal and validation at a date', () => {
  const start = new Date();
  let now = start;
  let live: TestTrust;
  let scratch: ScratchDir;
  let unrenewed: Uint8Array;
  let renewed: Uint8Array;
  const yearsLater = (years: number) => new Date(start.getTime() + years * YEAR);
  const validateAt = (bytes: Uint8Array, at: Date) =>
    validatePdf(bytes, { trustAnchors: [live.rootDer], at });

  beforeAll(async () => {
    live = await openTestTrust(() => now);
    scratch = makeScratchDir('pades-renewal-');
    const signer = await live.trust.issueSignerCertificate({
      quality: 'aes',
      legislation: 'eidas',
      email: 'ada@example.com',
    });
    const signed = await signPdf(addSignatureFields(await makeTextPdf(), [{ name: 'sig-1' }]), {
      fieldName: 'sig-1',
      signer,
      level: 'B-T',
      services: live.trust,
    });
    unrenewed = await completeToLta(signed, live.trust);
    now = yearsLater(9);
    renewed = await renewArchiveTimestamp(unrenewed, live.trust);
    now = start;
  });
  afterAll(async () => {
    scratch.remove();
    await live.close();
  });

  it('is due only once the newest stamp runs out within the margin', () => {
    const proof = findArchiveProof(unrenewed, [live.rootDer])!;
    expect(proof.provenUntil.getTime()).toBeGreaterThan(yearsLater(9.9).getTime());
    expect(decideRenewal(unrenewed, [live.rootDer], yearsLater(5), MARGIN).isDue).toBe(false);
    expect(decideRenewal(unrenewed, [live.rootDer], yearsLater(8.5), MARGIN).isDue).toBe(true);
    // the renewed file's proof rests on the next TSA key, good for ten years from the renewal
    const renewedProof = findArchiveProof(renewed, [live.rootDer])!;
    expect(renewedProof.provenUntil.getTime()).toBeGreaterThan(yearsLater(18).getTime());
    expect(decideRenewal(renewed, [live.rootDer], yearsLater(9), MARGIN).isDue).toBe(false);
  });

  it('adds a document time-stamp by a new TSA key, leaving what was signed as it was', () => {
    expect(Buffer.from(renewed.subarray(0, unrenewed.length)).equals(Buffer.from(unrenewed))).toBe(true);
    const stamps = readSignatures(renewed).filter((signature) => signature.kind === 'document-timestamp');
    expect(stamps.map((stamp) => stamp.fieldName)).toEqual(['doc-timestamp-1', 'doc-timestamp-2']);
    const [first, second] = validateAt(renewed, yearsLater(9)).signatures.filter(
      (signature) => signature.kind === 'document-timestamp',
    );
    expect(first?.signer?.commonName).toBe(second?.signer?.commonName);
    expect(first?.certificateChain[0]).toBe(second?.certificateChain[0]);
    expect(second?.timestampTime?.slice(0, 4)).toBe(String(yearsLater(9).getUTCFullYear()));
  });

  it('validates both files today and in five years', () => {
    for (const at of [start, yearsLater(5)]) {
      expect(validateAt(unrenewed, at).isValid).toBe(true);
      expect(validateAt(renewed, at).isValid).toBe(true);
    }
  });

  it('validates the renewed file in eleven years, after the signer and first TSA certificates expired', () => {
    const report = validateAt(renewed, yearsLater(11));
    expect(report.signatures.map((signature) => [signature.fieldName, signature.indication])).toEqual([
      ['sig-1', 'TOTAL_PASSED'],
      ['doc-timestamp-1', 'TOTAL_PASSED'],
      ['doc-timestamp-2', 'TOTAL_PASSED'],
    ]);
    expect(report.signatures[0]?.level).toBe('B-LTA');
    expect(report.isValid).toBe(true);
  });

  it('fails the unrenewed file in eleven years, saying its proofs ran out', () => {
    const report = validateAt(unrenewed, yearsLater(11));
    expect(report.isValid).toBe(false);
    const [signature, stamp] = report.signatures;
    expect(stamp).toMatchObject({ indication: 'INDETERMINATE', subIndication: 'OUT_OF_BOUNDS_NO_POE' });
    expect(stamp?.problems.join(' ')).toMatch(/expired on .* no later time-stamp proves this one existed/);
    expect(signature).toMatchObject({ indication: 'INDETERMINATE', subIndication: 'OUT_OF_BOUNDS_NO_POE' });
    expect(signature?.problems.join(' ')).toMatch(/signature time-stamp: .*expired/);
  });

  it('keeps the signature valid for pdfsig (with and without OCSP) and qpdf after a renewal today', async () => {
    now = start;
    const today = await renewArchiveTimestamp(unrenewed, live.trust);
    const file = scratch.write('renewed.pdf', today);
    const rootFile = scratch.write('root.pem', live.rootPem);
    const nssDb = await createNssDb(scratch.path, [rootFile]);
    const offline = await runPdfsig(nssDb, file);
    expect(
      offline.verdicts.find((verdict) => verdict.fieldName === 'sig-1'),
      offline.output,
    ).toMatchObject({
      isSignatureValid: true,
      isCertificateTrusted: true,
      isTotalDocumentSigned: false,
    });
    const online = runTool('pdfsig', ['-nssdir', nssDb, file]);
    expect(online.stdout).toContain('Signature Validation: Signature is Valid.');
    expect(online.stdout).not.toContain('Digest Mismatch');
    const qpdf = runTool('qpdf', ['--check', file]);
    expect(qpdf.status, qpdf.stdout + qpdf.stderr).toBe(0);
  });
});
