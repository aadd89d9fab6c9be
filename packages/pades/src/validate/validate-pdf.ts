// Validates every signature and document time-stamp of a PDF and reports, for each, who signed,
// the certificate path, times, the PAdES level reached, coverage, later changes and an ETSI
// TS 119 102-1 indication. Used by the CLI (`pdf verify`) and the server's verification page.

// the reader alone, not the package's index: the browser's worker bundles this path (ADR 079)
import { readSignedPdf } from '@countersign/pdf/signed-pdf';
import type { ChangeKind, EmbeddedSignature, SignedPdf } from '@countersign/pdf';
import { describeSubject, summariseSubject } from '../certificate-fields.js';
import { findAttribute, readSignedData } from '../cms-reader.js';
import type { ParsedSignedData } from '../cms-reader.js';
import { OID } from '../oids.js';
import { CertificatePool } from './certificate-pool.js';
import type { PoolCertificate } from './certificate-pool.js';
import { buildCertificatePath } from './chain.js';
import type { CertificatePath } from './chain.js';
import { judgeSignature, judgeTimestamp } from './judge.js';
import type { Verdict } from './judge.js';
import type { SignatureReport, ValidationReport } from './report.js';
import { RevocationIndex } from './revocation.js';
import { collectCmsRevocationMaterial } from './revocation-material.js';
import type { RevocationMaterial } from './revocation-material.js';
import { byteRangeDigester, checkSignerInfo, type Digester } from './signer-info-check.js';
import { establishDocumentTimestamps, findProofFailure, findProvenUntil } from './proofs-of-existence.js';
import type { ProofFailure } from './proofs-of-existence.js';
import { checkTimestampToken } from './timestamp-check.js';
import type { TimestampCheck } from './timestamp-check.js';

export interface ValidatePdfOptions {
  /** DER certificates the relying party trusts (our root, or another CA's) */
  trustAnchors: readonly Uint8Array[];
  /**
   * validation time; default now. Each time-stamp must still prove its time then, or be proven
   * by a later document time-stamp that does (EN 319 102-1 long-term validation)
   */
  at?: Date;
}

export interface ValidationContext {
  bytes: Uint8Array;
  /** the file's structure, read once for every signature */
  pdf: SignedPdf;
  /** digests the signed byte ranges of `bytes` */
  digest: Digester;
  pool: CertificatePool;
  anchors: ReadonlySet<string>;
  revocation: RevocationIndex;
  at: Date;
  /** document time-stamps that still prove, as of `at`, that everything before `signedRevisionLength` existed at `genTime` */
  documentTimestamps: { signedRevisionLength: number; genTime: Date }[];
}

interface Entry {
  embedded: EmbeddedSignature;
  signedData?: ParsedSignedData;
  formatProblem?: string;
}

/** ISO 32000-1 7.3.4.2 / 12.8.1: the first range starts at 0, the gap is the /Contents string, the second range ends in the file. */
function findByteRangeProblem(embedded: EmbeddedSignature, length: number): string | undefined {
  const [start, firstLength, secondStart, secondLength] = embedded.byteRange;
  if (start !== 0) return 'the byte range does not start at offset 0';
  if (secondStart <= firstLength) return 'the byte ranges overlap';
  if (secondStart + secondLength > length) return 'the byte range runs past the end of the file';
  return undefined;
}

function signedChunks(bytes: Uint8Array, embedded: EmbeddedSignature): Uint8Array[] {
  const [, firstLength, secondStart, secondLength] = embedded.byteRange;
  return [bytes.subarray(0, firstLength), bytes.subarray(secondStart, secondStart + secondLength)];
}

function describePath(
  path: CertificatePath | undefined,
): Pick<SignatureReport, 'certificateChain' | 'chainsToTrustAnchor'> {
  return {
    certificateChain: path?.certificates.map((entry) => describeSubject(entry.x509)) ?? [],
    chainsToTrustAnchor: path?.isTrusted ?? false,
  };
}

function findChanges(context: ValidationContext, embedded: EmbeddedSignature): ChangeKind {
  if (embedded.coversWholeFile) return 'none';
  try {
    return context.pdf.changesAfter(embedded.signedRevisionLength);
  } catch {
    return 'other';
  }
}

function baseReport(entry: Entry, context: ValidationContext): SignatureReport {
  const { embedded } = entry;
  return {
    fieldName: embedded.fieldName,
    kind: embedded.kind,
    subFilter: embedded.subFilter,
    certificateChain: [],
    chainsToTrustAnchor: false,
    ...(embedded.signingTime ? { signingTime: embedded.signingTime.toISOString() } : {}),
    coverage: embedded.coversWholeFile ? 'whole-file' : 'revision',
    signedRevisionLength: embedded.signedRevisionLength,
    changesAfter: findChanges(context, embedded),
    isDigestValid: false,
    isSignatureValid: false,
    indication: 'TOTAL_FAILED',
    subIndication: 'FORMAT_FAILURE',
    problems: entry.formatProblem ? [entry.formatProblem] : [],
  };
}

function applyVerdict(report: SignatureReport, verdict: Verdict): SignatureReport {
  report.indication = verdict.indication;
  if (verdict.subIndication) report.subIndication = verdict.subIndication;
  else delete report.subIndication;
  if (verdict.level) report.level = verdict.level;
  report.problems.push(...verdict.problems);
  return report;
}

function validateDocumentTimestamp(
  entry: Entry,
  context: ValidationContext,
  check: TimestampCheck | undefined,
  proofFailure: ProofFailure | undefined,
): SignatureReport {
  const report = baseReport(entry, context);
  if (!check) return report;
  report.isDigestValid = check.isImprintValid;
  report.isSignatureValid = check.isSignatureValid;
  if (check.tsa) report.signer = summariseSubject(check.tsa.x509);
  Object.assign(report, describePath(check.path));
  if (check.genTime) report.timestampTime = check.genTime.toISOString();
  report.problems.push(...check.problems);
  return applyVerdict(report, judgeTimestamp(check, report.changesAfter, entry.embedded, proofFailure));
}

function findSignatureTimestamp(signedData: ParsedSignedData): Uint8Array | undefined {
  const info = signedData.signerInfos[0];
  return info ? findAttribute(info.unsignedAttributes, OID.signatureTimeStampToken) : undefined;
}

function validateSignature(entry: Entry, context: ValidationContext): SignatureReport {
  const report = baseReport(entry, context);
  const { signedData, embedded } = entry;
  if (!signedData) return report;
  const check = checkSignerInfo(
    signedData,
    signedChunks(context.bytes, embedded),
    context.pool,
    context.digest,
  );
  report.isDigestValid = check.isDigestValid;
  report.isSignatureValid = check.isSignatureValid;
  report.problems.push(...check.problems);
  if (!report.signingTime && check.signingTimeAttribute)
    report.signingTime = check.signingTimeAttribute.toISOString();
  const signer: PoolCertificate | undefined = check.signer;
  const path = signer ? buildCertificatePath(signer, context.pool, context.anchors) : undefined;
  if (signer) report.signer = summariseSubject(signer.x509);
  Object.assign(report, describePath(path));
  const token = findSignatureTimestamp(signedData);
  const info = signedData.signerInfos[0];
  let timestamp =
    token && info ? checkTimestampToken(token, [info.signature], context.pool, context.anchors) : undefined;
  if (timestamp?.genTime) report.timestampTime = timestamp.genTime.toISOString();
  if (timestamp && !timestamp.isValid)
    report.problems.push(...timestamp.problems, 'the signature time-stamp is not valid and was ignored');
  const proofFailure = timestamp?.isValid
    ? findProofFailure(timestamp, findProvenUntil(embedded.signedRevisionLength, context), context)
    : undefined;
  if (timestamp && proofFailure) {
    report.problems.push(`signature time-stamp: ${proofFailure.problem}`);
    timestamp = { ...timestamp, isValid: false };
  }
  return applyVerdict(
    report,
    judgeSignature({ embedded, check, path, timestamp, changes: report.changesAfter, context }),
  );
}

/** Validates every signature and document time-stamp; never throws for a bad signature, only for a file pdf cannot read. */
export function validatePdf(bytes: Uint8Array, options: ValidatePdfOptions): ValidationReport {
  const at = options.at ?? new Date();
  const pdf = readSignedPdf(bytes);
  const { signatures: embedded, dss } = pdf;
  const pool = new CertificatePool();
  const anchors = new Set(pool.addAll(options.trustAnchors).map((entry) => entry.fingerprint));
  pool.addAll(dss.certificates);
  const material: RevocationMaterial = { ocspResponses: [...dss.ocspResponses], crls: [...dss.crls] };
  const entries: Entry[] = embedded.map((signature) => {
    const problem = findByteRangeProblem(signature, bytes.length);
    if (problem) return { embedded: signature, formatProblem: problem };
    try {
      const signedData = readSignedData(signature.contents);
      pool.addAll(signedData.certificates);
      collectCmsRevocationMaterial(signedData, material);
      return { embedded: signature, signedData };
    } catch (error) {
      return { embedded: signature, formatProblem: `the CMS cannot be read: ${(error as Error).message}` };
    }
  });
  const context: ValidationContext = {
    bytes,
    pdf,
    // every signed range is digested in about one pass over the file
    digest: byteRangeDigester(
      bytes,
      entries.filter((e) => !e.formatProblem).map((e) => e.embedded.byteRange[1]),
    ),
    pool,
    anchors,
    revocation: new RevocationIndex(material, pool),
    at,
    documentTimestamps: [],
  };
  // document time-stamps first: their times are proof of existence for the signatures before them
  const timestampChecks = new Map<Entry, TimestampCheck>();
  for (const entry of entries) {
    if (entry.embedded.kind !== 'document-timestamp' || !entry.signedData) continue;
    const check = checkTimestampToken(
      entry.embedded.contents,
      signedChunks(bytes, entry.embedded),
      pool,
      anchors,
      context.digest,
    );
    timestampChecks.set(entry, check);
  }
  const proofFailures = establishDocumentTimestamps(
    [...timestampChecks].map(([key, check]) => ({
      key,
      signedRevisionLength: key.embedded.signedRevisionLength,
      check,
    })),
    context,
  );
  const signatures = entries.map((entry) =>
    entry.embedded.kind === 'document-timestamp'
      ? validateDocumentTimestamp(entry, context, timestampChecks.get(entry), proofFailures.get(entry))
      : validateSignature(entry, context),
  );
  return {
    isValid:
      signatures.length > 0 && signatures.every((signature) => signature.indication === 'TOTAL_PASSED'),
    validationTime: at.toISOString(),
    signatures,
  };
}
