// The OCSP responder (RFC 6960): answers good / revoked / unknown for the
// certificates of our authorities, and signs with the delegated responder certificate of the
// authority asked about. Requests are parsed in ocsp-request.ts.

import { createHash } from 'node:crypto';
import {
  computeKeyIdentifier,
  encodeExtension,
  readCertificateFields,
  readSubjectPublicKey,
} from './certificate.js';
import {
  encodeBitString,
  encodeEnumerated,
  encodeExplicit,
  encodeGeneralizedTime,
  encodeInteger,
  encodeNull,
  encodeObjectIdentifier,
  encodeOctetString,
  encodeSequence,
  encodeTlv,
} from './der.js';
import type { Authority, Hierarchy } from './hierarchy.js';
import { encodeSignatureAlgorithm, signWithKey } from './keys.js';
import { OID } from './oids.js';
import { DAY } from './profiles.js';
import type { Revocation } from './revocations.js';
import { readSerialIssuer } from './serials.js';

/** How long a response stays current (nextUpdate); a signer certificate lives one day too. */
export const OCSP_LIFETIME = DAY;

const HASHES: Record<string, string> = {
  [OID.sha1]: 'sha1',
  [OID.sha256]: 'sha256',
  [OID.sha384]: 'sha384',
  [OID.sha512]: 'sha512',
};

/** OCSPResponseStatus ::= ENUMERATED { successful (0), malformedRequest (1), internalError (2), tryLater (3), sigRequired (5), unauthorized (6) } */
export const OcspResponseStatus = {
  successful: 0,
  malformedRequest: 1,
  internalError: 2,
  unauthorized: 6,
} as const;

/** OCSPResponse ::= SEQUENCE { responseStatus OCSPResponseStatus, responseBytes [0] EXPLICIT ResponseBytes OPTIONAL } */
export const encodeOcspFailure = (status: number): Uint8Array => encodeSequence(encodeEnumerated(status));

/** CertID ::= SEQUENCE { hashAlgorithm AlgorithmIdentifier, issuerNameHash OCTET STRING, issuerKeyHash OCTET STRING, serialNumber CertificateSerialNumber } */
export interface CertId {
  hashAlgorithm: string;
  hasNullParameters: boolean;
  issuerNameHash: Uint8Array;
  issuerKeyHash: Uint8Array;
  serial: Uint8Array;
}

function encodeCertId(certId: CertId): Uint8Array {
  const algorithm = certId.hasNullParameters
    ? encodeSequence(encodeObjectIdentifier(certId.hashAlgorithm), encodeNull())
    : encodeSequence(encodeObjectIdentifier(certId.hashAlgorithm));
  return encodeSequence(
    algorithm,
    encodeOctetString(certId.issuerNameHash),
    encodeOctetString(certId.issuerKeyHash),
    encodeInteger(certId.serial),
  );
}

function hashWith(algorithm: string, data: Uint8Array): Uint8Array {
  return new Uint8Array(createHash(HASHES[algorithm]!).update(data).digest());
}

/** The CertID of a certificate issued by `issuer`, SHA-1 with NULL parameters as most clients send. */
export function createCertId(certificate: Uint8Array, issuerCertificate: Uint8Array): CertId {
  const issuer = readCertificateFields(issuerCertificate);
  return {
    hashAlgorithm: OID.sha1,
    hasNullParameters: true,
    issuerNameHash: hashWith(OID.sha1, issuer.subject),
    issuerKeyHash: hashWith(OID.sha1, readSubjectPublicKey(issuer.spki)),
    serial: readCertificateFields(certificate).serial,
  };
}

export function findAuthority(hierarchy: Hierarchy, certId: CertId): Authority | undefined {
  if (!HASHES[certId.hashAlgorithm]) return undefined;
  const sameBytes = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(b);
  for (const authority of hierarchy.authorities.values()) {
    const { spki } = readCertificateFields(authority.certificate);
    if (
      sameBytes(hashWith(certId.hashAlgorithm, authority.name), certId.issuerNameHash) &&
      sameBytes(hashWith(certId.hashAlgorithm, readSubjectPublicKey(spki)), certId.issuerKeyHash)
    ) {
      return authority;
    }
  }
  return undefined;
}

export interface OcspAnswerInput {
  hierarchy: Hierarchy;
  authority: Authority;
  certIds: CertId[];
  revocations: readonly Revocation[];
  now: Date;
  /** the request's nonce extension value, echoed (RFC 6960 4.4.1) */
  nonce?: Uint8Array;
}

/**
 * SingleResponse ::= SEQUENCE { certID CertID, certStatus CertStatus, thisUpdate GeneralizedTime,
 *   nextUpdate [0] EXPLICIT GeneralizedTime OPTIONAL, singleExtensions [1] EXPLICIT Extensions OPTIONAL }
 * CertStatus ::= CHOICE { good [0] IMPLICIT NULL, revoked [1] IMPLICIT RevokedInfo, unknown [2] IMPLICIT UnknownInfo }
 * RevokedInfo ::= SEQUENCE { revocationTime GeneralizedTime, revocationReason [0] EXPLICIT CRLReason OPTIONAL }
 */
function encodeSingleResponse(input: OcspAnswerInput, certId: CertId): Uint8Array {
  const serialHex = Buffer.from(certId.serial)
    .toString('hex')
    .replace(/^(00)+(?=.)/, '');
  const isOurs = readSerialIssuer(input.hierarchy.serialSecret, certId.serial) === input.authority.index;
  const revocation = input.revocations.find(
    (entry) => entry.serialHex === serialHex && entry.issuer === input.authority.id,
  );
  let status: Uint8Array;
  if (revocation) {
    const revokedInfo = [encodeGeneralizedTime(new Date(revocation.revokedAt))];
    if (revocation.reason) revokedInfo.push(encodeExplicit(0, encodeEnumerated(revocation.reason)));
    status = encodeTlv(0xa1, ...revokedInfo);
  } else {
    status = isOurs ? Uint8Array.of(0x80, 0x00) : Uint8Array.of(0x82, 0x00);
  }
  return encodeSequence(
    encodeCertId(certId),
    status,
    encodeGeneralizedTime(input.now),
    encodeExplicit(0, encodeGeneralizedTime(new Date(input.now.getTime() + OCSP_LIFETIME))),
  );
}

/**
 * ResponseBytes ::= SEQUENCE { responseType OBJECT IDENTIFIER, response OCTET STRING }
 * BasicOCSPResponse ::= SEQUENCE { tbsResponseData ResponseData, signatureAlgorithm AlgorithmIdentifier,
 *   signature BIT STRING, certs [0] EXPLICIT SEQUENCE OF Certificate OPTIONAL }
 * ResponseData ::= SEQUENCE { version [0] EXPLICIT Version DEFAULT v1, responderID ResponderID,
 *   producedAt GeneralizedTime, responses SEQUENCE OF SingleResponse,
 *   responseExtensions [1] EXPLICIT Extensions OPTIONAL }
 * ResponderID ::= CHOICE { byName [1] Name, byKey [2] KeyHash }
 */
export function buildOcspResponse(input: OcspAnswerInput): Uint8Array {
  const { key, certificates } = input.hierarchy.responder;
  const responderCertificate = certificates.get(input.authority.id)!;
  const responseData = [
    // byKey: SHA-1 of the responder's public key, the same for every delegated certificate
    encodeExplicit(2, encodeOctetString(computeKeyIdentifier(key.spki))),
    encodeGeneralizedTime(input.now),
    encodeSequence(...input.certIds.map((certId) => encodeSingleResponse(input, certId))),
  ];
  if (input.nonce) {
    responseData.push(encodeExplicit(1, encodeSequence(encodeExtension(OID.ocspNonce, false, input.nonce))));
  }
  const tbsResponseData = encodeSequence(...responseData);
  const basic = encodeSequence(
    tbsResponseData,
    encodeSignatureAlgorithm(key.algorithm),
    encodeBitString(signWithKey(key, tbsResponseData)),
    encodeExplicit(0, encodeSequence(responderCertificate)),
  );
  return encodeSequence(
    encodeEnumerated(OcspResponseStatus.successful),
    encodeExplicit(0, encodeSequence(encodeObjectIdentifier(OID.ocspBasic), encodeOctetString(basic))),
  );
}
