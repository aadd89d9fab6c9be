// Certificate path building from a signer up to one of the caller's trust anchors, and the
// validity-period checks done along it (RFC 5280 6.1, simplified to what a PAdES validator needs:
// names, signatures, CA flags through X509_check_issued, and validity at a given time).

import type { CertificatePool, PoolCertificate } from './certificate-pool.js';

export interface CertificatePath {
  /** signer first; ends at the trust anchor when one was reached */
  certificates: PoolCertificate[];
  isTrusted: boolean;
}

const MAX_PATH_LENGTH = 10;

export function buildCertificatePath(
  leaf: PoolCertificate,
  pool: CertificatePool,
  anchorFingerprints: ReadonlySet<string>,
): CertificatePath {
  const certificates = [leaf];
  for (let current = leaf; certificates.length <= MAX_PATH_LENGTH;) {
    if (anchorFingerprints.has(current.fingerprint)) return { certificates, isTrusted: true };
    const issuers = pool.findIssuers(current).filter((issuer) => !certificates.includes(issuer));
    // prefer an issuer that is itself an anchor, so cross-certified paths end as early as possible
    const next = issuers.find((issuer) => anchorFingerprints.has(issuer.fingerprint)) ?? issuers[0];
    if (!next) break;
    certificates.push(next);
    current = next;
  }
  return { certificates, isTrusted: false };
}

export type ValidityProblem = 'not_yet_valid' | 'expired';

/** The first certificate of the path that is outside its validity period at `time`, if any. */
export function findValidityProblem(
  path: CertificatePath,
  time: Date,
): { certificate: PoolCertificate; problem: ValidityProblem } | undefined {
  for (const certificate of path.certificates) {
    if (time < new Date(certificate.x509.validFrom)) return { certificate, problem: 'not_yet_valid' };
    if (time > new Date(certificate.x509.validTo)) return { certificate, problem: 'expired' };
  }
  return undefined;
}
