// Builds the CAdES detached SignedData that a PAdES signature carries in /Contents
// (ETSI EN 319 122-1 baseline B-B as profiled by ETSI EN 319 142-1 for PDF).

import { createHash } from 'node:crypto';
import { readIssuerAndSerial } from './certificate-fields.js';
import {
  concatBytes,
  encodeExplicit,
  encodeNull,
  encodeObjectIdentifier,
  encodeOctetString,
  encodeSequence,
  encodeSetOf,
  encodeSmallInteger,
  encodeTlv,
} from './der.js';
import type { Der } from './der.js';
import { OID } from './oids.js';

export type KeyAlgorithm = 'P-256' | 'RSA-2048';

/** The certificate half of a `Signer` (trust), enough to build the CMS around a remote signature. */
export interface SignerIdentity {
  certificate: Uint8Array;
  /** issuer first ... root last */
  chain: Uint8Array[];
  keyAlgorithm: KeyAlgorithm;
}

/** Attribute ::= SEQUENCE { attrType OBJECT IDENTIFIER, attrValues SET OF AttributeValue } */
function encodeAttribute(type: string, ...values: Der[]): Der {
  return encodeSequence(encodeObjectIdentifier(type), encodeSetOf(values));
}

/** AlgorithmIdentifier for SHA-256, parameters absent (RFC 5754 2). */
const sha256Algorithm = (): Der => encodeSequence(encodeObjectIdentifier(OID.sha256));

/**
 * ecdsa-with-SHA256 takes no parameters (RFC 5758 3.2); sha256WithRSAEncryption takes NULL
 * (RFC 4055 5).
 */
function encodeSignatureAlgorithm(keyAlgorithm: KeyAlgorithm): Der {
  return keyAlgorithm === 'P-256'
    ? encodeSequence(encodeObjectIdentifier(OID.ecdsaWithSha256))
    : encodeSequence(encodeObjectIdentifier(OID.sha256WithRsaEncryption), encodeNull());
}

/**
 * SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2,
 *                                     policies SEQUENCE OF PolicyInformation OPTIONAL }
 * ESSCertIDv2 ::= SEQUENCE { hashAlgorithm AlgorithmIdentifier DEFAULT {algorithm id-sha256},
 *                            certHash Hash, issuerSerial IssuerSerial OPTIONAL }
 * IssuerSerial ::= SEQUENCE { issuer GeneralNames, serialNumber CertificateSerialNumber }
 * (RFC 5035 3). SHA-256 is the default, so DER leaves hashAlgorithm out; the issuer is one
 * directoryName [4] GeneralName.
 */
function encodeSigningCertificateV2(certificate: Uint8Array): Der {
  const { issuer, serialNumber } = readIssuerAndSerial(certificate);
  const certHash = createHash('sha256').update(certificate).digest();
  const issuerSerial = encodeSequence(encodeSequence(encodeExplicit(4, issuer)), serialNumber);
  const essCertIdV2 = encodeSequence(encodeOctetString(certHash), issuerSerial);
  return encodeSequence(encodeSequence(essCertIdV2));
}

/**
 * SignedAttributes ::= SET SIZE (1..MAX) OF Attribute (RFC 5652 5.3), with exactly
 * content-type (id-data), message-digest and signing-certificate-v2. No signing-time: PAdES
 * (EN 319 142-1 5.3) puts the claimed time in the signature dictionary's /M instead.
 * Returned with the universal SET tag: these are the bytes the signature value is computed over.
 */
export function buildSignedAttributes(messageDigest: Uint8Array, certificate: Uint8Array): Der {
  return encodeSetOf([
    encodeAttribute(OID.contentType, encodeObjectIdentifier(OID.data)),
    encodeAttribute(OID.messageDigest, encodeOctetString(messageDigest)),
    encodeAttribute(OID.signingCertificateV2, encodeSigningCertificateV2(certificate)),
  ]);
}

export interface SignedDataParts {
  signer: SignerIdentity;
  /** the SET-tagged DER from buildSignedAttributes */
  signedAttributes: Uint8Array;
  signatureValue: Uint8Array;
  /** TimeStampToken (ContentInfo DER) over signatureValue, for B-T and above */
  signatureTimeStampToken?: Uint8Array;
}

/**
 * ContentInfo ::= SEQUENCE { contentType ContentType, content [0] EXPLICIT ANY }
 * SignedData ::= SEQUENCE { version CMSVersion, digestAlgorithms DigestAlgorithmIdentifiers,
 *   encapContentInfo EncapsulatedContentInfo, certificates [0] IMPLICIT CertificateSet OPTIONAL,
 *   crls [1] IMPLICIT RevocationInfoChoices OPTIONAL, signerInfos SignerInfos }
 * SignerInfo ::= SEQUENCE { version CMSVersion, sid SignerIdentifier, digestAlgorithm,
 *   signedAttrs [0] IMPLICIT SignedAttributes OPTIONAL, signatureAlgorithm, signature
 *   SignatureValue, unsignedAttrs [1] IMPLICIT UnsignedAttributes OPTIONAL }   (RFC 5652 3, 5)
 * Version 1 throughout: the sid is issuerAndSerialNumber and the content is id-data (5.1, 5.3).
 * The content is detached (no eContent): the PDF byte ranges are the signed data.
 */
export function buildSignedData(parts: SignedDataParts): Der {
  const { signer, signedAttributes, signatureValue, signatureTimeStampToken } = parts;
  const { issuer, serialNumber } = readIssuerAndSerial(signer.certificate);
  const version = encodeSmallInteger(1);
  const signedAttrsImplicit = concatBytes([Uint8Array.of(0xa0), signedAttributes.subarray(1)]);
  const unsignedAttrs = signatureTimeStampToken
    ? [encodeSetOf([encodeAttribute(OID.signatureTimeStampToken, signatureTimeStampToken)], 0xa1)]
    : [];
  const signerInfo = encodeSequence(
    version,
    encodeSequence(issuer, serialNumber),
    sha256Algorithm(),
    signedAttrsImplicit,
    encodeSignatureAlgorithm(signer.keyAlgorithm),
    encodeOctetString(signatureValue),
    ...unsignedAttrs,
  );
  // CertificateSet is a SET OF; kept in chain order (signer first), which BER allows and every
  // verifier accepts, because certificates are looked up, never re-encoded for a signature.
  const certificates = encodeTlv(
    0xa0,
    signer.certificate,
    ...uniqueCertificates(signer.chain, signer.certificate),
  );
  const signedData = encodeSequence(
    version,
    encodeSetOf([sha256Algorithm()]),
    encodeSequence(encodeObjectIdentifier(OID.data)),
    certificates,
    encodeSetOf([signerInfo]),
  );
  return encodeSequence(encodeObjectIdentifier(OID.signedData), encodeExplicit(0, signedData));
}

function uniqueCertificates(chain: readonly Uint8Array[], signerCertificate: Uint8Array): Uint8Array[] {
  const seen = new Set([Buffer.from(signerCertificate).toString('base64')]);
  return chain.filter((certificate) => {
    const key = Buffer.from(certificate).toString('base64');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
