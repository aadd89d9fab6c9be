// How long a time-stamp keeps proving its time (ETSI EN 319 102-1 5.6.2.3 and 5.6.3, validation of
// past signatures and long-term validation): a time-stamp proves that the data it covers existed
// at its genTime only while its TSA's certificate path is within validity, unrevoked, and its
// digest algorithm is not retired, unless a later time-stamp proves that the stamp itself existed
// before that ran out. So document time-stamps are judged newest first: the newest must hold at
// the validation time, each earlier one only until the genTime of the earliest later valid stamp
// covering it. A file nobody renewed stops validating once its newest stamp runs out.

import { findDigestRetirement } from '../archive/algorithm-policy.js';
import { findValidityProblem } from './chain.js';
import { checkPathRevocation } from './judge.js';
import type { SubIndication } from './report.js';
import type { TimestampCheck } from './timestamp-check.js';
import type { ValidationContext } from './validate-pdf.js';

export interface ProofFailure {
  subIndication: SubIndication;
  problem: string;
}

type Proofs = Pick<ValidationContext, 'at' | 'documentTimestamps'>;

/** Until when the data before `signedRevisionLength` must stay proven: the earliest later valid document time-stamp, else the validation time. */
export function findProvenUntil(signedRevisionLength: number, proofs: Proofs): Date {
  const later = proofs.documentTimestamps
    .filter((stamp) => stamp.signedRevisionLength > signedRevisionLength)
    .map((stamp) => stamp.genTime);
  return later.sort((a, b) => +a - +b)[0] ?? proofs.at;
}

const subjectOf = (text: string): string => text.split('\n').join(', ');

/** Why a time-stamp valid when it was made no longer proves its time at `until`; undefined while it does. */
export function findProofFailure(
  check: TimestampCheck,
  until: Date,
  context: Pick<ValidationContext, 'anchors' | 'revocation'>,
): ProofFailure | undefined {
  if (!check.path || !check.genTime) return undefined;
  // a validation time before the stamp was made asks nothing more of it than its own time
  const time = until < check.genTime ? check.genTime : until;
  const expired = findValidityProblem(check.path, time);
  if (expired?.problem === 'expired')
    return {
      subIndication: 'OUT_OF_BOUNDS_NO_POE',
      problem: `the time-stamp's certificate ${subjectOf(expired.certificate.x509.subject)} expired on ${new Date(expired.certificate.x509.validTo).toISOString()} and no later time-stamp proves this one existed before that`,
    };
  const retired = findDigestRetirement(check.imprintDigest);
  if (retired && retired < time)
    return {
      subIndication: 'CRYPTO_CONSTRAINTS_FAILURE',
      problem: `the time-stamp's digest ${check.imprintDigest} was retired on ${retired.toISOString()} and no later time-stamp proves this one existed before that`,
    };
  const revoked = checkPathRevocation(check.path, context).revoked;
  if (revoked && (!revoked.time || revoked.time <= time))
    return {
      subIndication: 'REVOKED_NO_POE',
      problem: `the time-stamp authority's certificate was revoked${revoked.time ? ` on ${revoked.time.toISOString()}` : ''} and no later time-stamp proves this one existed before that`,
    };
  return undefined;
}

export interface StampToEstablish<K> {
  key: K;
  signedRevisionLength: number;
  check: TimestampCheck;
}

/**
 * Fills `context.documentTimestamps` with the document time-stamps that still prove their time
 * as of `context.at`, newest first, and says for each stamp that does not why.
 */
export function establishDocumentTimestamps<K>(
  stamps: readonly StampToEstablish<K>[],
  context: ValidationContext,
): Map<K, ProofFailure> {
  const failures = new Map<K, ProofFailure>();
  const newestFirst = [...stamps].sort((a, b) => b.signedRevisionLength - a.signedRevisionLength);
  for (const stamp of newestFirst) {
    const { check } = stamp;
    if (!check.isValid || !check.genTime) continue;
    const failure = findProofFailure(check, findProvenUntil(stamp.signedRevisionLength, context), context);
    if (failure) failures.set(stamp.key, failure);
    else
      context.documentTimestamps.push({
        signedRevisionLength: stamp.signedRevisionLength,
        genTime: check.genTime,
      });
  }
  return failures;
}
