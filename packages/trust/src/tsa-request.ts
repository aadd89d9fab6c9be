// Reading an RFC 3161 TimeStampReq from an HTTP client and answering it with a TimeStampResp.
// Apart from tsa.ts because parsing uses pkijs, which costs about 0.1 s of CPU to load: the
// trust services import this module when a request arrives, so a command that only signs
// (pades asks for tokens directly) never loads it.

import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { encodeBitString, encodeInteger, encodeSequence, encodeUtf8String } from './der.js';
import { TSA_POLICY_OID } from './oids.js';
import { HASH_LENGTHS, createTimeStampToken } from './tsa.js';
import type { TimeStampAuthority, TimeStampRequestFields } from './tsa.js';

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
