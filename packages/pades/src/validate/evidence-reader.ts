// OCSP responses (RFC 6960 4.2.1), CRLs (RFC 5280 5.1) and time-stamp TSTInfo (RFC 3161 2.4.2)
// read into plain values by a shallow BER walk: what the validator asks of them (whom they answer
// for, what they say, the signed bytes and the signature; what a time-stamp imprints, and when)
// and nothing else. A full decoder (pkijs) builds an object for every field of every certificate
// and extension inside, which made reading a fresh OCSP response the largest single cost of
// validating one of our own signatures.

import { BerReader, isContext } from '../cms-reader.js';
import { readBerTlv, type BerTlv } from '../der.js';
import { OID } from '../oids.js';

/** The signed part of a response or list and the signature over it. */
export interface SignedEvidence {
  /** the encoding the signature covers, as received */
  tbs: Uint8Array;
  signatureAlgorithm: string;
  /** parameters of the signature AlgorithmIdentifier, when present (RSASSA-PSS needs them) */
  signatureAlgorithmParameters?: Uint8Array;
  signature: Uint8Array;
}

export type CertificateStatus = 'good' | 'revoked' | 'unknown';

export interface OcspSingleResponse {
  /** CertID: the digest algorithm of the two hashes, the hashes, the serial number's octets */
  hashAlgorithm: string;
  issuerNameHash: Uint8Array;
  issuerKeyHash: Uint8Array;
  serialNumber: Uint8Array;
  status: CertificateStatus;
  revocationTime?: Date;
}

export interface OcspEvidence extends SignedEvidence {
  producedAt: Date;
  responses: OcspSingleResponse[];
  /** the certificates the response carries (a delegated responder's, usually) */
  certificates: Uint8Array[];
}

export interface CrlEvidence extends SignedEvidence {
  thisUpdate: Date;
  /** the revoked serial numbers' octets, in hex, with when each was revoked */
  revoked: ReadonlyMap<string, Date>;
}

const UTC_TIME = 0x17;
const GENERALIZED_TIME = 0x18;
const TIME_FORMS: Record<number, RegExp> = {
  [UTC_TIME]: /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?Z$/,
  [GENERALIZED_TIME]: /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?(?:[.,](\d+))?Z$/,
};

/** UTCTime or GeneralizedTime in UTC, the only forms RFC 5280 and RFC 6960 allow. */
export function readTime(reader: BerReader, tlv: BerTlv | undefined): Date {
  const form = tlv && TIME_FORMS[tlv.tag];
  const text = tlv && Buffer.from(reader.bytes.subarray(tlv.start, tlv.end)).toString('latin1');
  const parts = form && text ? form.exec(text) : null;
  if (!parts) throw new RangeError('expected a UTC time');
  const [, yearText, month, day, hour, minute, second = '0', fraction = ''] = parts;
  let year = Number(yearText);
  if (tlv!.tag === UTC_TIME) year += year >= 50 ? 1900 : 2000; // RFC 5280 4.1.2.5.1
  const milliseconds = Number(`0.${fraction || '0'}`) * 1000;
  return new Date(
    Date.UTC(
      year,
      Number(month) - 1,
      Number(day),
      Number(hour),
      Number(minute),
      Number(second),
      milliseconds,
    ),
  );
}

/** A BIT STRING holding whole octets (signatures always do). */
function readBitString(reader: BerReader, tlv: BerTlv | undefined): Uint8Array {
  if (tlv?.tag !== 0x03 || tlv.end === tlv.start || reader.bytes[tlv.start] !== 0)
    throw new RangeError('expected a BIT STRING of whole octets');
  return reader.bytes.slice(tlv.start + 1, tlv.end);
}

const contentOf = (reader: BerReader, tlv: BerTlv | undefined, tag: number): Uint8Array => {
  if (tlv?.tag !== tag) throw new RangeError(`expected tag ${tag}`);
  return reader.bytes.slice(tlv.start, tlv.end);
};

/** tbs, AlgorithmIdentifier, BIT STRING: the tail both structures share. */
function readSigned(
  reader: BerReader,
  [tbs, algorithm, signature]: BerTlv[],
  what: string,
): SignedEvidence & { tbsTlv: BerTlv } {
  if (!tbs) throw new RangeError(`${what}: empty`);
  const [oid, parameters] = reader.children(algorithm, 'signatureAlgorithm');
  return {
    tbsTlv: tbs,
    tbs: reader.raw(tbs),
    signatureAlgorithm: reader.oid(oid, 'signatureAlgorithm'),
    ...(parameters && parameters.tag !== 0x05
      ? { signatureAlgorithmParameters: reader.raw(parameters) }
      : {}),
    signature: readBitString(reader, signature),
  };
}

/**
 * CertStatus ::= CHOICE { good [0] IMPLICIT NULL, revoked [1] IMPLICIT RevokedInfo,
 * unknown [2] IMPLICIT UnknownInfo }; RevokedInfo ::= SEQUENCE { revocationTime GeneralizedTime, ... }
 */
function readStatus(
  reader: BerReader,
  tlv: BerTlv | undefined,
): Pick<OcspSingleResponse, 'status' | 'revocationTime'> {
  if (isContext(tlv, 0)) return { status: 'good' };
  if (isContext(tlv, 1)) {
    const [time] = reader.children(tlv, 'RevokedInfo');
    return { status: 'revoked', revocationTime: readTime(reader, time) };
  }
  return { status: 'unknown' };
}

/**
 * OCSPResponse ::= SEQUENCE { responseStatus, responseBytes [0] EXPLICIT SEQUENCE { responseType,
 * response OCTET STRING } OPTIONAL }, the response being a BasicOCSPResponse ::= SEQUENCE {
 * tbsResponseData, signatureAlgorithm, signature BIT STRING, certs [0] EXPLICIT SEQUENCE OF Certificate OPTIONAL }.
 * Throws (RangeError or CmsFormatError) when it is anything else.
 */
export function readOcspResponse(der: Uint8Array): OcspEvidence {
  const outer = new BerReader(der);
  const [, responseBytes] = outer.children(readBerTlv(der, 0), 'OCSPResponse');
  if (!isContext(responseBytes, 0)) throw new RangeError('OCSP response without a response');
  const [type, octets] = outer.children(outer.children(responseBytes, 'responseBytes')[0], 'ResponseBytes');
  if (outer.oid(type, 'responseType') !== OID.ocspBasic) throw new RangeError('not a basic OCSP response');
  const reader = new BerReader(outer.octets(octets, 'response'));
  const fields = reader.children(readBerTlv(reader.bytes, 0), 'BasicOCSPResponse');
  const { tbsTlv, ...signed } = readSigned(reader, fields, 'BasicOCSPResponse');
  const certificates = isContext(fields[3], 0)
    ? reader
        .children(reader.children(fields[3], 'certs')[0], 'certs')
        .map((certificate) => reader.raw(certificate))
    : [];

  // ResponseData ::= SEQUENCE { version [0] EXPLICIT DEFAULT v1, responderID, producedAt, responses, ... }
  const data = reader.children(tbsTlv, 'ResponseData');
  const index = isContext(data[0], 0) ? 2 : 1;
  const responses = reader.children(data[index + 1], 'responses').map((single): OcspSingleResponse => {
    const [certId, status] = reader.children(single, 'SingleResponse');
    const [algorithm, nameHash, keyHash, serial] = reader.children(certId, 'CertID');
    return {
      hashAlgorithm: reader.oid(reader.children(algorithm, 'hashAlgorithm')[0], 'hashAlgorithm'),
      issuerNameHash: reader.octets(nameHash, 'issuerNameHash'),
      issuerKeyHash: reader.octets(keyHash, 'issuerKeyHash'),
      serialNumber: contentOf(reader, serial, 0x02),
      ...readStatus(reader, status),
    };
  });
  return { ...signed, producedAt: readTime(reader, data[index]), responses, certificates };
}

/**
 * CertificateList ::= SEQUENCE { tbsCertList, signatureAlgorithm, signatureValue BIT STRING } with
 * TBSCertList ::= SEQUENCE { version INTEGER OPTIONAL, signature, issuer, thisUpdate, nextUpdate OPTIONAL,
 * revokedCertificates SEQUENCE OF SEQUENCE { userCertificate, revocationDate, ... } OPTIONAL, crlExtensions [0] OPTIONAL }.
 */
export function readCrl(der: Uint8Array): CrlEvidence {
  const reader = new BerReader(der);
  const { tbsTlv, ...signed } = readSigned(
    reader,
    reader.children(readBerTlv(der, 0), 'CertificateList'),
    'CertificateList',
  );
  const fields = reader.children(tbsTlv, 'TBSCertList');
  let index = fields[0]?.tag === 0x02 ? 3 : 2;
  const thisUpdate = readTime(reader, fields[index++]);
  if (fields[index]?.tag === UTC_TIME || fields[index]?.tag === GENERALIZED_TIME) index++;
  const revoked = new Map<string, Date>();
  if (fields[index]?.tag === 0x30) {
    for (const entry of reader.children(fields[index], 'revokedCertificates')) {
      const [serial, date] = reader.children(entry, 'revokedCertificate');
      revoked.set(Buffer.from(contentOf(reader, serial, 0x02)).toString('hex'), readTime(reader, date));
    }
  }
  return { ...signed, thisUpdate, revoked };
}

export interface TstInfo {
  /** messageImprint: the digest algorithm and the digest of the time-stamped data */
  hashAlgorithm: string;
  hashedMessage: Uint8Array;
  genTime: Date;
}

/**
 * TSTInfo ::= SEQUENCE { version INTEGER, policy, messageImprint SEQUENCE { hashAlgorithm,
 * hashedMessage OCTET STRING }, serialNumber INTEGER, genTime GeneralizedTime, ... }
 */
export function readTstInfo(der: Uint8Array): TstInfo {
  const reader = new BerReader(der);
  const [version, , imprint, , genTime] = reader.children(readBerTlv(der, 0), 'TSTInfo');
  if (reader.integer(version) !== 1) throw new RangeError('TSTInfo: unknown version');
  const [algorithm, hashed] = reader.children(imprint, 'messageImprint');
  return {
    hashAlgorithm: reader.oid(reader.children(algorithm, 'hashAlgorithm')[0], 'hashAlgorithm'),
    hashedMessage: reader.octets(hashed, 'hashedMessage'),
    genTime: readTime(reader, genTime),
  };
}
