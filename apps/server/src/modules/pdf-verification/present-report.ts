// The validator's report as the contract shows it to anyone: absent values as null, the level's
// long-term validation spelled out, and one indication over the whole file.
import type { VerificationReport, VerifiedSignature } from '@countersign/contract';
import type { SignatureReport, ValidationReport } from '@countersign/pades';

function presentSignature(signature: SignatureReport): VerifiedSignature {
  return {
    fieldName: signature.fieldName,
    kind: signature.kind,
    subFilter: signature.subFilter,
    signer: {
      commonName: signature.signer?.commonName ?? null,
      email: signature.signer?.email ?? null,
      organisation: signature.signer?.organisation ?? null,
    },
    certificateChain: signature.certificateChain,
    chainsToTrustAnchor: signature.chainsToTrustAnchor,
    signingTime: signature.signingTime ?? null,
    timestampTime: signature.timestampTime ?? null,
    level: signature.level ?? null,
    hasLongTermValidation: signature.level === 'B-LT' || signature.level === 'B-LTA',
    coverage: signature.coverage,
    signedRevisionLength: signature.signedRevisionLength,
    changesAfter: signature.changesAfter,
    isDigestValid: signature.isDigestValid,
    isSignatureValid: signature.isSignatureValid,
    indication: signature.indication,
    subIndication: signature.subIndication ?? null,
    problems: signature.problems,
  };
}

/** The file's verdict is its worst signature's: one failure fails it, one doubt makes it doubtful. */
function overallIndication(signatures: readonly SignatureReport[]): VerificationReport['indication'] {
  if (signatures.length === 0) return null;
  if (signatures.some((s) => s.indication === 'TOTAL_FAILED')) return 'TOTAL_FAILED';
  if (signatures.some((s) => s.indication === 'INDETERMINATE')) return 'INDETERMINATE';
  return 'TOTAL_PASSED';
}

export function presentReport(
  report: ValidationReport,
  file: { sha256: string; size: number; trustAnchors: string[] },
): VerificationReport {
  return {
    indication: overallIndication(report.signatures),
    validationTime: report.validationTime,
    sha256: file.sha256,
    size: file.size,
    signatures: report.signatures.map(presentSignature),
    trustAnchors: file.trustAnchors,
  };
}
