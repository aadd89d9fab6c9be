// The RFC 3161 time-stamp authority: TSTInfo inside a SignedData signed by the TSA key, for
// pades (signature and document time stamps) and for HTTP clients (TimeStampReq/TimeStampResp).

import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { readCertificateFields } from './certificate.js';
import { buildSignedData } from './cms.js';
import {
  encodeBitString,
  encodeExplicit,
  encodeGeneralizedTime,
  encodeInteger,
  encodeNull,
  encodeObjectIdentifier,
  encodeOctetString,
  encodeSequence,
  encodeTlv,
  encodeUtf8String,
} from './der.js';
import type { KeyPair } from './keys.js';
import { OID, TSA_POLICY_OID } from './oids.js';
import { mintRandomSerial } from './serials.js';

export interface TimeStampAuthority {
  certificate: Uint8Array;
  key: KeyPair;
  now(): Date;
}

const HASH_LENGTHS: Record<string, number> = {
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

// PKIStatus (RFC 3161 2.4.2) and the PKIFailureInfo bits this TSA reports.
const GRANTED = 0;
const REJECTION = 2;
const FAILURE_BITS = { badAlg: 0, badRequest: 2, badDataFormat: 5, unacceptedPolicy: 15 } as const;
type FailureInfo = keyof typeof FAILURE_BITS;

/**
 * PKIStatusInfo ::= SEQUENCE { status PKIStatus, statusString PKIFreeText OPTIONAL, failInfo PKIFailureInfo OPTIONAL }
 * PKIFailureInfo ::= BIT STRING { badAlg (0), badRequest (2), badDataFormat (5), ..., unacceptedPolicy (15), ... }
 */
function encodeRejection(failure: FailureInfo, text: string): Uint8Array {
  const bit = FAILURE_BITS[failure];
  const bytes = new Uint8Array(Math.floor(bit / 8) + 1);
  bytes[bytes.length - 1] = 0x80 >> (bit % 8);
  return encodeSequence(
    encodeSequence(
      encodeInteger(REJECTION),
      encodeSequence(encodeUtf8String(text)),
      encodeBitString(bytes, 7 - (bit % 8)),
    ),
  );
}

type ParsedRequest = { fields: TimeStampRequestFields } | { failure: FailureInfo; text: string };

/**
 * TimeStampReq ::= SEQUENCE { version INTEGER { v1(1) }, messageImprint MessageImprint,
 *   reqPolicy TSAPolicyId OPTIONAL, nonce INTEGER OPTIONAL, certReq BOOLEAN DEFAULT FALSE,
 *   extensions [0] IMPLICIT Extensions OPTIONAL }
 */
export function parseTimeStampRequest(der: Uint8Array): ParsedRequest {
  let request: pkijs.TimeStampReq;
  try {
    request = pkijs.TimeStampReq.fromBER(der);
  } catch {
    return { failure: 'badDataFormat', text: 'the request is not a DER TimeStampReq' };
  }
  if (request.version !== 1) return { failure: 'badRequest', text: 'unsupported TimeStampReq version' };
  if (request.extensions?.length)
    return { failure: 'badRequest', text: 'no request extensions are supported' };
  if (request.reqPolicy && request.reqPolicy !== TSA_POLICY_OID) {
    return { failure: 'unacceptedPolicy', text: `this TSA only issues under policy ${TSA_POLICY_OID}` };
  }
  const { hashAlgorithm, hashedMessage } = request.messageImprint;
  const hashedBytes = new Uint8Array(hashedMessage.valueBlock.valueHexView);
  const expectedLength = HASH_LENGTHS[hashAlgorithm.algorithmId];
  if (expectedLength === undefined) return { failure: 'badAlg', text: 'use SHA-256, SHA-384 or SHA-512' };
  if (hashedBytes.length !== expectedLength) {
    return { failure: 'badDataFormat', text: 'the hashed message does not fit the hash algorithm' };
  }
  return {
    fields: {
      hashAlgorithm: hashAlgorithm.algorithmId,
      hashAlgorithmHasNullParameters: hashAlgorithm.algorithmParams instanceof asn1js.Null,
      hashedMessage: hashedBytes,
      nonce: request.nonce ? new Uint8Array(request.nonce.valueBlock.valueHexView) : undefined,
      // RFC 3161 2.4.1: the certificate is included only when certReq asks for it
      isCertificateRequested: request.certReq === true,
    },
  };
}

/** TimeStampResp ::= SEQUENCE { status PKIStatusInfo, timeStampToken TimeStampToken OPTIONAL } */
export function respondTimeStampRequest(authority: TimeStampAuthority, der: Uint8Array): Uint8Array {
  const parsed = parseTimeStampRequest(der);
  if ('failure' in parsed) return encodeRejection(parsed.failure, parsed.text);
  return encodeSequence(
    encodeSequence(encodeInteger(GRANTED)),
    createTimeStampToken(authority, parsed.fields),
  );
}
