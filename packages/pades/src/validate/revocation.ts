// Revocation evidence from OCSP responses (RFC 6960) and CRLs (RFC 5280 5) found in the DSS or
// in a CMS: which certificate each answers for, whether its signature is the issuer's (or an
// authorised responder's), and what it says.

import { createHash } from 'node:crypto';
import { readTlv } from '../der.js';
import { findDigestName } from '../oids.js';
import { isSameBytes } from './certificate-pool.js';
import type { CertificatePool, PoolCertificate } from './certificate-pool.js';
import { ParseCache } from './parse-cache.js';
import {
  readCrl,
  readOcspResponse,
  type CrlEvidence,
  type OcspEvidence,
  type SignedEvidence,
} from './evidence-reader.js';
import { verifySignatureValue } from './signer-info-check.js';

const KP_OCSP_SIGNING = '1.3.6.1.5.5.7.3.9';

export interface RevocationEvidence {
  source: 'ocsp' | 'crl';
  status: 'good' | 'revoked' | 'unknown';
  revocationTime?: Date;
  /** OCSP producedAt / CRL thisUpdate */
  issuedAt: Date;
}

interface IndexedOcsp {
  evidence: OcspEvidence;
  responderCertificates: PoolCertificate[];
}

const valueOfInteger = (tlv: Uint8Array): Uint8Array => {
  const { start, end } = readTlv(tlv, 0);
  return tlv.subarray(start, end);
};

/**
 * Read evidence by its bytes; null when unreadable (unreadable evidence proves nothing). The read
 * values are shared by every index, so the Dates handed out below are copies.
 */
const parsedOcsp = new ParseCache<OcspEvidence | null>(64);
const parsedCrls = new ParseCache<CrlEvidence | null>(64);

/**
 * A yes-or-no answer about a parsed value and a certificate, worked out once per pair and kept for
 * as long as the value lives (the parse caches keep it): it depends on nothing else, and our CRLs
 * and OCSP responders come back in every validation.
 */
function remembered(
  answers: WeakMap<object, Map<string, boolean>>,
  value: object,
  certificate: PoolCertificate,
  work: () => boolean,
): boolean {
  let byCertificate = answers.get(value);
  if (!byCertificate) answers.set(value, (byCertificate = new Map()));
  let answer = byCertificate.get(certificate.fingerprint);
  if (answer === undefined) byCertificate.set(certificate.fingerprint, (answer = work()));
  return answer;
}

/** Whether a signer's key made the signature on a piece of evidence. */
const verified = new WeakMap<object, Map<string, boolean>>();

const verifyOnce = (evidence: SignedEvidence, signer: PoolCertificate): boolean =>
  remembered(verified, evidence, signer, () =>
    verifySignatureValue({ ...evidence, digestAlgorithm: '' }, [evidence.tbs], signer.x509.publicKey),
  );

const orNull =
  <T>(read: (own: Uint8Array) => T) =>
  (own: Uint8Array): T | null => {
    try {
      return read(own);
    } catch {
      return null;
    }
  };

export class RevocationIndex {
  readonly #ocsp: IndexedOcsp[] = [];
  readonly #crls: CrlEvidence[] = [];

  constructor(
    material: { ocspResponses: readonly Uint8Array[]; crls: readonly Uint8Array[] },
    pool: CertificatePool,
  ) {
    for (const der of material.ocspResponses) {
      const evidence = parsedOcsp.get(der, orNull(readOcspResponse));
      if (evidence) this.#ocsp.push({ evidence, responderCertificates: pool.addAll(evidence.certificates) });
    }
    for (const der of material.crls) {
      const crl = parsedCrls.get(der, orNull(readCrl));
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
    for (const indexed of this.#ocsp) {
      for (const single of indexed.evidence.responses) {
        const digest = findDigestName(single.hashAlgorithm);
        if (!digest || !isSameBytes(single.serialNumber, serial)) continue;
        const nameHash = createHash(digest).update(issuer.fields.subject).digest();
        const keyHash = createHash(digest).update(issuer.fields.subjectPublicKey).digest();
        if (!isSameBytes(single.issuerNameHash, nameHash) || !isSameBytes(single.issuerKeyHash, keyHash))
          continue;
        if (!isOcspAuthentic(indexed, issuer)) continue;
        yield {
          source: 'ocsp',
          status: single.status,
          ...(single.revocationTime ? { revocationTime: new Date(single.revocationTime) } : {}),
          issuedAt: new Date(indexed.evidence.producedAt),
        };
      }
    }
  }

  *#findCrl(certificate: PoolCertificate, issuer: PoolCertificate): Generator<RevocationEvidence> {
    const serial = Buffer.from(valueOfInteger(certificate.fields.serialNumber)).toString('hex');
    for (const crl of this.#crls) {
      // the issuer's key signing the list is what makes it the issuer's CRL
      if (!verifyOnce(crl, issuer)) continue;
      const revokedAt = crl.revoked.get(serial);
      yield revokedAt
        ? {
            source: 'crl',
            status: 'revoked',
            revocationTime: new Date(revokedAt),
            issuedAt: new Date(crl.thisUpdate),
          }
        : { source: 'crl', status: 'good', issuedAt: new Date(crl.thisUpdate) };
    }
  }
}

/** Whether `issuer` certified `responder` to answer OCSP requests, kept with the parsed certificates. */
const certifiedResponders = new WeakMap<object, Map<string, boolean>>();

const isCertifiedResponder = (responder: PoolCertificate, issuer: PoolCertificate): boolean =>
  remembered(
    certifiedResponders,
    responder.x509,
    issuer,
    () =>
      responder.x509.checkIssued(issuer.x509) &&
      (responder.x509.keyUsage?.includes(KP_OCSP_SIGNING) ?? false) &&
      responder.x509.verify(issuer.x509.publicKey),
  );

/** RFC 6960 4.2.2.2: signed by a responder the issuing CA certified for OCSPSigning, or by the CA itself. */
function isOcspAuthentic({ evidence, responderCertificates }: IndexedOcsp, issuer: PoolCertificate): boolean {
  return (
    responderCertificates.some(
      (responder) => isCertifiedResponder(responder, issuer) && verifyOnce(evidence, responder),
    ) || verifyOnce(evidence, issuer)
  );
}
