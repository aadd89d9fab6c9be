// CMS SignedData (RFC 5652) with one signer and signed attributes, as the TSA needs it for
// TimeStampTokens (RFC 3161 2.4.2). ESS signing-certificate-v2 (RFC 5035) binds the signer's
// certificate into the signature.

import { createHash } from 'node:crypto';
import { readCertificateFields } from './certificate.js';
import {
  compareBytes,
  encodeExplicit,
  encodeInteger,
  encodeObjectIdentifier,
  encodeOctetString,
  encodeSequence,
  encodeSetOf,
  encodeTlv,
  retagImplicit,
} from './der.js';
import type { KeyPair } from './keys.js';
import { encodeSignatureAlgorithm, signWithKey } from './keys.js';
import { OID } from './oids.js';

/** Attribute ::= SEQUENCE { attrType OBJECT IDENTIFIER, attrValues SET OF AttributeValue } */
export const encodeAttribute = (type: string, ...values: Uint8Array[]): Uint8Array =>
  encodeSequence(encodeObjectIdentifier(type), encodeSetOf(...values));

/** AlgorithmIdentifier for SHA-256, parameters absent (RFC 5754 2). */
export const encodeSha256Algorithm = (): Uint8Array => encodeSequence(encodeObjectIdentifier(OID.sha256));

/**
 * SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2, policies SEQUENCE OF PolicyInformation OPTIONAL }
 * ESSCertIDv2 ::= SEQUENCE { hashAlgorithm AlgorithmIdentifier DEFAULT {algorithm id-sha256},
 *                            certHash Hash, issuerSerial IssuerSerial OPTIONAL }
 * IssuerSerial ::= SEQUENCE { issuer GeneralNames, serialNumber CertificateSerialNumber }
 * The hash algorithm is SHA-256, the DEFAULT, so DER leaves it out.
 */
export function encodeSigningCertificateV2(certificate: Uint8Array): Uint8Array {
  const { issuer, serial } = readCertificateFields(certificate);
  const certHash = createHash('sha256').update(certificate).digest();
  const issuerSerial = encodeSequence(
    encodeSequence(encodeTlv(0xa4, issuer)), // GeneralName directoryName [4] Name (explicit: Name is a CHOICE)
    encodeInteger(serial),
  );
  return encodeSequence(encodeSequence(encodeSequence(encodeOctetString(certHash), issuerSerial)));
}

export interface SignedDataInput {
  contentType: string;
  content: Uint8Array;
  signerCertificate: Uint8Array;
  key: KeyPair;
  /** certificates to carry in SignedData.certificates (none when empty) */
  certificates: Uint8Array[];
}

/**
 * ContentInfo ::= SEQUENCE { contentType ContentType, content [0] EXPLICIT ANY DEFINED BY contentType }
 * SignedData ::= SEQUENCE { version CMSVersion, digestAlgorithms DigestAlgorithmIdentifiers,
 *   encapContentInfo EncapsulatedContentInfo, certificates [0] IMPLICIT CertificateSet OPTIONAL,
 *   crls [1] IMPLICIT RevocationInfoChoices OPTIONAL, signerInfos SignerInfos }
 * EncapsulatedContentInfo ::= SEQUENCE { eContentType ContentType, eContent [0] EXPLICIT OCTET STRING OPTIONAL }
 * SignerInfo ::= SEQUENCE { version CMSVersion, sid SignerIdentifier, digestAlgorithm DigestAlgorithmIdentifier,
 *   signedAttrs [0] IMPLICIT SignedAttributes OPTIONAL, signatureAlgorithm SignatureAlgorithmIdentifier,
 *   signature SignatureValue, unsignedAttrs [1] IMPLICIT UnsignedAttributes OPTIONAL }
 */
export function buildSignedData(input: SignedDataInput): Uint8Array {
  const { issuer, serial } = readCertificateFields(input.signerCertificate);
  const digest = createHash('sha256').update(input.content).digest();
  const signedAttributes = encodeSetOf(
    encodeAttribute(OID.contentType, encodeObjectIdentifier(input.contentType)),
    encodeAttribute(OID.messageDigest, encodeOctetString(digest)),
    encodeAttribute(OID.signingCertificateV2, encodeSigningCertificateV2(input.signerCertificate)),
  );
  // RFC 5652 5.4: the signature covers the DER of the attributes with the SET OF tag, while the
  // SignerInfo carries them under [0] IMPLICIT.
  const signature = signWithKey(input.key, signedAttributes);
  const signerInfo = encodeSequence(
    encodeInteger(1), // version 1: sid is issuerAndSerialNumber
    encodeSequence(issuer, encodeInteger(serial)),
    encodeSha256Algorithm(),
    retagImplicit(0, signedAttributes),
    encodeSignatureAlgorithm(input.key.algorithm),
    encodeOctetString(signature),
  );
  const parts = [
    encodeInteger(3), // RFC 5652 5.1: version 3 when eContentType is not id-data
    encodeSetOf(encodeSha256Algorithm()),
    encodeSequence(
      encodeObjectIdentifier(input.contentType),
      encodeExplicit(0, encodeOctetString(input.content)),
    ),
  ];
  if (input.certificates.length > 0)
    parts.push(encodeTlv(0xa0, ...[...input.certificates].sort(compareBytes)));
  parts.push(encodeSetOf(signerInfo));
  return encodeSequence(encodeObjectIdentifier(OID.signedData), encodeExplicit(0, encodeSequence(...parts)));
}
