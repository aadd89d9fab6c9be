// Certificate revocation lists (RFC 5280 section 5), one per authority, built from the persisted
// revocation state and signed by the authority's own key.

import { encodeAuthorityKeyIdentifier, encodeExtension } from './certificate.js';
import {
  encodeBitString,
  encodeEnumerated,
  encodeExplicit,
  encodeInteger,
  encodeSequence,
  encodeTime,
} from './der.js';
import type { Authority } from './hierarchy.js';
import { encodeSignatureAlgorithm, signWithKey } from './keys.js';
import { OID } from './oids.js';
import { DAY, HOUR } from './profiles.js';
import type { Revocation } from './revocations.js';

/** How long a CRL stays current; relying parties fetch a fresh one afterwards. */
export const CRL_LIFETIME = DAY;

/**
 * A CRL is signed again this long after the last one even when nothing was revoked meanwhile
 * (a revocation makes a new one at once), well before CRL_LIFETIME runs out.
 */
export const CRL_REISSUE_AFTER = HOUR;

/**
 * CertificateList ::= SEQUENCE { tbsCertList TBSCertList, signatureAlgorithm AlgorithmIdentifier, signatureValue BIT STRING }
 * TBSCertList ::= SEQUENCE { version Version OPTIONAL, signature AlgorithmIdentifier, issuer Name,
 *   thisUpdate Time, nextUpdate Time OPTIONAL,
 *   revokedCertificates SEQUENCE OF SEQUENCE { userCertificate CertificateSerialNumber,
 *     revocationDate Time, crlEntryExtensions Extensions OPTIONAL } OPTIONAL,
 *   crlExtensions [0] EXPLICIT Extensions OPTIONAL }
 */
export function buildCrl(authority: Authority, revocations: readonly Revocation[], now: Date): Uint8Array {
  const algorithm = encodeSignatureAlgorithm(authority.key.algorithm);
  const entries = revocations
    .filter((revocation) => revocation.issuer === authority.id)
    .map((revocation) => {
      const parts = [
        encodeInteger(Buffer.from(revocation.serialHex.padStart(2, '0'), 'hex')),
        encodeTime(new Date(revocation.revokedAt)),
      ];
      // CRLReason ::= ENUMERATED; RFC 5280 5.3.1: leave it out rather than say unspecified (0)
      if (revocation.reason) {
        parts.push(
          encodeSequence(encodeExtension(OID.reasonCode, false, encodeEnumerated(revocation.reason))),
        );
      }
      return encodeSequence(...parts);
    });
  const tbs = [
    encodeInteger(1), // v2: required because of the CRL extensions
    algorithm,
    authority.name,
    encodeTime(now),
    encodeTime(new Date(now.getTime() + CRL_LIFETIME)),
  ];
  if (entries.length > 0) tbs.push(encodeSequence(...entries));
  tbs.push(
    encodeExplicit(
      0,
      encodeSequence(
        encodeAuthorityKeyIdentifier(authority.key.spki),
        // cRLNumber (RFC 5280 5.2.3) must increase; the issuing time in milliseconds does
        encodeExtension(OID.cRLNumber, false, encodeInteger(now.getTime())),
      ),
    ),
  );
  const tbsCertList = encodeSequence(...tbs);
  return encodeSequence(tbsCertList, algorithm, encodeBitString(signWithKey(authority.key, tbsCertList)));
}
