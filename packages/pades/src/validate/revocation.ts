// Revocation evidence from OCSP responses (RFC 6960) and CRLs (RFC 5280 5) found in the DSS or
// in a CMS: which certificate each answers for, whether its signature is the issuer's (or an
// authorised responder's), and what it says.

import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { readTlv } from '../der.js';
import { findDigestName, OID } from '../oids.js';
import { isSameBytes } from './certificate-pool.js';
import type { CertificatePool, PoolCertificate } from './certificate-pool.js';
import { ParseCache } from './parse-cache.js';
import { verifySignatureValue } from './signer-info-check.js';

const KP_OCSP_SIGNING = '1.3.6.1.5.5.7.3.9';

export interface RevocationEvidence {
  source: 'ocsp' | 'crl';
  status: 'good' | 'revoked' | 'unknown';
  revocationTime?: Date;
  /** OCSP producedAt / CRL thisUpdate */
  issuedAt: Date;
}

interface ParsedOcsp {
  basic: pkijs.BasicOCSPResponse;
  responderCertificates: PoolCertificate[];
}

const valueOfInteger = (tlv: Uint8Array): Uint8Array => {
  const { start, end } = readTlv(tlv, 0);
  return tlv.subarray(start, end);
};

function readOcspStatus(certStatus: asn1js.AsnType): Pick<RevocationEvidence, 'status' | 'revocationTime'> {
  // CertStatus ::= CHOICE { good [0] IMPLICIT NULL, revoked [1] IMPLICIT RevokedInfo, unknown [2] IMPLICIT UnknownInfo }
  const tag = certStatus.idBlock.tagNumber;
  if (tag === 0) return { status: 'good' };
  if (tag === 1) {
    const time = (certStatus as asn1js.Constructed).valueBlock.value[0];
    return time instanceof asn1js.GeneralizedTime
      ? { status: 'revoked', revocationTime: time.toDate() }
      : { status: 'revoked' };
  }
  return { status: 'unknown' };
}

interface ReadOcsp {
  basic: pkijs.BasicOCSPResponse;
  /** the responder certificates the response carries */
  certificates: Uint8Array[];
}

/**
 * Parsed evidence by its bytes; null when unreadable (unreadable evidence proves nothing). The
 * parsed values are shared by every index, so the Dates handed out below are copies.
 */
const parsedOcsp = new ParseCache<ReadOcsp | null>(64);
const parsedCrls = new ParseCache<pkijs.CertificateRevocationList | null>(64);

const orNull =
  <T>(read: (own: Uint8Array) => T) =>
  (own: Uint8Array): T | null => {
    try {
      return read(own);
    } catch {
      return null;
    }
  };

function readOcsp(der: Uint8Array): ReadOcsp {
  // OCSPResponse ::= SEQUENCE { responseStatus, responseBytes [0] EXPLICIT ResponseBytes OPTIONAL }
  const response = pkijs.OCSPResponse.fromBER(der);
  const bytes = response.responseBytes;
  if (!bytes || bytes.responseType !== OID.ocspBasic) throw new RangeError('not a basic OCSP response');
  const basic = pkijs.BasicOCSPResponse.fromBER(bytes.response.getValue());
  const certificates = (basic.certs ?? []).map(
    (certificate) => new Uint8Array(certificate.toSchema().toBER()),
  );
  return { basic, certificates };
}

export class RevocationIndex {
  readonly #ocsp: ParsedOcsp[] = [];
  readonly #crls: pkijs.CertificateRevocationList[] = [];
  readonly #verified = new WeakMap<object, Map<string, boolean>>();

  constructor(
    material: { ocspResponses: readonly Uint8Array[]; crls: readonly Uint8Array[] },
    pool: CertificatePool,
  ) {
    for (const der of material.ocspResponses) {
      const read = parsedOcsp.get(der, orNull(readOcsp));
      if (read) this.#ocsp.push({ basic: read.basic, responderCertificates: pool.addAll(read.certificates) });
    }
    for (const der of material.crls) {
      const crl = parsedCrls.get(
        der,
        orNull((own) => pkijs.CertificateRevocationList.fromBER(own)),
      );
      if (crl) this.#crls.push(crl);
    }
  }

  /** The most recent readable, authentic evidence about `certificate`, issued by `issuer`. */
  findStatus(certificate: PoolCertificate, issuer: PoolCertificate): RevocationEvidence | undefined {
    const found = [...this.#findOcsp(certificate, issuer), ...this.#findCrl(certificate, issuer)];
    // a revocation anywhere wins; otherwise the newest answer
    return (
      found.find((evidence) => evidence.status === 'revoked') ??
      found.sort((a, b) => +b.issuedAt - +a.issuedAt)[0]
    );
  }

  *#findOcsp(certificate: PoolCertificate, issuer: PoolCertificate): Generator<RevocationEvidence> {
    const serial = valueOfInteger(certificate.fields.serialNumber);
    for (const parsed of this.#ocsp) {
      const data = parsed.basic.tbsResponseData;
      for (const single of data.responses) {
        const { certID } = single;
        const digest = findDigestName(certID.hashAlgorithm.algorithmId);
        if (!digest || !isSameBytes(certID.serialNumber.valueBlock.valueHexView, serial)) continue;
        const nameHash = createHash(digest).update(issuer.fields.subject).digest();
        const keyHash = createHash(digest).update(issuer.fields.subjectPublicKey).digest();
        if (!isSameBytes(certID.issuerNameHash.valueBlock.valueHexView, nameHash)) continue;
        if (!isSameBytes(certID.issuerKeyHash.valueBlock.valueHexView, keyHash)) continue;
        if (!this.#isOcspAuthentic(parsed, issuer)) continue;
        yield {
          source: 'ocsp',
          issuedAt: new Date(data.producedAt),
          ...readOcspStatus(single.certStatus as asn1js.AsnType),
        };
      }
    }
  }

  /** RFC 6960 4.2.2.2: signed by the issuing CA itself or by a responder it certified for OCSPSigning. */
  #isOcspAuthentic(parsed: ParsedOcsp, issuer: PoolCertificate): boolean {
    const { basic } = parsed;
    const info = {
      signatureAlgorithm: basic.signatureAlgorithm.algorithmId,
      digestAlgorithm: '',
      signature: basic.signature.valueBlock.valueHexView,
    };
    const signers = [
      issuer,
      ...parsed.responderCertificates.filter(
        (responder) =>
          responder.x509.checkIssued(issuer.x509) &&
          responder.x509.verify(issuer.x509.publicKey) &&
          (responder.x509.keyUsage?.includes(KP_OCSP_SIGNING) ?? false),
      ),
    ];
    return signers.some((signer) =>
      this.#verifyOnce(basic, signer, () =>
        verifySignatureValue(info, [basic.tbsResponseData.tbsView], signer.x509.publicKey),
      ),
    );
  }

  *#findCrl(certificate: PoolCertificate, issuer: PoolCertificate): Generator<RevocationEvidence> {
    const serial = valueOfInteger(certificate.fields.serialNumber);
    for (const crl of this.#crls) {
      const info = {
        signatureAlgorithm: crl.signatureAlgorithm.algorithmId,
        digestAlgorithm: '',
        signature: crl.signatureValue.valueBlock.valueHexView,
      };
      // the issuer's key signing the list is what makes it the issuer's CRL
      if (
        !this.#verifyOnce(crl, issuer, () => verifySignatureValue(info, [crl.tbsView], issuer.x509.publicKey))
      )
        continue;
      const entry = crl.revokedCertificates?.find((revoked) =>
        isSameBytes(revoked.userCertificate.valueBlock.valueHexView, serial),
      );
      yield entry
        ? {
            source: 'crl',
            status: 'revoked',
            revocationTime: new Date(entry.revocationDate.value),
            issuedAt: new Date(crl.thisUpdate.value),
          }
        : { source: 'crl', status: 'good', issuedAt: new Date(crl.thisUpdate.value) };
    }
  }

  /** Signature checks are cached: the same OCSP response or CRL answers for several certificates. */
  #verifyOnce(evidence: object, signer: PoolCertificate, verify: () => boolean): boolean {
    let bySigner = this.#verified.get(evidence);
    if (!bySigner) this.#verified.set(evidence, (bySigner = new Map()));
    let result = bySigner.get(signer.fingerprint);
    if (result === undefined) bySigner.set(signer.fingerprint, (result = verify()));
    return result;
  }
}
