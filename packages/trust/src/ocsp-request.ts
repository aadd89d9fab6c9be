// Reading an OCSPRequest (RFC 6960) from an HTTP client and answering it. Apart from ocsp.ts
// because parsing uses pkijs, which costs about 0.1 s of CPU to load: the trust services import
// this module when a request arrives, so a command that only signs never loads it.

import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { Hierarchy } from './hierarchy.js';
import type { CertId } from './ocsp.js';
import { OcspResponseStatus, buildOcspResponse, encodeOcspFailure, findAuthority } from './ocsp.js';
import { OID } from './oids.js';
import type { Revocation } from './revocations.js';

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
