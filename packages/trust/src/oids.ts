// Object identifiers used by the trust services, standard ones and our own.
//
// Our own policy OIDs live under 2.999, the arc ITU-T X.660 reserves for examples and
// documentation. Nothing real is ever registered there, so a certificate of ours can never be
// mistaken for one issued under a real trust-service policy, and nobody else's OIDs get
// borrowed. Layout (stable: stored certificates and validators depend on it):
//   2.999.2026.1.<quality>.<legislation>  signer certificates  quality 1 ses, 2 aes, 3 qes;
//                                                              legislation 1 eidas, 2 zertes
//   2.999.2026.2.<quality>                seal certificates    quality 2 aes, 3 qes
//   2.999.2026.3.1                        time-stamp policy of our TSA (TSTInfo.policy)
//   2.999.2026.4.1                        CA certificates (issuing CAs, TSA, OCSP responders)

import type { Legislation, SignatureLevelQuality } from './types.js';

export const OID = {
  // RFC 5280 / X.520 attribute types
  countryName: '2.5.4.6',
  organizationName: '2.5.4.10',
  organizationalUnitName: '2.5.4.11',
  /** X.520 organizationIdentifier (EN 319 412-1 5.1.4: the organisation's registration) */
  organizationIdentifier: '2.5.4.97',
  commonName: '2.5.4.3',
  surname: '2.5.4.4',
  givenName: '2.5.4.42',
  emailAddress: '1.2.840.113549.1.9.1',
  // certificate extensions (RFC 5280 4.2)
  subjectKeyIdentifier: '2.5.29.14',
  keyUsage: '2.5.29.15',
  subjectAltName: '2.5.29.17',
  basicConstraints: '2.5.29.19',
  cRLNumber: '2.5.29.20',
  reasonCode: '2.5.29.21',
  cRLDistributionPoints: '2.5.29.31',
  certificatePolicies: '2.5.29.32',
  authorityKeyIdentifier: '2.5.29.35',
  extKeyUsage: '2.5.29.37',
  authorityInfoAccess: '1.3.6.1.5.5.7.1.1',
  qcStatements: '1.3.6.1.5.5.7.1.3',
  // access methods and key purposes
  adOcsp: '1.3.6.1.5.5.7.48.1',
  adCaIssuers: '1.3.6.1.5.5.7.48.2',
  kpEmailProtection: '1.3.6.1.5.5.7.3.4',
  kpTimeStamping: '1.3.6.1.5.5.7.3.8',
  kpOcspSigning: '1.3.6.1.5.5.7.3.9',
  ocspBasic: '1.3.6.1.5.5.7.48.1.1',
  ocspNonce: '1.3.6.1.5.5.7.48.1.2',
  ocspNoCheck: '1.3.6.1.5.5.7.48.1.5',
  // ETSI EN 319 412-5 QCStatements
  qcsQcCompliance: '0.4.0.1862.1.1',
  qcsQcSSCD: '0.4.0.1862.1.4',
  qcsQcType: '0.4.0.1862.1.6',
  qctEsign: '0.4.0.1862.1.6.1',
  qctEseal: '0.4.0.1862.1.6.2',
  qcsQcCClegislation: '0.4.0.1862.1.7',
  // algorithms
  sha1: '1.3.14.3.2.26',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha384: '2.16.840.1.101.3.4.2.2',
  sha512: '2.16.840.1.101.3.4.2.3',
  ecPublicKey: '1.2.840.10045.2.1',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha256WithRsaEncryption: '1.2.840.113549.1.1.11',
  // CMS (RFC 5652), TSP (RFC 3161), ESS (RFC 5035)
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  ctTstInfo: '1.2.840.113549.1.9.16.1.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
} as const;

const PRIVATE_ARC = '2.999.2026';
const QUALITY_ARC: Record<SignatureLevelQuality, number> = { ses: 1, aes: 2, qes: 3 };
const LEGISLATION_ARC: Record<Legislation, number> = { eidas: 1, zertes: 2 };

export const signerPolicyOid = (quality: SignatureLevelQuality, legislation: Legislation): string =>
  `${PRIVATE_ARC}.1.${QUALITY_ARC[quality]}.${LEGISLATION_ARC[legislation]}`;
export const sealPolicyOid = (quality: 'aes' | 'qes'): string => `${PRIVATE_ARC}.2.${QUALITY_ARC[quality]}`;
export const TSA_POLICY_OID = `${PRIVATE_ARC}.3.1`;
export const CA_POLICY_OID = `${PRIVATE_ARC}.4.1`;
