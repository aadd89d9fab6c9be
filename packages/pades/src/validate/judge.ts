// Turns the facts gathered about one signature or document time-stamp into an ETSI TS 119 102-1
// indication, and works out the PAdES baseline level reached (ETSI EN 319 142-1 6.2: B-B, B-T,
// B-LT, B-LTA). The order of the checks follows the standard's building blocks: format,
// signing-certificate identification, cryptographic verification, constraints, X.509 path
// validation with revocation and proof-of-existence time.

import type { ChangeKind, EmbeddedSignature } from '@countersign/pdf';
import type { PadesLevel } from '../pending-signature.js';
import type { CertificatePath } from './chain.js';
import { findValidityProblem } from './chain.js';
import type { PoolCertificate } from './certificate-pool.js';
import type { Indication, SubIndication } from './report.js';
import { INDICATION_OF } from './report.js';
import type { SignerInfoCheck } from './signer-info-check.js';
import type { TimestampCheck } from './timestamp-check.js';
import type { ValidationContext } from './validate-pdf.js';

export interface Verdict {
  indication: Indication;
  subIndication?: SubIndication;
  level?: PadesLevel;
  problems: string[];
}

const failWith = (subIndication: SubIndication, problem?: string, level?: PadesLevel): Verdict => ({
  indication: INDICATION_OF[subIndication],
  subIndication,
  ...(level ? { level } : {}),
  problems: problem ? [problem] : [],
});

/**
 * What may change after a signed revision (ISO 32000-1 12.8.2.2 DocMDP). Without a DocMDP
 * transform, approval signatures allow form filling, signing and annotations. With P=1 only
 * DSS and document time-stamps may follow (ETSI EN 319 142-1 5.4); P=2 adds form filling
 * (`form_fields`) and signing, P=3 also annotations; pdf reports those together
 * with new signatures as `signature_fields`, so P=1 is enforced when signing (pdf refuses).
 */
function isChangeAllowed(changes: ChangeKind, permissions: 1 | 2 | 3 | undefined): boolean {
  if (changes === 'none' || changes === 'signature_fields') return true;
  // filling in form fields: allowed by P=2 and P=3 and without DocMDP (approval signatures)
  if (changes === 'form_fields') return permissions !== 1;
  return changes === 'annotations' && (permissions === undefined || permissions === 3);
}

interface PathRevocation {
  isComplete: boolean;
  revoked?: { certificate: PoolCertificate; time?: Date; isCa: boolean };
}

/** Revocation evidence for every certificate of the path except the trust anchor. */
export function checkPathRevocation(
  path: CertificatePath,
  context: Pick<ValidationContext, 'anchors' | 'revocation'>,
): PathRevocation {
  const result: PathRevocation = { isComplete: true };
  path.certificates.forEach((certificate, index) => {
    if (context.anchors.has(certificate.fingerprint)) return;
    const issuer = path.certificates[index + 1];
    const evidence = issuer ? context.revocation.findStatus(certificate, issuer) : undefined;
    if (!evidence || evidence.status === 'unknown') result.isComplete = false;
    else if (evidence.status === 'revoked' && !result.revoked)
      result.revoked = {
        certificate,
        ...(evidence.revocationTime ? { time: evidence.revocationTime } : {}),
        isCa: index > 0,
      };
  });
  return result;
}

export interface SignatureFacts {
  embedded: EmbeddedSignature;
  check: SignerInfoCheck;
  path: CertificatePath | undefined;
  timestamp: TimestampCheck | undefined;
  changes: ChangeKind;
  context: ValidationContext;
}

/** The earliest proven time the signature existed: its own time-stamp or a later document time-stamp. */
function findProofOfExistence(facts: SignatureFacts): Date | undefined {
  const times: Date[] = [];
  if (facts.timestamp?.isValid && facts.timestamp.genTime) times.push(facts.timestamp.genTime);
  for (const stamp of facts.context.documentTimestamps)
    if (stamp.signedRevisionLength > facts.embedded.signedRevisionLength) times.push(stamp.genTime);
  return times.sort((a, b) => +a - +b)[0];
}

function findLevel(
  facts: SignatureFacts,
  signerRevocation: PathRevocation,
): { level?: PadesLevel; problem?: string } {
  const { embedded, check, timestamp, context } = facts;
  if (embedded.subFilter !== 'ETSI.CAdES.detached') return {};
  if (!check.hasSigningCertificateReference || check.hasSigningTimeAttribute)
    return {
      problem: 'not a PAdES baseline signature (needs signing-certificate-v2 and no signing-time attribute)',
    };
  const hasDocumentTimestamp = context.documentTimestamps.some(
    (stamp) => stamp.signedRevisionLength > embedded.signedRevisionLength,
  );
  if (!timestamp?.isValid && !hasDocumentTimestamp) return { level: 'B-B' };
  const tsaRevocation =
    timestamp?.isValid && timestamp.path ? checkPathRevocation(timestamp.path, context) : undefined;
  if (!signerRevocation.isComplete || (tsaRevocation && !tsaRevocation.isComplete)) return { level: 'B-T' };
  return { level: hasDocumentTimestamp ? 'B-LTA' : 'B-LT' };
}

export function judgeSignature(facts: SignatureFacts): Verdict {
  const { check, path, embedded, context } = facts;
  if (!check.signer || !path) return failWith('NO_SIGNING_CERTIFICATE_FOUND');
  if (!check.isDigestValid) return failWith('HASH_FAILURE');
  if (!check.isSignatureValid) return failWith('SIG_CRYPTO_FAILURE');
  if (check.hasSigningCertificateReference && !check.isSigningCertificateReferenceValid)
    return failWith('NO_SIGNING_CERTIFICATE_FOUND');
  const revocation = checkPathRevocation(path, context);
  const { level, problem } = findLevel(facts, revocation);
  const problems = problem ? [problem] : [];
  const fail = (subIndication: SubIndication, why: string): Verdict => {
    const verdict = failWith(subIndication, why, level);
    verdict.problems.unshift(...problems);
    return verdict;
  };
  if (!isChangeAllowed(facts.changes, embedded.docMdpPermissions))
    return fail(
      'SIG_CONSTRAINTS_FAILURE',
      `the file was changed after this signature in a way it does not allow (${facts.changes})`,
    );
  if (!path.isTrusted)
    return fail('NO_CERTIFICATE_CHAIN_FOUND', 'the signer certificate does not chain to a trust anchor');
  const proof = findProofOfExistence(facts);
  const time = proof ?? context.at;
  if (revocation.revoked && (!revocation.revoked.time || revocation.revoked.time <= time)) {
    const who = revocation.revoked.isCa ? 'a CA certificate of the path' : 'the signer certificate';
    if (proof) return fail('REVOKED', `${who} was revoked before the signature's proven time`);
    return fail(revocation.revoked.isCa ? 'REVOKED_CA_NO_POE' : 'REVOKED_NO_POE', `${who} is revoked`);
  }
  const validity = findValidityProblem(path, time);
  if (validity?.problem === 'expired')
    return fail(
      'OUT_OF_BOUNDS_NO_POE',
      `${validity.certificate.x509.subject.split('\n').join(', ')} had expired at ${time.toISOString()} and no earlier proof of existence`,
    );
  if (validity?.problem === 'not_yet_valid')
    return fail('NOT_YET_VALID', `a certificate of the path was not yet valid at ${time.toISOString()}`);
  return { indication: 'TOTAL_PASSED', ...(level ? { level } : {}), problems };
}

export function judgeTimestamp(
  check: TimestampCheck,
  changes: ChangeKind,
  embedded: EmbeddedSignature,
  proofFailure?: { subIndication: SubIndication; problem: string },
): Verdict {
  if (!check.genTime) return failWith('FORMAT_FAILURE');
  if (!check.tsa || !check.path) return failWith('NO_SIGNING_CERTIFICATE_FOUND');
  if (!check.isImprintValid) return failWith('HASH_FAILURE');
  if (!check.isSignatureValid) return failWith('SIG_CRYPTO_FAILURE');
  if (!isChangeAllowed(changes, embedded.docMdpPermissions))
    return failWith('SIG_CONSTRAINTS_FAILURE', `the file was changed after this time-stamp (${changes})`);
  if (!check.hasTimeStampingPurpose) return failWith('SIG_CONSTRAINTS_FAILURE');
  if (!check.path.isTrusted) return failWith('NO_CERTIFICATE_CHAIN_FOUND');
  if (findValidityProblem(check.path, check.genTime)) return failWith('OUT_OF_BOUNDS_NO_POE');
  if (proofFailure) return failWith(proofFailure.subIndication, proofFailure.problem);
  return { indication: 'TOTAL_PASSED', problems: [] };
}
