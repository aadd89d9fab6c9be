// The RFC 3161 time-stamp authority: TSTInfo inside a SignedData signed by the TSA key, for
// pades (signature and document time stamps); tsa-request.ts answers HTTP clients' TimeStampReq.

import { readCertificateFields } from './certificate.js';
import { buildSignedData } from './cms.js';
import {
  encodeExplicit,
  encodeGeneralizedTime,
  encodeInteger,
  encodeNull,
  encodeObjectIdentifier,
  encodeOctetString,
  encodeSequence,
  encodeTlv,
} from './der.js';
import type { KeyPair } from './keys.js';
import { OID, TSA_POLICY_OID } from './oids.js';
import { mintRandomSerial } from './serials.js';

export interface TimeStampAuthority {
  certificate: Uint8Array;
  key: KeyPair;
  now(): Date;
}

export const HASH_LENGTHS: Record<string, number> = {
  [OID.sha256]: 32,
  [OID.sha384]: 48,
  [OID.sha512]: 64,
};

export interface TimeStampRequestFields {
  /** the request's MessageImprint.hashAlgorithm, re-encoded */
  hashAlgorithm: string;
  hashAlgorithmHasNullParameters: boolean;
  hashedMessage: Uint8Array;
  nonce?: Uint8Array;
  isCertificateRequested: boolean;
}

/**
 * TSTInfo ::= SEQUENCE { version INTEGER { v1(1) }, policy TSAPolicyId, messageImprint MessageImprint,
 *   serialNumber INTEGER, genTime GeneralizedTime, accuracy Accuracy OPTIONAL,
 *   ordering BOOLEAN DEFAULT FALSE, nonce INTEGER OPTIONAL, tsa [0] GeneralName OPTIONAL,
 *   extensions [1] IMPLICIT Extensions OPTIONAL }
 * MessageImprint ::= SEQUENCE { hashAlgorithm AlgorithmIdentifier, hashedMessage OCTET STRING }
 * Accuracy ::= SEQUENCE { seconds INTEGER OPTIONAL, millis [0] INTEGER (1..999) OPTIONAL, micros [1] ... }
 */
export function encodeTstInfo(authority: TimeStampAuthority, request: TimeStampRequestFields): Uint8Array {
  const algorithm = request.hashAlgorithmHasNullParameters
    ? encodeSequence(encodeObjectIdentifier(request.hashAlgorithm), encodeNull())
    : encodeSequence(encodeObjectIdentifier(request.hashAlgorithm));
  const parts = [
    encodeInteger(1),
    encodeObjectIdentifier(TSA_POLICY_OID),
    encodeSequence(algorithm, encodeOctetString(request.hashedMessage)),
    encodeInteger(mintRandomSerial()),
    encodeGeneralizedTime(authority.now()),
    // genTime is truncated to whole seconds, so the time is accurate to one second
    encodeSequence(encodeInteger(1)),
  ];
  if (request.nonce) parts.push(encodeInteger(request.nonce));
  // tsa [0] GeneralName, directoryName [4] Name: both tags explicit because GeneralName and Name are CHOICEs
  parts.push(encodeExplicit(0, encodeTlv(0xa4, readCertificateFields(authority.certificate).subject)));
  return encodeSequence(...parts);
}

/** TimeStampToken ::= ContentInfo, contentType id-signedData, eContentType id-ct-TSTInfo (RFC 3161 2.4.2). */
export function createTimeStampToken(
  authority: TimeStampAuthority,
  request: TimeStampRequestFields,
): Uint8Array {
  return buildSignedData({
    contentType: OID.ctTstInfo,
    content: encodeTstInfo(authority, request),
    signerCertificate: authority.certificate,
    key: authority.key,
    certificates: request.isCertificateRequested ? [authority.certificate] : [],
  });
}
