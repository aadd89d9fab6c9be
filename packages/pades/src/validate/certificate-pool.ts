// Every certificate a validation can use (CMS certificate sets, the DSS, time-stamp tokens, OCSP
// responses, trust anchors), deduplicated, with the lookups chain building and CMS need.

import { X509Certificate } from 'node:crypto';
import { readCertificateFields } from '../certificate-fields.js';
import type { CertificateFields } from '../certificate-fields.js';
import { compareBytes } from '../der.js';
import { ParseCache } from './parse-cache.js';

export interface PoolCertificate {
  der: Uint8Array;
  x509: X509Certificate;
  fields: CertificateFields;
  /** SHA-256 fingerprint as Node prints it; the identity used for deduplication */
  fingerprint: string;
}

export const isSameBytes = (a: Uint8Array, b: Uint8Array): boolean => compareBytes(a, b) === 0;

type ParsedCertificate = Omit<PoolCertificate, 'der'>;

/** Our CAs', time-stamping and OCSP certificates come back in every validation and LTV step. */
const parsedCertificates = new ParseCache<ParsedCertificate>(256);

function parseCertificate(own: Uint8Array): ParsedCertificate {
  const x509 = new X509Certificate(own);
  return { x509, fields: readCertificateFields(own), fingerprint: x509.fingerprint256 };
}

export class CertificatePool {
  readonly #byFingerprint = new Map<string, PoolCertificate>();

  /** Adds what parses as X.509 and returns it; anything else is ignored (a validator is lenient in what it reads). */
  add(der: Uint8Array): PoolCertificate | undefined {
    let parsed: ParsedCertificate;
    try {
      parsed = parsedCertificates.get(der, parseCertificate);
    } catch {
      return undefined;
    }
    const existing = this.#byFingerprint.get(parsed.fingerprint);
    if (existing) return existing;
    const entry = { der: Uint8Array.from(der), ...parsed };
    this.#byFingerprint.set(entry.fingerprint, entry);
    return entry;
  }

  addAll(ders: readonly Uint8Array[]): PoolCertificate[] {
    return ders.map((der) => this.add(der)).filter((entry): entry is PoolCertificate => entry !== undefined);
  }

  findByIssuerAndSerial(issuer: Uint8Array, serialNumber: Uint8Array): PoolCertificate | undefined {
    for (const entry of this.#byFingerprint.values())
      if (isSameBytes(entry.fields.serialNumber, serialNumber) && isSameBytes(entry.fields.issuer, issuer))
        return entry;
    return undefined;
  }

  /** Certificates whose key signed `child` and whose name is its issuer (X509_check_issued). */
  findIssuers(child: PoolCertificate): PoolCertificate[] {
    const issuers: PoolCertificate[] = [];
    for (const entry of this.#byFingerprint.values()) {
      if (entry === child || entry.x509.subject !== child.x509.issuer) continue;
      if (child.x509.checkIssued(entry.x509) && child.x509.verify(entry.x509.publicKey)) issuers.push(entry);
    }
    return issuers;
  }

  all(): PoolCertificate[] {
    return [...this.#byFingerprint.values()];
  }
}
