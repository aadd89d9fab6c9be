// The signing proof shared by the corpus and matrix tests: prepare fields once, let several
// signers sign in turn, complete to B-LTA, and have every judge agree; then flip one signed
// byte and have every judge refuse.

import { expect } from 'vitest';
import { addSignatureFields } from '@countersign/pdf';
import type { SignatureFieldSpec } from '@countersign/pdf';
import type { KeyAlgorithm } from '@countersign/trust';
import { signPdf } from '../sign.js';
import { completeToLta } from '../ltv.js';
import type { PadesLevel } from '../pending-signature.js';
import { compareWithPdfsig, judgeFile } from './judge.js';
import type { Judgement, Judges } from './judge.js';
import type { TestTrust } from './test-trust.js';
import { flipByte } from './raw-revision.js';

export interface SigningRun {
  signers: number;
  level: PadesLevel;
  keyAlgorithm?: KeyAlgorithm;
  /** call completeToLta after the last signer */
  complete: boolean;
  /** first field visible on page 0 with an appearance */
  visible?: boolean;
}

export async function signInTurn(
  live: TestTrust,
  original: Uint8Array,
  run: SigningRun,
): Promise<Uint8Array> {
  const fields: SignatureFieldSpec[] = Array.from({ length: run.signers }, (_, index) => ({
    name: `sig-${index + 1}`,
    ...(run.visible && index === 0
      ? { placement: { page: 0, rect: [36, 36, 200, 60] as [number, number, number, number] } }
      : {}),
  }));
  let bytes = addSignatureFields(original, fields);
  for (const [index, field] of fields.entries()) {
    const signer = await live.trust.issueSignerCertificate({
      quality: 'aes',
      legislation: 'eidas',
      email: `signer${index + 1}@example.com`,
      name: `Signer Number${index + 1}`,
      keyAlgorithm: run.keyAlgorithm ?? 'P-256',
    });
    bytes = await signPdf(bytes, {
      fieldName: field.name,
      signer,
      level: run.level,
      services: live.trust,
      reason: 'I agree',
      ...(field.placement
        ? { appearance: { name: `Signer Number${index + 1}`, claim: 'Signed with Countersign' } }
        : {}),
    });
  }
  return run.complete ? completeToLta(bytes, live.trust) : bytes;
}

/** Every judge accepts every signature and time-stamp, and ours and pdfsig agree on validity and coverage. */
export function expectAllAccepted(
  judgement: Judgement,
  expectedLevel?: PadesLevel,
  options: { hadQpdfWarnings?: boolean } = {},
): void {
  const { report } = judgement;
  const details = JSON.stringify(
    report.signatures.map((s) => [s.fieldName, s.indication, s.subIndication, s.problems]),
  );
  expect(report.isValid, details).toBe(true);
  for (const comparison of compareWithPdfsig(judgement))
    expect(comparison, judgement.pdfsigOutput).toMatchObject({ ours: true, pdfsig: true });
  for (const [field, result] of judgement.openssl)
    expect({ field, ...result }).toMatchObject({ field, ok: true });
  // qpdf exit codes: 0 clean, 3 warnings only, 2 errors. A file that had warnings before we
  // touched it may keep them (our revisions never rewrite earlier bytes).
  expect(options.hadQpdfWarnings ? [0, 3] : [0], judgement.qpdf.output).toContain(judgement.qpdf.status);
  // coverage as pdfsig sees it: "Total document signed" exactly where we say whole-file (the
  // last signature, unless DSS revisions follow it)
  for (const signature of report.signatures) {
    const verdict = judgement.pdfsig.find((candidate) => candidate.fieldName === signature.fieldName);
    expect([signature.fieldName, verdict?.isTotalDocumentSigned]).toEqual([
      signature.fieldName,
      signature.coverage === 'whole-file',
    ]);
  }
  for (const signature of report.signatures.slice(0, -1)) expect(signature.coverage).toBe('revision');
  if (expectedLevel)
    for (const signature of report.signatures.filter(
      (s) => s.kind === 'signature' && s.subFilter === 'ETSI.CAdES.detached',
    ))
      expect(signature.level, signature.fieldName).toBe(expectedLevel);
}

/** Flips the PDF header's minor version digit: harmless to parsers, inside every signed range. */
export async function expectTamperingCaught(judges: Judges, bytes: Uint8Array): Promise<void> {
  const offset = Buffer.from(bytes).indexOf('%PDF-') + 7;
  const judgement = await judgeFile(judges, flipByte(bytes, offset), 'tampered.pdf');
  for (const signature of judgement.report.signatures)
    expect([signature.fieldName, signature.indication, signature.subIndication]).toEqual([
      signature.fieldName,
      'TOTAL_FAILED',
      'HASH_FAILURE',
    ]);
  for (const comparison of compareWithPdfsig(judgement))
    expect(comparison).toMatchObject({ ours: false, pdfsig: false });
  for (const verdict of judgement.pdfsig.filter((v) => v.signatureType !== 'unknown'))
    expect(verdict.isDigestMismatch).toBe(true);
  for (const [field, result] of judgement.openssl)
    expect({ field, ok: result.ok }).toEqual({ field, ok: false });
}
