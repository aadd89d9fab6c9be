// Certificate profiles: who is who in our hierarchy, and the subject and extensions of each
// kind of certificate (root, issuing CA, TSA, OCSP responder, signer, seal).
//
// Validity periods:
//   root 20 years; issuing CAs, TSA and OCSP responder certificates 10 years (they are
//   regenerated only with the whole hierarchy); signer and seal certificates 24 hours, starting
//   5 minutes in the past for clock skew: one is issued per signature with a fresh key, used
//   within seconds, and the signature's time stamp and LTV data prove it was valid then;
//   credentials of the CSC sandbox 1 year (a remote-signing credential outlives one signature).

import type { NameAttribute } from './certificate.js';
import {
  encodeAuthorityInfoAccess,
  encodeAuthorityKeyIdentifier,
  encodeBasicConstraints,
  encodeCertificatePolicies,
  encodeCrlDistributionPoint,
  encodeExtKeyUsage,
  encodeKeyUsage,
  encodeName,
  encodeOcspNoCheck,
  encodeQcStatements,
  encodeSubjectAltNameEmail,
  encodeSubjectKeyIdentifier,
} from './certificate.js';
import { CA_POLICY_OID, OID, TSA_POLICY_OID, sealPolicyOid, signerPolicyOid } from './oids.js';
import type { Legislation, SealSubject, SignatureLevelQuality, SignerSubject } from './types.js';

/** Every authority of the hierarchy; the position is the issuer index carried in serials (serials.ts). */
export const AUTHORITY_IDS = [
  'root',
  'ses-eidas',
  'aes-eidas',
  'qes-eidas',
  'ses-zertes',
  'aes-zertes',
  'qes-zertes',
  'seal',
] as const;
export type AuthorityId = (typeof AUTHORITY_IDS)[number];
export const ISSUING_CA_IDS = AUTHORITY_IDS.filter((id) => id !== 'root');

export const signerAuthorityId = (quality: SignatureLevelQuality, legislation: Legislation): AuthorityId =>
  `${quality}-${legislation}`;

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const YEAR = 365 * DAY;
export const VALIDITY = {
  root: 20 * YEAR,
  authority: 10 * YEAR,
  leaf: DAY,
  cscCredential: YEAR,
  backdate: 5 * 60_000,
} as const;

/** Where the server publishes what certificates point to (it mounts these routes under baseUrl). */
export interface TrustUrls {
  /** the certificate of an authority, DER (AIA caIssuers) */
  certificate(id: AuthorityId): string;
  /** the current CRL of an authority, DER */
  crl(id: AuthorityId): string;
  /** the OCSP responder, RFC 6960 appendix A (POST) */
  ocsp: string;
  /** the time-stamp authority, RFC 3161 section 3.4 (POST application/timestamp-query) */
  tsa: string;
}

export function createTrustUrls(baseUrl: string): TrustUrls {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    certificate: (id) => `${base}/ca/${id}.cer`,
    crl: (id) => `${base}/crl/${id}.crl`,
    ocsp: `${base}/ocsp`,
    tsa: `${base}/tsa`,
  };
}

const ORGANISATION = 'Countersign';
const AUTHORITY_LABELS: Record<Exclude<AuthorityId, 'root'>, string> = {
  'ses-eidas': 'Simple Signature CA (eIDAS)',
  'aes-eidas': 'Advanced Signature CA (eIDAS)',
  'qes-eidas': 'Qualified Signature CA (eIDAS)',
  'ses-zertes': 'Simple Signature CA (ZertES)',
  'aes-zertes': 'Advanced Signature CA (ZertES)',
  'qes-zertes': 'Qualified Signature CA (ZertES)',
  seal: 'Seal CA',
};

/**
 * Every installation generates its own root; the installation tag in the names keeps two
 * installations' CAs apart in certificate stores that index by name.
 */
export function authorityName(id: AuthorityId, installation: string): Uint8Array {
  const label = id === 'root' ? 'Root CA' : AUTHORITY_LABELS[id];
  return encodeName([
    { type: OID.organizationName, value: ORGANISATION },
    { type: OID.organizationalUnitName, value: `Installation ${installation}` },
    { type: OID.commonName, value: `${ORGANISATION} ${label}` },
  ]);
}

export function tsaName(installation: string): Uint8Array {
  return encodeName([
    { type: OID.organizationName, value: ORGANISATION },
    { type: OID.organizationalUnitName, value: `Installation ${installation}` },
    { type: OID.commonName, value: `${ORGANISATION} Time-Stamping Authority` },
  ]);
}

export function responderName(id: AuthorityId, installation: string): Uint8Array {
  return encodeName([
    { type: OID.organizationName, value: ORGANISATION },
    { type: OID.organizationalUnitName, value: `Installation ${installation}` },
    { type: OID.commonName, value: `${ORGANISATION} OCSP Responder (${id})` },
  ]);
}

export function encodeRootExtensions(spki: Uint8Array): Uint8Array[] {
  return [
    encodeBasicConstraints(true),
    encodeKeyUsage(['keyCertSign', 'cRLSign']),
    encodeSubjectKeyIdentifier(spki),
  ];
}

/** Extensions every certificate below the root shares: key ids, AIA and CRL distribution point. */
function encodeIssuedExtensions(
  spki: Uint8Array,
  issuerSpki: Uint8Array,
  issuerId: AuthorityId,
  urls: TrustUrls,
  hasOcsp: boolean,
): Uint8Array[] {
  return [
    encodeSubjectKeyIdentifier(spki),
    encodeAuthorityKeyIdentifier(issuerSpki),
    encodeAuthorityInfoAccess(urls.certificate(issuerId), hasOcsp ? urls.ocsp : undefined),
    encodeCrlDistributionPoint(urls.crl(issuerId)),
  ];
}

export function encodeIssuingCaExtensions(
  spki: Uint8Array,
  rootSpki: Uint8Array,
  urls: TrustUrls,
): Uint8Array[] {
  return [
    encodeBasicConstraints(true, 0),
    encodeKeyUsage(['keyCertSign', 'cRLSign']),
    // anyPolicy (RFC 5280 4.2.1.4) so that path validation with policy checking accepts the
    // leaf policies below; CA_POLICY_OID names the practice the CA itself runs under.
    encodeCertificatePolicies(['2.5.29.32.0', CA_POLICY_OID]),
    ...encodeIssuedExtensions(spki, rootSpki, 'root', urls, false),
  ];
}

/** RFC 3161 2.3: the TSA certificate has exactly one EKU, id-kp-timeStamping, and it is critical. */
export function encodeTsaExtensions(spki: Uint8Array, rootSpki: Uint8Array, urls: TrustUrls): Uint8Array[] {
  return [
    encodeBasicConstraints(false),
    encodeKeyUsage(['digitalSignature', 'nonRepudiation']),
    encodeExtKeyUsage([OID.kpTimeStamping], true),
    encodeCertificatePolicies([TSA_POLICY_OID]),
    ...encodeIssuedExtensions(spki, rootSpki, 'root', urls, false),
  ];
}

/**
 * RFC 6960 4.2.2.2: a delegated responder is certified by the CA whose certificates it answers
 * for, with id-kp-OCSPSigning; id-pkix-ocsp-nocheck says clients need not check its own status.
 */
export function encodeResponderExtensions(
  spki: Uint8Array,
  issuerSpki: Uint8Array,
  issuerId: AuthorityId,
  urls: TrustUrls,
): Uint8Array[] {
  return [
    encodeBasicConstraints(false),
    encodeKeyUsage(['digitalSignature']),
    encodeExtKeyUsage([OID.kpOcspSigning], false),
    encodeOcspNoCheck(),
    encodeSubjectKeyIdentifier(spki),
    encodeAuthorityKeyIdentifier(issuerSpki),
    encodeAuthorityInfoAccess(urls.certificate(issuerId)),
  ];
}

/** What a signer certificate says: the e-mail for simple signatures, the verified name plus e-mail above. */
export function encodeSignerSubject(subject: SignerSubject): Uint8Array {
  const attributes: NameAttribute[] = [];
  if (subject.country) attributes.push({ type: OID.countryName, value: subject.country.toUpperCase() });
  const hasVerifiedName = subject.quality !== 'ses' && Boolean(subject.name?.trim());
  if (hasVerifiedName) {
    if (subject.surname) attributes.push({ type: OID.surname, value: subject.surname });
    if (subject.givenName) attributes.push({ type: OID.givenName, value: subject.givenName });
    attributes.push({ type: OID.commonName, value: subject.name!.trim() });
  } else {
    attributes.push({ type: OID.commonName, value: subject.email });
  }
  attributes.push({ type: OID.emailAddress, value: subject.email });
  return encodeName(attributes);
}

export function encodeSignerExtensions(
  subject: SignerSubject,
  spki: Uint8Array,
  issuerSpki: Uint8Array,
  urls: TrustUrls,
): Uint8Array[] {
  const issuerId = signerAuthorityId(subject.quality, subject.legislation);
  const extensions = [
    encodeBasicConstraints(false),
    encodeKeyUsage(['digitalSignature', 'nonRepudiation']),
    encodeCertificatePolicies([signerPolicyOid(subject.quality, subject.legislation)]),
    encodeSubjectAltNameEmail(subject.email),
    ...encodeIssuedExtensions(spki, issuerSpki, issuerId, urls, true),
  ];
  if (subject.quality === 'qes') {
    extensions.push(encodeQcStatements('esign', subject.legislation === 'zertes' ? 'CH' : undefined));
  }
  return extensions;
}

/** Seal certificates name the business (EN 319 412-3: organizationName and commonName). */
export function encodeSealSubject(subject: SealSubject): Uint8Array {
  const attributes: NameAttribute[] = [];
  if (subject.country) attributes.push({ type: OID.countryName, value: subject.country.toUpperCase() });
  attributes.push({ type: OID.organizationName, value: subject.organisation });
  attributes.push({ type: OID.commonName, value: subject.organisation });
  return encodeName(attributes);
}

export function encodeSealExtensions(
  subject: SealSubject,
  spki: Uint8Array,
  issuerSpki: Uint8Array,
  urls: TrustUrls,
): Uint8Array[] {
  const extensions = [
    encodeBasicConstraints(false),
    encodeKeyUsage(['digitalSignature', 'nonRepudiation']),
    encodeCertificatePolicies([sealPolicyOid(subject.quality)]),
    ...encodeIssuedExtensions(spki, issuerSpki, 'seal', urls, true),
  ];
  if (subject.quality === 'qes') extensions.push(encodeQcStatements('eseal'));
  return extensions;
}
