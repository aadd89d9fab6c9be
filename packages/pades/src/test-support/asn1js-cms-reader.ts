// The CMS reader as it was before the shallow BER walk: asn1js decodes the whole CMS. Tests
// compare the two on real signatures from several producers, so the faster reader must agree.

import * as asn1js from 'asn1js';
import { CmsFormatError, restoreEndOfContents } from '../cms-reader.js';
import type { ParsedAttribute, ParsedSignedData, ParsedSignerInfo, SignerIdentifier } from '../cms-reader.js';
import { OID } from '../oids.js';

type Block = asn1js.AsnType;

function children(block: Block | undefined, what: string): Block[] {
  const value = (block as asn1js.Constructed | undefined)?.valueBlock?.value;
  if (!Array.isArray(value)) throw new CmsFormatError(`${what}: expected a constructed value`);
  return value;
}

function rawOf(block: Block): Uint8Array {
  return Uint8Array.from(block.valueBeforeDecodeView);
}

function readOid(block: Block | undefined, what: string): string {
  if (!(block instanceof asn1js.ObjectIdentifier)) throw new CmsFormatError(`${what}: expected an OID`);
  return block.getValue();
}

function readOctets(block: Block | undefined, what: string): Uint8Array {
  if (block instanceof asn1js.OctetString) return new Uint8Array(block.getValue());
  throw new CmsFormatError(`${what}: expected an OCTET STRING`);
}

function readInteger(block: Block | undefined): number {
  return block instanceof asn1js.Integer ? block.valueBlock.valueDec : -1;
}

const isContext = (block: Block | undefined, tagNumber: number): boolean =>
  block?.idBlock.tagClass === 3 && block.idBlock.tagNumber === tagNumber;

function readAttributes(block: Block): ParsedAttribute[] {
  return children(block, 'attributes').map((attribute) => {
    const [type, values] = children(attribute, 'Attribute');
    return { type: readOid(type, 'attrType'), values: children(values, 'attrValues').map(rawOf) };
  });
}

function readSignerIdentifier(block: Block | undefined): SignerIdentifier {
  if (isContext(block, 0)) {
    // [0] IMPLICIT SubjectKeyIdentifier (OCTET STRING)
    const view = (block as asn1js.Primitive).valueBlock.valueHexView;
    return { kind: 'subjectKeyIdentifier', keyIdentifier: Uint8Array.from(view) };
  }
  const [issuer, serial] = children(block, 'IssuerAndSerialNumber');
  if (!issuer || !serial) throw new CmsFormatError('IssuerAndSerialNumber: missing fields');
  return { kind: 'issuerAndSerialNumber', issuer: rawOf(issuer), serialNumber: rawOf(serial) };
}

/**
 * SignerInfo ::= SEQUENCE { version, sid, digestAlgorithm, signedAttrs [0] IMPLICIT OPTIONAL,
 *   signatureAlgorithm, signature, unsignedAttrs [1] IMPLICIT OPTIONAL }
 */
function readSignerInfo(block: Block): ParsedSignerInfo {
  const fields = children(block, 'SignerInfo');
  let index = 1;
  const sid = readSignerIdentifier(fields[index++]);
  const digestAlgorithm = readOid(children(fields[index++], 'digestAlgorithm')[0], 'digestAlgorithm');
  let signedAttributesDer: Uint8Array | undefined;
  let signedAttributes: ParsedAttribute[] = [];
  if (isContext(fields[index], 0)) {
    const signedAttrs = fields[index++]!;
    // RFC 5652 5.4: the signature covers the DER of SignedAttrs with an EXPLICIT SET OF tag
    signedAttributesDer = rawOf(signedAttrs);
    signedAttributesDer[0] = 0x31;
    signedAttributes = readAttributes(signedAttrs);
  }
  const algorithm = children(fields[index++], 'signatureAlgorithm');
  const signature = readOctets(fields[index++], 'signature');
  const unsignedAttributes = isContext(fields[index], 1) ? readAttributes(fields[index]!) : [];
  const parameters = algorithm[1];
  return {
    sid,
    digestAlgorithm,
    signatureAlgorithm: readOid(algorithm[0], 'signatureAlgorithm'),
    ...(parameters && !(parameters instanceof asn1js.Null)
      ? { signatureAlgorithmParameters: rawOf(parameters) }
      : {}),
    signature,
    ...(signedAttributesDer ? { signedAttributesDer } : {}),
    signedAttributes,
    unsignedAttributes,
  };
}

export function readSignedDataWithAsn1js(contents: Uint8Array): ParsedSignedData {
  const decoded = asn1js.fromBER(restoreEndOfContents(contents));
  if (decoded.offset === -1) throw new CmsFormatError(`not BER: ${decoded.result.error}`);
  const [contentType, content] = children(decoded.result, 'ContentInfo');
  if (readOid(contentType, 'contentType') !== OID.signedData) throw new CmsFormatError('not SignedData');
  const fields = children(children(content, 'content')[0], 'SignedData');
  const encap = children(fields[2], 'EncapsulatedContentInfo');
  const eContentWrapper = encap[1];
  const eContent = eContentWrapper
    ? readOctets(children(eContentWrapper, 'eContent')[0], 'eContent')
    : undefined;
  let index = 3;
  const certificates: Uint8Array[] = [];
  const crls: Uint8Array[] = [];
  if (isContext(fields[index], 0)) {
    // only plain X.509 certificates (SEQUENCE); attribute and other certificates are skipped
    for (const choice of children(fields[index++], 'certificates'))
      if (choice.idBlock.tagClass === 1) certificates.push(rawOf(choice));
  }
  if (isContext(fields[index], 1)) {
    for (const choice of children(fields[index++], 'crls'))
      if (choice.idBlock.tagClass === 1) crls.push(rawOf(choice));
  }
  const signerInfos = children(fields[index], 'signerInfos').map(readSignerInfo);
  return {
    version: readInteger(fields[0]),
    eContentType: readOid(encap[0], 'eContentType'),
    ...(eContent ? { eContent } : {}),
    certificates,
    crls,
    signerInfos,
  };
}
