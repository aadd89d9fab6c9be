// Reads a CMS SignedData (RFC 5652) from a PDF's /Contents into plain values for validation,
// keeping the received bytes of everything a signature or hash is computed over. BER is
// accepted (poppler/NSS and OpenSSL streaming use indefinite lengths and segmented strings);
// the walk is shallow: certificates, CRLs and attribute values are sliced, not decoded.

import {
  copyBerTlv,
  decodeObjectIdentifier,
  isConstructed,
  readBerChildren,
  readBerOctets,
  readBerTlv,
} from './der.js';
import type { BerTlv } from './der.js';
import { OID } from './oids.js';

export interface ParsedAttribute {
  type: string;
  /** each AttributeValue's encoding */
  values: Uint8Array[];
}

export type SignerIdentifier =
  | { kind: 'issuerAndSerialNumber'; issuer: Uint8Array; serialNumber: Uint8Array }
  | { kind: 'subjectKeyIdentifier'; keyIdentifier: Uint8Array };

export interface ParsedSignerInfo {
  sid: SignerIdentifier;
  digestAlgorithm: string;
  signatureAlgorithm: string;
  /** parameters of the signature AlgorithmIdentifier, when present (RSASSA-PSS needs them) */
  signatureAlgorithmParameters?: Uint8Array;
  signature: Uint8Array;
  /** the signed attributes re-tagged as SET: the bytes the signature value covers */
  signedAttributesDer?: Uint8Array;
  signedAttributes: ParsedAttribute[];
  unsignedAttributes: ParsedAttribute[];
}

export interface ParsedSignedData {
  version: number;
  eContentType: string;
  /** present for encapsulated content (time-stamp tokens carry TSTInfo here) */
  eContent?: Uint8Array;
  certificates: Uint8Array[];
  /** CertificateList entries of the crls field */
  crls: Uint8Array[];
  signerInfos: ParsedSignerInfo[];
}

export class CmsFormatError extends Error {
  override name = 'CmsFormatError';
}

/** The BER values of one CMS; every read below takes its bytes from here. */
export class BerReader {
  constructor(readonly bytes: Uint8Array) {}

  children(tlv: BerTlv | undefined, what: string): BerTlv[] {
    if (!tlv || !isConstructed(tlv)) throw new CmsFormatError(`${what}: expected a constructed value`);
    return readBerChildren(this.bytes, tlv);
  }

  raw(tlv: BerTlv): Uint8Array {
    return copyBerTlv(this.bytes, tlv);
  }

  oid(tlv: BerTlv | undefined, what: string): string {
    if (tlv?.tag !== 0x06) throw new CmsFormatError(`${what}: expected an OID`);
    return decodeObjectIdentifier(this.bytes.subarray(tlv.start, tlv.end));
  }

  octets(tlv: BerTlv | undefined, what: string): Uint8Array {
    if (tlv && (tlv.tag & 0xdf) === 0x04) return readBerOctets(this.bytes, tlv);
    throw new CmsFormatError(`${what}: expected an OCTET STRING`);
  }

  /** A small INTEGER (versions); -1 when absent or not one. */
  integer(tlv: BerTlv | undefined): number {
    if (tlv?.tag !== 0x02 || tlv.end === tlv.start || tlv.end - tlv.start > 6) return -1;
    let value = this.bytes[tlv.start]! & 0x80 ? -1 : 0;
    for (let at = tlv.start; at < tlv.end; at++) value = value * 256 + this.bytes[at]!;
    return value;
  }
}

export const isContext = (tlv: BerTlv | undefined, tagNumber: number): boolean =>
  tlv !== undefined && (tlv.tag & 0xc0) === 0x80 && (tlv.tag & 0x1f) === tagNumber;

const isUniversal = (tlv: BerTlv): boolean => (tlv.tag & 0xc0) === 0;

function readAttributes(reader: BerReader, tlv: BerTlv): ParsedAttribute[] {
  return reader.children(tlv, 'attributes').map((attribute) => {
    const [type, values] = reader.children(attribute, 'Attribute');
    return {
      type: reader.oid(type, 'attrType'),
      values: reader.children(values, 'attrValues').map((value) => reader.raw(value)),
    };
  });
}

function readSignerIdentifier(reader: BerReader, tlv: BerTlv | undefined): SignerIdentifier {
  if (isContext(tlv, 0)) {
    // [0] IMPLICIT SubjectKeyIdentifier (OCTET STRING)
    return { kind: 'subjectKeyIdentifier', keyIdentifier: readBerOctets(reader.bytes, tlv!) };
  }
  const [issuer, serial] = reader.children(tlv, 'IssuerAndSerialNumber');
  if (!issuer || !serial) throw new CmsFormatError('IssuerAndSerialNumber: missing fields');
  return { kind: 'issuerAndSerialNumber', issuer: reader.raw(issuer), serialNumber: reader.raw(serial) };
}

/**
 * SignerInfo ::= SEQUENCE { version, sid, digestAlgorithm, signedAttrs [0] IMPLICIT OPTIONAL,
 *   signatureAlgorithm, signature, unsignedAttrs [1] IMPLICIT OPTIONAL }
 */
function readSignerInfo(reader: BerReader, tlv: BerTlv): ParsedSignerInfo {
  const fields = reader.children(tlv, 'SignerInfo');
  let index = 1;
  const sid = readSignerIdentifier(reader, fields[index++]);
  const digestAlgorithm = reader.oid(
    reader.children(fields[index++], 'digestAlgorithm')[0],
    'digestAlgorithm',
  );
  let signedAttributesDer: Uint8Array | undefined;
  let signedAttributes: ParsedAttribute[] = [];
  if (isContext(fields[index], 0)) {
    const signedAttrs = fields[index++]!;
    // RFC 5652 5.4: the signature covers the DER of SignedAttrs with an EXPLICIT SET OF tag
    signedAttributesDer = reader.raw(signedAttrs);
    signedAttributesDer[0] = 0x31;
    signedAttributes = readAttributes(reader, signedAttrs);
  }
  const algorithm = reader.children(fields[index++], 'signatureAlgorithm');
  const signature = reader.octets(fields[index++], 'signature');
  const unsignedAttributes = isContext(fields[index], 1) ? readAttributes(reader, fields[index]!) : [];
  const parameters = algorithm[1];
  return {
    sid,
    digestAlgorithm,
    signatureAlgorithm: reader.oid(algorithm[0], 'signatureAlgorithm'),
    ...(parameters && parameters.tag !== 0x05
      ? { signatureAlgorithmParameters: reader.raw(parameters) }
      : {}),
    signature,
    ...(signedAttributesDer ? { signedAttributesDer } : {}),
    signedAttributes,
    unsignedAttributes,
  };
}

/**
 * A BER value with indefinite lengths (poppler/NSS write CMS that way) ends in end-of-contents
 * octets, which are zeros: a reader that strips the zero padding of /Contents also strips them.
 * Putting back more than any nesting needs is harmless, since decoding stops at the outer end.
 */
export function restoreEndOfContents(contents: Uint8Array): Uint8Array {
  if (contents[1] !== 0x80) return contents;
  const restored = new Uint8Array(contents.length + 64);
  restored.set(contents);
  return restored;
}

/**
 * ContentInfo ::= SEQUENCE { contentType, content [0] EXPLICIT ANY }
 * SignedData ::= SEQUENCE { version, digestAlgorithms, encapContentInfo,
 *   certificates [0] IMPLICIT OPTIONAL, crls [1] IMPLICIT OPTIONAL, signerInfos }
 */
export function readSignedData(contents: Uint8Array): ParsedSignedData {
  try {
    return readContentInfo(new BerReader(restoreEndOfContents(contents)));
  } catch (error) {
    if (error instanceof RangeError) throw new CmsFormatError(`not BER: ${error.message}`, { cause: error });
    throw error;
  }
}

function readContentInfo(reader: BerReader): ParsedSignedData {
  const [contentType, content] = reader.children(readBerTlv(reader.bytes, 0), 'ContentInfo');
  if (reader.oid(contentType, 'contentType') !== OID.signedData) throw new CmsFormatError('not SignedData');
  const fields = reader.children(reader.children(content, 'content')[0], 'SignedData');
  const encap = reader.children(fields[2], 'EncapsulatedContentInfo');
  const eContentWrapper = encap[1];
  const eContent = eContentWrapper
    ? reader.octets(reader.children(eContentWrapper, 'eContent')[0], 'eContent')
    : undefined;
  let index = 3;
  const certificates: Uint8Array[] = [];
  const crls: Uint8Array[] = [];
  if (isContext(fields[index], 0)) {
    // only plain X.509 certificates (SEQUENCE); attribute and other certificates are skipped
    for (const choice of reader.children(fields[index++], 'certificates'))
      if (isUniversal(choice)) certificates.push(reader.raw(choice));
  }
  if (isContext(fields[index], 1)) {
    for (const choice of reader.children(fields[index++], 'crls'))
      if (isUniversal(choice)) crls.push(reader.raw(choice));
  }
  const signerInfos = reader
    .children(fields[index], 'signerInfos')
    .map((info) => readSignerInfo(reader, info));
  return {
    version: reader.integer(fields[0]),
    eContentType: reader.oid(encap[0], 'eContentType'),
    ...(eContent ? { eContent } : {}),
    certificates,
    crls,
    signerInfos,
  };
}

export function findAttribute(attributes: readonly ParsedAttribute[], type: string): Uint8Array | undefined {
  return attributes.find((attribute) => attribute.type === type)?.values[0];
}
