// The OCSP responder (RFC 6960): parses an OCSPRequest, answers good / revoked / unknown for the
// certificates of our authorities, and signs with the delegated responder certificate of the
// authority asked about.

import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
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

export interface ParsedOcspRequest {
  certIds: CertId[];
  nonce?: Uint8Array;
}

/**
 * OCSPRequest ::= SEQUENCE { tbsRequest TBSRequest, optionalSignature [0] EXPLICIT Signature OPTIONAL }
 * TBSRequest ::= SEQUENCE { version [0] EXPLICIT Version DEFAULT v1, requestorName [1] EXPLICIT GeneralName OPTIONAL,
 *   requestList SEQUENCE OF Request, requestExtensions [2] EXPLICIT Extensions OPTIONAL }
 * Request ::= SEQUENCE { reqCert CertID, singleRequestExtensions [0] EXPLICIT Extensions OPTIONAL }
 */
export function parseOcspRequest(der: Uint8Array): ParsedOcspRequest | undefined {
  try {
    const request = pkijs.OCSPRequest.fromBER(der);
    const certIds = request.tbsRequest.requestList.map(({ reqCert }) => ({
      hashAlgorithm: reqCert.hashAlgorithm.algorithmId,
      hasNullParameters: reqCert.hashAlgorithm.algorithmParams instanceof asn1js.Null,
      issuerNameHash: new Uint8Array(reqCert.issuerNameHash.valueBlock.valueHexView),
      issuerKeyHash: new Uint8Array(reqCert.issuerKeyHash.valueBlock.valueHexView),
      serial: new Uint8Array(reqCert.serialNumber.valueBlock.valueHexView),
    }));
    const nonce = request.tbsRequest.requestExtensions?.find(
      (extension) => extension.extnID === OID.ocspNonce,
    );
    return {
      certIds,
      nonce: nonce ? new Uint8Array(nonce.extnValue.valueBlock.valueHexView) : undefined,
    };
  } catch {
    return undefined;
  }
}

/**
 * Answers an OCSPRequest. A response is signed under one authority's delegated responder
 * certificate, so it answers for that authority's CertIDs only; others in the same request are
 * left out (clients ask about one certificate at a time in practice).
 */
export function respondOcspRequest(
  hierarchy: Hierarchy,
  revocations: readonly Revocation[],
  now: Date,
  der: Uint8Array,
): Uint8Array {
  const parsed = parseOcspRequest(der);
  if (!parsed || parsed.certIds.length === 0) return encodeOcspFailure(OcspResponseStatus.malformedRequest);
  const matched = parsed.certIds.map((certId) => ({ certId, authority: findAuthority(hierarchy, certId) }));
  const authority = matched.find((entry) => entry.authority)?.authority;
  // RFC 6960 2.3: "unauthorized" when the responder is not authoritative for the certificates asked about
  if (!authority) return encodeOcspFailure(OcspResponseStatus.unauthorized);
  const certIds = matched.filter((entry) => entry.authority === authority).map((entry) => entry.certId);
  return buildOcspResponse({ hierarchy, authority, certIds, revocations, now, nonce: parsed.nonce });
}
