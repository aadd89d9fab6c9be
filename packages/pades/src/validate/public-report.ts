// The validator's report as the public verifier shows it to anyone (ADR 079), the same from the
// server's POST /v1/verify and from the browser: absent values as null, the level's long-term
// validation spelled out, and one indication over the whole file. The contract's
// VerificationReport is this shape; both apps hand it over typed as that, so they cannot drift.
import type { Indication, SignatureReport, ValidationReport } from './report.js';

type PublicSignature = Omit<
  SignatureReport,
  'signer' | 'signingTime' | 'timestampTime' | 'level' | 'subIndication'
> & {
  signer: { commonName: string | null; email: string | null; organisation: string | null };
  signingTime: string | null;
  timestampTime: string | null;
  level: NonNullable<SignatureReport['level']> | null;
  hasLongTermValidation: boolean;
  subIndication: string | null;
};

export interface PublicReport {
  indication: Indication | null;
  validationTime: string;
  sha256: string;
  size: number;
  signatures: PublicSignature[];
  trustAnchors: string[];
}

function presentSignature(signature: SignatureReport): PublicSignature {
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
function overallIndication(signatures: readonly SignatureReport[]): Indication | null {
  if (signatures.length === 0) return null;
  if (signatures.some((s) => s.indication === 'TOTAL_FAILED')) return 'TOTAL_FAILED';
  if (signatures.some((s) => s.indication === 'INDETERMINATE')) return 'INDETERMINATE';
  return 'TOTAL_PASSED';
}

export function toPublicReport(
  report: ValidationReport,
  file: { sha256: string; size: number; trustAnchors: string[] },
): PublicReport {
  return {
    indication: overallIndication(report.signatures),
    validationTime: report.validationTime,
    sha256: file.sha256,
    size: file.size,
    signatures: report.signatures.map(presentSignature),
    trustAnchors: file.trustAnchors,
  };
}
