// When a file's archive proof runs out: the newest document time-stamp proves everything before
// it only while its TSA's certificate path is within validity and its digest is not retired
// (proofs-of-existence.ts). Archive renewal reads this date to decide when to stamp again.

import { readSignedPdf } from '@countersign/pdf/signed-pdf';
import { CertificatePool } from '../validate/certificate-pool.js';
import { checkTimestampToken } from '../validate/timestamp-check.js';
import { findDigestRetirement } from './algorithm-policy.js';

export interface ArchiveProof {
  /** genTime of the newest document time-stamp */
  stampedAt: Date;
  /** the earliest end of its TSA path's certificates, or its digest's retirement */
  provenUntil: Date;
}

/**
 * The newest valid document time-stamp's proof, judged against `trustAnchors`; undefined when
 * the file has no document time-stamp that chains to them (nothing of ours to renew).
 */
export function findArchiveProof(
  bytes: Uint8Array,
  trustAnchors: readonly Uint8Array[],
): ArchiveProof | undefined {
  const pdf = readSignedPdf(bytes);
  const newest = pdf.signatures
    .filter((signature) => signature.kind === 'document-timestamp')
    .sort((a, b) => b.signedRevisionLength - a.signedRevisionLength)[0];
  if (!newest) return undefined;
  const pool = new CertificatePool();
  const anchors = new Set(pool.addAll(trustAnchors).map((entry) => entry.fingerprint));
  pool.addAll(pdf.dss.certificates);
  const [, firstLength, secondStart, secondLength] = newest.byteRange;
  const check = checkTimestampToken(
    newest.contents,
    [bytes.subarray(0, firstLength), bytes.subarray(secondStart, secondStart + secondLength)],
    pool,
    anchors,
  );
  if (!check.isValid || !check.genTime || !check.path) return undefined;
  const ends = check.path.certificates.map((certificate) => Date.parse(certificate.x509.validTo));
  const retired = findDigestRetirement(check.imprintDigest);
  if (retired) ends.push(retired.getTime());
  return { stampedAt: check.genTime, provenUntil: new Date(Math.min(...ends)) };
}
