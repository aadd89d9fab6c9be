// X.509 certificates (RFC 5280): names, extensions and the signed Certificate itself, plus a
// reader for the fields other structures refer to (issuer, serial, key hashes).

import { createHash } from 'node:crypto';
import {
  encodeBitString,
  encodeBoolean,
  encodeExplicit,
  encodeIa5String,
  encodeInteger,
  encodeNull,
  encodeObjectIdentifier,
  encodeOctetString,
  encodePrintableString,
  encodeSequence,
  encodeSetOf,
  encodeTime,
  encodeTlv,
  encodeUtf8String,
  readChildren,
  readTlv,
  retagImplicit,
  sliceContent,
  sliceTlv,
} from './der.js';
import type { KeyPair } from './keys.js';
import { encodeSignatureAlgorithm, signWithKey } from './keys.js';
import { OID } from './oids.js';

export interface NameAttribute {
  type: string;
  value: string;
}

/**
 * Name ::= SEQUENCE OF RelativeDistinguishedName
 * RelativeDistinguishedName ::= SET SIZE (1..MAX) OF AttributeTypeAndValue
 * AttributeTypeAndValue ::= SEQUENCE { type AttributeType, value AttributeValue }
 * Country is a PrintableString and emailAddress an IA5String (RFC 5280 appendix A); the rest UTF8String.
 */
export function encodeName(attributes: readonly NameAttribute[]): Uint8Array {
  return encodeSequence(
    ...attributes.map(({ type, value }) => {
      const encoded =
        type === OID.countryName
          ? encodePrintableString(value)
          : type === OID.emailAddress
            ? encodeIa5String(value)
            : encodeUtf8String(value);
      return encodeSetOf(encodeSequence(encodeObjectIdentifier(type), encoded));
    }),
  );
}

/** Extension ::= SEQUENCE { extnID OBJECT IDENTIFIER, critical BOOLEAN DEFAULT FALSE, extnValue OCTET STRING } */
export function encodeExtension(oid: string, isCritical: boolean, value: Uint8Array): Uint8Array {
  return isCritical
    ? encodeSequence(encodeObjectIdentifier(oid), encodeBoolean(true), encodeOctetString(value))
    : encodeSequence(encodeObjectIdentifier(oid), encodeOctetString(value));
}

/** BasicConstraints ::= SEQUENCE { cA BOOLEAN DEFAULT FALSE, pathLenConstraint INTEGER (0..MAX) OPTIONAL } */
export function encodeBasicConstraints(isCa: boolean, pathLength?: number): Uint8Array {
  const parts = isCa ? [encodeBoolean(true)] : [];
  if (isCa && pathLength !== undefined) parts.push(encodeInteger(pathLength));
  return encodeExtension(OID.basicConstraints, true, encodeSequence(...parts));
}

export type KeyUsageBit =
  | 'digitalSignature'
  | 'nonRepudiation'
  | 'keyEncipherment'
  | 'dataEncipherment'
  | 'keyAgreement'
  | 'keyCertSign'
  | 'cRLSign';
const KEY_USAGE_BITS: KeyUsageBit[] = [
  'digitalSignature',
  'nonRepudiation',
  'keyEncipherment',
  'dataEncipherment',
  'keyAgreement',
  'keyCertSign',
  'cRLSign',
];

/** KeyUsage ::= BIT STRING { digitalSignature (0), nonRepudiation (1), ... cRLSign (6) }, trailing zeros dropped (X.690 11.2.2) */
export function encodeKeyUsage(usages: readonly KeyUsageBit[]): Uint8Array {
  let byte = 0;
  let highest = 0;
  for (const usage of usages) {
    const bit = KEY_USAGE_BITS.indexOf(usage);
    byte |= 0x80 >> bit;
    highest = Math.max(highest, bit);
  }
  return encodeExtension(OID.keyUsage, true, encodeBitString(Uint8Array.of(byte), 7 - highest));
}

/** ExtKeyUsageSyntax ::= SEQUENCE SIZE (1..MAX) OF KeyPurposeId */
export function encodeExtKeyUsage(purposes: readonly string[], isCritical: boolean): Uint8Array {
  return encodeExtension(
    OID.extKeyUsage,
    isCritical,
    encodeSequence(...purposes.map(encodeObjectIdentifier)),
  );
}

/** KeyIdentifier per RFC 5280 4.2.1.2 method (1): SHA-1 of the subjectPublicKey BIT STRING value. */
export function computeKeyIdentifier(spki: Uint8Array): Uint8Array {
  return new Uint8Array(createHash('sha1').update(readSubjectPublicKey(spki)).digest());
}

export const encodeSubjectKeyIdentifier = (spki: Uint8Array): Uint8Array =>
  encodeExtension(OID.subjectKeyIdentifier, false, encodeOctetString(computeKeyIdentifier(spki)));

/** AuthorityKeyIdentifier ::= SEQUENCE { keyIdentifier [0] KeyIdentifier OPTIONAL, ... } */
export const encodeAuthorityKeyIdentifier = (issuerSpki: Uint8Array): Uint8Array =>
  encodeExtension(
    OID.authorityKeyIdentifier,
    false,
    encodeSequence(encodeTlv(0x80, computeKeyIdentifier(issuerSpki))),
  );

/**
 * certificatePolicies ::= SEQUENCE SIZE (1..MAX) OF PolicyInformation
 * PolicyInformation ::= SEQUENCE { policyIdentifier CertPolicyId, policyQualifiers ... OPTIONAL }
 */
export const encodeCertificatePolicies = (policies: readonly string[]): Uint8Array =>
  encodeExtension(
    OID.certificatePolicies,
    false,
    encodeSequence(...policies.map((policy) => encodeSequence(encodeObjectIdentifier(policy)))),
  );

/** GeneralName rfc822Name [1] IA5String, uniformResourceIdentifier [6] IA5String (implicit tags) */
export const encodeRfc822Name = (email: string): Uint8Array =>
  retagImplicit(1, encodeIa5String(email), false);
export const encodeUriName = (uri: string): Uint8Array => retagImplicit(6, encodeIa5String(uri), false);

/** SubjectAltName ::= GeneralNames ::= SEQUENCE SIZE (1..MAX) OF GeneralName */
export const encodeSubjectAltNameEmail = (email: string): Uint8Array =>
  encodeExtension(OID.subjectAltName, false, encodeSequence(encodeRfc822Name(email)));

/**
 * AuthorityInfoAccessSyntax ::= SEQUENCE SIZE (1..MAX) OF AccessDescription
 * AccessDescription ::= SEQUENCE { accessMethod OBJECT IDENTIFIER, accessLocation GeneralName }
 */
export function encodeAuthorityInfoAccess(caIssuersUrl: string, ocspUrl?: string): Uint8Array {
  const descriptions = [encodeSequence(encodeObjectIdentifier(OID.adCaIssuers), encodeUriName(caIssuersUrl))];
  if (ocspUrl)
    descriptions.unshift(encodeSequence(encodeObjectIdentifier(OID.adOcsp), encodeUriName(ocspUrl)));
  return encodeExtension(OID.authorityInfoAccess, false, encodeSequence(...descriptions));
}

/** GeneralName directoryName [4] Name; EXPLICIT, since Name is a CHOICE (X.680 31.2.7) */
export const encodeDirectoryName = (name: Uint8Array): Uint8Array => encodeExplicit(4, name);

/**
 * CRLDistributionPoints ::= SEQUENCE SIZE (1..MAX) OF DistributionPoint
 * DistributionPoint ::= SEQUENCE { distributionPoint [0] DistributionPointName OPTIONAL, ... }
 * DistributionPointName ::= CHOICE { fullName [0] GeneralNames, ... }
 * `where` is one GeneralName: a URI to fetch the CRL from, or the directory name of its issuer.
 */
export const encodeCrlDistributionPoint = (where: Uint8Array): Uint8Array =>
  encodeExtension(
    OID.cRLDistributionPoints,
    false,
    encodeSequence(encodeSequence(encodeExplicit(0, retagImplicit(0, encodeSequence(where))))),
  );

/**
 * ETSI EN 319 412-5 clause 4:
 * QCStatements ::= SEQUENCE OF QCStatement
 * QCStatement ::= SEQUENCE { statementId QC-STATEMENT.&id, statementInfo QC-STATEMENT.&Type OPTIONAL }
 * QcType ::= SEQUENCE OF OBJECT IDENTIFIER (id-etsi-qct-esign | id-etsi-qct-eseal | ...)
 * QcCClegislation ::= SEQUENCE OF CountryName  -- qualified under a non-EU legislation (ZertES: CH)
 */
export function encodeQcStatements(type: 'esign' | 'eseal', legislationCountry?: string): Uint8Array {
  const statements = [
    encodeSequence(encodeObjectIdentifier(OID.qcsQcCompliance)),
    encodeSequence(encodeObjectIdentifier(OID.qcsQcSSCD)),
    encodeSequence(
      encodeObjectIdentifier(OID.qcsQcType),
      encodeSequence(encodeObjectIdentifier(type === 'esign' ? OID.qctEsign : OID.qctEseal)),
    ),
  ];
  if (legislationCountry) {
    statements.push(
      encodeSequence(
        encodeObjectIdentifier(OID.qcsQcCClegislation),
        encodeSequence(encodePrintableString(legislationCountry)),
      ),
    );
  }
  return encodeExtension(OID.qcStatements, false, encodeSequence(...statements));
}

/** id-pkix-ocsp-nocheck (RFC 6960 4.2.2.2.1): extnValue is NULL. */
export const encodeOcspNoCheck = (): Uint8Array => encodeExtension(OID.ocspNoCheck, false, encodeNull());

export interface CertificateTemplate {
  serial: Uint8Array;
  subject: Uint8Array;
  notBefore: Date;
  notAfter: Date;
  spki: Uint8Array;
  extensions: Uint8Array[];
}

export interface Issuer {
  /** the issuer's certificate subject, DER; undefined when self-signing */
  name: Uint8Array;
  key: KeyPair;
}

/**
 * Certificate ::= SEQUENCE { tbsCertificate TBSCertificate, signatureAlgorithm AlgorithmIdentifier, signatureValue BIT STRING }
 * TBSCertificate ::= SEQUENCE { version [0] EXPLICIT Version DEFAULT v1, serialNumber CertificateSerialNumber,
 *   signature AlgorithmIdentifier, issuer Name, validity Validity, subject Name,
 *   subjectPublicKeyInfo SubjectPublicKeyInfo, ..., extensions [3] EXPLICIT Extensions OPTIONAL }
 * Validity ::= SEQUENCE { notBefore Time, notAfter Time }
 */
export function buildCertificate(template: CertificateTemplate, issuer: Issuer): Uint8Array {
  const algorithm = encodeSignatureAlgorithm(issuer.key.algorithm);
  const tbs = encodeSequence(
    encodeExplicit(0, encodeInteger(2)),
    encodeInteger(template.serial),
    algorithm,
    issuer.name,
    encodeSequence(encodeTime(template.notBefore), encodeTime(template.notAfter)),
    template.subject,
    template.spki,
    encodeExplicit(3, encodeSequence(...template.extensions)),
  );
  return encodeSequence(tbs, algorithm, encodeBitString(signWithKey(issuer.key, tbs)));
}

export interface CertificateFields {
  /** the serial number's content octets */
  serial: Uint8Array;
  /** issuer Name, DER */
  issuer: Uint8Array;
  /** subject Name, DER */
  subject: Uint8Array;
  /** SubjectPublicKeyInfo, DER */
  spki: Uint8Array;
}

export function readCertificateFields(certificate: Uint8Array): CertificateFields {
  const [tbs] = readChildren(certificate, readTlv(certificate, 0));
  if (!tbs) throw new RangeError('not a certificate');
  const fields = readChildren(certificate, tbs);
  const first = fields[0]?.tag === 0xa0 ? 1 : 0; // version is optional (v1)
  const [serial, , issuer, , subject, spki] = fields.slice(first);
  if (!serial || !issuer || !subject || !spki) throw new RangeError('not a certificate');
  return {
    serial: sliceContent(certificate, serial),
    issuer: sliceTlv(certificate, issuer),
    subject: sliceTlv(certificate, subject),
    spki: sliceTlv(certificate, spki),
  };
}

/** The subjectPublicKey BIT STRING value without its unused-bits octet (what RFC 6960 KeyHash and RFC 5280 key ids hash). */
export function readSubjectPublicKey(spki: Uint8Array): Uint8Array {
  const [, bitString] = readChildren(spki, readTlv(spki, 0));
  if (!bitString) throw new RangeError('not a SubjectPublicKeyInfo');
  return spki.subarray(bitString.start + 1, bitString.end);
}

/** Lower-case hex without the sign octet, as `openssl x509 -serial` prints it (but lower case). */
export const serialToHex = (serial: Uint8Array): string =>
  Buffer.from(serial)
    .toString('hex')
    .replace(/^(00)+(?=.)/, '');

export function encodePem(der: Uint8Array, label = 'CERTIFICATE'): string {
  const base64 = Buffer.from(der).toString('base64');
  const lines = base64.match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}
