// Checks one SignerInfo of a SignedData against the data it claims to sign: the message-digest
// attribute, the signature value under the signer's key, and the ESS signing-certificate
// reference that binds the signature to that certificate (RFC 5652 5.4-5.6, RFC 5035).

import { createHash, createVerify, constants } from 'node:crypto';
import type { Hash, KeyObject } from 'node:crypto';
import { BerReader, findAttribute, isContext } from '../cms-reader.js';
import type { ParsedSignedData, ParsedSignerInfo } from '../cms-reader.js';
import { readBerTlv } from '../der.js';
import { findDigestName, findSignatureDigest, OID } from '../oids.js';
import type { DigestName } from '../oids.js';
import { isSameBytes } from './certificate-pool.js';
import type { CertificatePool, PoolCertificate } from './certificate-pool.js';
import { readTime as readBerTime } from './evidence-reader.js';

const RSASSA_PSS = '1.2.840.113549.1.1.10';

export interface SignerInfoCheck {
  signer?: PoolCertificate;
  digestName?: DigestName;
  /** the message-digest attribute equals the digest of the content (true when there are no signed attributes and the signature covers the content itself) */
  isDigestValid: boolean;
  isSignatureValid: boolean;
  hasSigningCertificateReference: boolean;
  isSigningCertificateReferenceValid: boolean;
  hasSigningTimeAttribute: boolean;
  signingTimeAttribute?: Date;
  problems: string[];
}

export function digestChunks(name: DigestName, chunks: readonly Uint8Array[]): Uint8Array {
  const hash = createHash(name);
  for (const chunk of chunks) hash.update(chunk);
  return hash.digest();
}

/** Digests the concatenation of some chunks (digestChunks, or a faster one that agrees with it). */
export type Digester = (name: DigestName, chunks: readonly Uint8Array[]) => Uint8Array;

/**
 * A digester for the signed byte ranges of one file (ISO 32000-1 12.8.1). Each range's first
 * part runs from the file's first byte to its /Contents gap, so the ranges of later revisions
 * start with the whole first part of the earlier ones. On the first digest with an algorithm,
 * the file is hashed once up to each gap in `gaps`, in order, keeping a copy of the running
 * state there; a range continues from the copy at its gap. A document with a signature and a
 * document time-stamp is hashed about once instead of twice. Chunks that are not such a range
 * are digested as digestChunks does.
 */
export function byteRangeDigester(bytes: Uint8Array, gaps: readonly number[]): Digester {
  const statesByName = new Map<DigestName, Map<number, Hash>>();
  const statesFor = (name: DigestName): Map<number, Hash> => {
    let states = statesByName.get(name);
    if (!states) {
      states = new Map();
      const hash = createHash(name);
      let at = 0;
      for (const gap of [...new Set(gaps)].sort((a, b) => a - b)) {
        if (gap > bytes.length) break;
        hash.update(bytes.subarray(at, gap));
        at = gap;
        states.set(gap, hash.copy());
      }
      statesByName.set(name, states);
    }
    return states;
  };
  return (name, chunks) => {
    const [first, ...rest] = chunks;
    const fromFileStart =
      first !== undefined && first.buffer === bytes.buffer && first.byteOffset === bytes.byteOffset;
    const state = fromFileStart ? statesFor(name).get(first.length) : undefined;
    if (!state) return digestChunks(name, chunks);
    const hash = state.copy();
    for (const chunk of rest) hash.update(chunk);
    return hash.digest();
  };
}

export function findSigner(info: ParsedSignerInfo, pool: CertificatePool): PoolCertificate | undefined {
  if (info.sid.kind === 'issuerAndSerialNumber')
    return pool.findByIssuerAndSerial(info.sid.issuer, info.sid.serialNumber);
  const { keyIdentifier } = info.sid;
  // RFC 5280 4.2.1.2 method (1), SHA-1 of the subjectPublicKey bits, is what every CA we met
  // uses; a certificate with another SKI method would not be found this way.
  return pool
    .all()
    .find((entry) =>
      isSameBytes(createHash('sha1').update(entry.fields.subjectPublicKey).digest(), keyIdentifier),
    );
}

/**
 * RSASSA-PSS-params ::= SEQUENCE { hashAlgorithm [0], maskGenAlgorithm [1], saltLength [2] INTEGER
 * DEFAULT 20, ... } (RFC 8017 A.2.3). Malformed parameters throw; the caller counts that as a
 * signature that does not verify.
 */
function readPssParameters(parameters: Uint8Array | undefined): { hash: DigestName; saltLength: number } {
  let hash: DigestName = 'sha1';
  let saltLength = 20;
  if (!parameters) return { hash, saltLength };
  const reader = new BerReader(parameters);
  for (const field of reader.children(readBerTlv(parameters, 0), 'RSASSA-PSS-params')) {
    const [inner] = reader.children(field, 'RSASSA-PSS-params field');
    if (isContext(field, 0) && inner?.tag === 0x30) {
      const [oid] = reader.children(inner, 'hashAlgorithm');
      hash = findDigestName(reader.oid(oid, 'hashAlgorithm')) ?? hash;
    } else if (isContext(field, 2) && reader.integer(inner) >= 0) saltLength = reader.integer(inner);
  }
  return { hash, saltLength };
}

/** Verifies a CMS signature value over `chunks` with the algorithm the SignerInfo names. */
export function verifySignatureValue(
  info: Pick<
    ParsedSignerInfo,
    'signatureAlgorithm' | 'signatureAlgorithmParameters' | 'digestAlgorithm' | 'signature'
  >,
  chunks: readonly Uint8Array[],
  publicKey: KeyObject,
): boolean {
  try {
    if (info.signatureAlgorithm === RSASSA_PSS) {
      const { hash, saltLength } = readPssParameters(info.signatureAlgorithmParameters);
      const verifier = createVerify(hash);
      for (const chunk of chunks) verifier.update(chunk);
      return verifier.verify(
        { key: publicKey, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength },
        info.signature,
      );
    }
    // rsaEncryption / id-ecPublicKey as "signature algorithm" take the hash from digestAlgorithm
    const hash = findSignatureDigest(info.signatureAlgorithm) ?? findDigestName(info.digestAlgorithm);
    if (!hash) return false;
    const verifier = createVerify(hash);
    for (const chunk of chunks) verifier.update(chunk);
    return verifier.verify({ key: publicKey, dsaEncoding: 'der' }, info.signature);
  } catch {
    return false;
  }
}

/** The octets of a DER OCTET STRING; undefined when `der` is something else. */
function readOctetString(der: Uint8Array): Uint8Array | undefined {
  try {
    const tlv = readBerTlv(der, 0);
    return tlv.tag === 0x04 ? new BerReader(der).octets(tlv, 'OCTET STRING') : undefined;
  } catch {
    return undefined;
  }
}

function readTime(der: Uint8Array): Date | undefined {
  try {
    return readBerTime(new BerReader(der), readBerTlv(der, 0));
  } catch {
    return undefined;
  }
}

/**
 * SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2, ... } with ESSCertIDv2 ::=
 * SEQUENCE { hashAlgorithm DEFAULT sha256, certHash, issuerSerial OPTIONAL }; SigningCertificate
 * (v1) has ESSCertID ::= SEQUENCE { certHash (SHA-1), issuerSerial OPTIONAL }. The first entry
 * names the signing certificate (RFC 5035 3, RFC 2634 5.4).
 */
function checkSigningCertificateReference(
  value: Uint8Array,
  isV2: boolean,
  signer: PoolCertificate,
): boolean {
  try {
    const reader = new BerReader(value);
    const [certs] = reader.children(readBerTlv(value, 0), 'SigningCertificate');
    const [first] = reader.children(certs, 'certs');
    const parts = reader.children(first, 'ESSCertID');
    let digest: DigestName = isV2 ? 'sha256' : 'sha1';
    let index = 0;
    if (isV2 && parts[0]?.tag === 0x30) {
      const name = findDigestName(reader.oid(reader.children(parts[0], 'hashAlgorithm')[0], 'hashAlgorithm'));
      if (!name) return false;
      digest = name;
      index = 1;
    }
    const certHash = parts[index];
    if (certHash?.tag !== 0x04) return false;
    return isSameBytes(reader.octets(certHash, 'certHash'), createHash(digest).update(signer.der).digest());
  } catch {
    return false;
  }
}

/** Checks the first SignerInfo (PAdES allows exactly one) against `content` (the signed byte ranges, or eContent). */
export function checkSignerInfo(
  signedData: ParsedSignedData,
  content: readonly Uint8Array[],
  pool: CertificatePool,
  digest: Digester = digestChunks,
): SignerInfoCheck {
  const problems: string[] = [];
  const info = signedData.signerInfos[0];
  const result: SignerInfoCheck = {
    isDigestValid: false,
    isSignatureValid: false,
    hasSigningCertificateReference: false,
    isSigningCertificateReferenceValid: false,
    hasSigningTimeAttribute: false,
    problems,
  };
  if (!info) {
    problems.push('the SignedData has no SignerInfo');
    return result;
  }
  if (signedData.signerInfos.length > 1) problems.push('more than one SignerInfo; only the first is checked');
  const digestName = findDigestName(info.digestAlgorithm);
  if (!digestName) {
    problems.push(`unsupported digest algorithm ${info.digestAlgorithm}`);
    return result;
  }
  result.digestName = digestName;
  const signer = findSigner(info, pool);
  if (signer) result.signer = signer;
  else problems.push('the signing certificate is not in the CMS or the DSS');

  if (info.signedAttributesDer) {
    const messageDigest = findAttribute(info.signedAttributes, OID.messageDigest);
    const contentDigest = digest(digestName, content);
    const claimed = messageDigest ? readOctetString(messageDigest) : undefined;
    result.isDigestValid = claimed !== undefined && isSameBytes(claimed, contentDigest);
    if (!result.isDigestValid) problems.push('the message-digest attribute does not match the signed bytes');
    const signingTime = findAttribute(info.signedAttributes, OID.signingTime);
    result.hasSigningTimeAttribute = signingTime !== undefined;
    const parsedTime = signingTime ? readTime(signingTime) : undefined;
    if (parsedTime) result.signingTimeAttribute = parsedTime;
    if (signer)
      result.isSignatureValid = verifySignatureValue(info, [info.signedAttributesDer], signer.x509.publicKey);
  } else {
    // without signed attributes the signature covers the content directly (RFC 5652 5.4)
    if (signer) result.isSignatureValid = verifySignatureValue(info, content, signer.x509.publicKey);
    result.isDigestValid = result.isSignatureValid;
  }
  if (signer && !result.isSignatureValid)
    problems.push('the signature value does not verify with the signing certificate');

  const v2 = findAttribute(info.signedAttributes, OID.signingCertificateV2);
  const v1 = findAttribute(info.signedAttributes, OID.signingCertificate);
  result.hasSigningCertificateReference = v2 !== undefined || v1 !== undefined;
  if (signer && (v2 ?? v1)) {
    result.isSigningCertificateReferenceValid = checkSigningCertificateReference(
      (v2 ?? v1)!,
      v2 !== undefined,
      signer,
    );
    if (!result.isSigningCertificateReferenceValid)
      problems.push('the signing-certificate attribute names another certificate');
  }
  return result;
}
