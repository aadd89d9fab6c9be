// Certificate profiles: who is who in our hierarchy, and the subject and extensions of each
// kind of certificate (root, issuing CA, TSA, OCSP responder, signer, seal). ADR 037 explains
// the end-entity profile and its validity.
//
// Validity periods:
//   root 20 years; issuing CAs, TSA and OCSP responder certificates 10 years (they are
//   regenerated only with the whole hierarchy); signer and seal certificates until their issuing
//   CA expires, starting 5 minutes in the past for clock skew: one is issued per signature with a
//   fresh key that signs once and is forgotten, and validators that judge the certificate at the
//   time they look (poppler, so the Linux desktop viewers) must keep finding it valid for as long
//   as the document is read; credentials of the CSC sandbox 1 year.

import type { NameAttribute } from './certificate.js';
import {
  encodeAuthorityInfoAccess,
  encodeAuthorityKeyIdentifier,
  encodeBasicConstraints,
  encodeCertificatePolicies,
  encodeCrlDistributionPoint,
  encodeDirectoryName,
  encodeExtKeyUsage,
  encodeKeyUsage,
  encodeName,
  encodeOcspNoCheck,
  encodeQcStatements,
  encodeSubjectAltNameEmail,
  encodeSubjectKeyIdentifier,
  encodeUriName,
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

/**
 * The URLs under `baseUrl`; without one the certificates name no address at all (a hierarchy
 * that nothing publishes, such as the command line's by default).
 */
export function createTrustUrls(baseUrl: string | undefined): TrustUrls | undefined {
  if (!baseUrl) return undefined;
  const base = baseUrl.replace(/\/+$/, '');
  return {
    certificate: (id) => `${base}/ca/${id}.cer`,
    crl: (id) => `${base}/crl/${id}.crl`,
    ocsp: `${base}/ocsp`,
    tsa: `${base}/tsa`,
  };
}

/** What the extensions of a certificate say about the authority that issues it. */
export interface IssuerRef {
  id: AuthorityId;
  /** subject Name of the issuer's certificate, DER */
  name: Uint8Array;
  spki: Uint8Array;
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

/**
 * Extensions every certificate below the root shares: key ids, AIA and a CRL distribution point.
 * Without published URLs the distribution point names the issuer's directory name instead of an
 * address: the CRL is the issuer's (embedded in the signatures' validation data), and NSS, asked
 * to check revocation without fetching, reports a certificate with no distribution point as an
 * error (ADR 037).
 */
function encodeIssuedExtensions(
  spki: Uint8Array,
  issuer: IssuerRef,
  urls: TrustUrls | undefined,
  hasOcsp: boolean,
): Uint8Array[] {
  const keyIds = [encodeSubjectKeyIdentifier(spki), encodeAuthorityKeyIdentifier(issuer.spki)];
  if (!urls) return [...keyIds, encodeCrlDistributionPoint(encodeDirectoryName(issuer.name))];
  return [
    ...keyIds,
    encodeAuthorityInfoAccess(urls.certificate(issuer.id), hasOcsp ? urls.ocsp : undefined),
    encodeCrlDistributionPoint(encodeUriName(urls.crl(issuer.id))),
  ];
}

export function encodeIssuingCaExtensions(
  spki: Uint8Array,
  root: IssuerRef,
  urls: TrustUrls | undefined,
): Uint8Array[] {
  return [
    encodeBasicConstraints(true, 0),
    encodeKeyUsage(['keyCertSign', 'cRLSign']),
    // anyPolicy (RFC 5280 4.2.1.4) so that path validation with policy checking accepts the
    // leaf policies below; CA_POLICY_OID names the practice the CA itself runs under.
    encodeCertificatePolicies(['2.5.29.32.0', CA_POLICY_OID]),
    ...encodeIssuedExtensions(spki, root, urls, false),
  ];
}

/** RFC 3161 2.3: the TSA certificate has exactly one EKU, id-kp-timeStamping, and it is critical. */
export function encodeTsaExtensions(
  spki: Uint8Array,
  root: IssuerRef,
  urls: TrustUrls | undefined,
): Uint8Array[] {
  return [
    encodeBasicConstraints(false),
    encodeKeyUsage(['digitalSignature', 'nonRepudiation']),
    encodeExtKeyUsage([OID.kpTimeStamping], true),
    encodeCertificatePolicies([TSA_POLICY_OID]),
    ...encodeIssuedExtensions(spki, root, urls, false),
  ];
}

/**
 * RFC 6960 4.2.2.2: a delegated responder is certified by the CA whose certificates it answers
 * for, with id-kp-OCSPSigning; id-pkix-ocsp-nocheck says clients need not check its own status.
 */
export function encodeResponderExtensions(
  spki: Uint8Array,
  issuer: IssuerRef,
  urls: TrustUrls | undefined,
): Uint8Array[] {
  return [
    encodeBasicConstraints(false),
    encodeKeyUsage(['digitalSignature']),
    encodeExtKeyUsage([OID.kpOcspSigning], false),
    encodeOcspNoCheck(),
    encodeSubjectKeyIdentifier(spki),
    encodeAuthorityKeyIdentifier(issuer.spki),
    ...(urls ? [encodeAuthorityInfoAccess(urls.certificate(issuer.id))] : []),
  ];
}

/**
 * The key usages of a signature made for a person or a business: digitalSignature and
 * nonRepudiation, and the extended key usage emailProtection beside them. NSS checks a PDF
 * signer as an e-mail signer (poppler, so Okular and Evince); without the EKU it leaves an error
 * behind that poppler 22.12 reports as "Unknown issue with Certificate" (ADR 037).
 */
const encodeEndEntityUsages = (): Uint8Array[] => [
  encodeBasicConstraints(false),
  encodeKeyUsage(['digitalSignature', 'nonRepudiation']),
  encodeExtKeyUsage([OID.kpEmailProtection], false),
];

/**
 * What a signer certificate says: the e-mail for simple signatures, the verified name plus e-mail
 * above, and the organisation that vouches for the name where one does (O, organizationIdentifier).
 */
export function encodeSignerSubject(subject: SignerSubject): Uint8Array {
  const attributes: NameAttribute[] = [];
  if (subject.country) attributes.push({ type: OID.countryName, value: subject.country.toUpperCase() });
  if (subject.organisation && subject.quality !== 'ses') {
    attributes.push({ type: OID.organizationName, value: subject.organisation.name });
    if (subject.organisation.identifier)
      attributes.push({ type: OID.organizationIdentifier, value: subject.organisation.identifier });
  }
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
  issuer: IssuerRef,
  urls: TrustUrls | undefined,
): Uint8Array[] {
  const extensions = [
    ...encodeEndEntityUsages(),
    encodeCertificatePolicies([signerPolicyOid(subject.quality, subject.legislation)]),
    encodeSubjectAltNameEmail(subject.email),
    ...encodeIssuedExtensions(spki, issuer, urls, true),
  ];
  if (subject.quality === 'qes') {
    extensions.push(encodeQcStatements('esign', subject.legislation === 'zertes' ? 'CH' : undefined));
  }
  return extensions;
}

/**
 * Seal certificates name the business (EN 319 412-3 4.2.1: countryName, organizationName,
 * organizationIdentifier where it is known, and commonName).
 */
export function encodeSealSubject(subject: SealSubject): Uint8Array {
  const attributes: NameAttribute[] = [];
  if (subject.country) attributes.push({ type: OID.countryName, value: subject.country.toUpperCase() });
  attributes.push({ type: OID.organizationName, value: subject.organisation });
  if (subject.organisationIdentifier)
    attributes.push({ type: OID.organizationIdentifier, value: subject.organisationIdentifier });
  attributes.push({ type: OID.commonName, value: subject.commonName ?? subject.organisation });
  return encodeName(attributes);
}

export function encodeSealExtensions(
  subject: SealSubject,
  spki: Uint8Array,
  issuer: IssuerRef,
  urls: TrustUrls | undefined,
): Uint8Array[] {
  const extensions = [
    ...encodeEndEntityUsages(),
    encodeCertificatePolicies([sealPolicyOid(subject.quality)]),
    ...encodeIssuedExtensions(spki, issuer, urls, true),
  ];
  if (subject.quality === 'qes') extensions.push(encodeQcStatements('eseal'));
  return extensions;
}
