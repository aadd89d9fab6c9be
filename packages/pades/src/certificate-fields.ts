// Raw pieces of an X.509 certificate that CMS copies byte for byte (issuer Name, serial number),
// and the readable subject fields the validation report shows.

import type { X509Certificate } from 'node:crypto';
import { readChildren, readTlv, sliceTlv } from './der.js';
import { PadesError } from './errors.js';

export interface IssuerAndSerial {
  /** Name (RFC 5280 4.1.2.4), exactly as encoded in the certificate */
  issuer: Uint8Array;
  /** the serialNumber INTEGER TLV as encoded in the certificate */
  serialNumber: Uint8Array;
}

export interface CertificateFields extends IssuerAndSerial {
  subject: Uint8Array;
  /** the subjectPublicKey BIT STRING's key bytes (without the unused-bits octet) */
  subjectPublicKey: Uint8Array;
}

/**
 * TBSCertificate ::= SEQUENCE { version [0] EXPLICIT Version DEFAULT v1, serialNumber
 *   CertificateSerialNumber, signature AlgorithmIdentifier, issuer Name, validity Validity,
 *   subject Name, subjectPublicKeyInfo SubjectPublicKeyInfo, ... }   (RFC 5280 4.1)
 */
export function readCertificateFields(certificate: Uint8Array): CertificateFields {
  try {
    const outer = readTlv(certificate, 0);
    const [tbs] = readChildren(certificate, outer);
    if (!tbs) throw new RangeError('empty certificate');
    const fields = readChildren(certificate, tbs);
    const first = fields[0]?.tag === 0xa0 ? 1 : 0;
    const [serial, , issuer, , subject, spki] = fields.slice(first);
    if (serial?.tag !== 0x02 || issuer?.tag !== 0x30 || subject?.tag !== 0x30 || spki?.tag !== 0x30)
      throw new RangeError('bad TBSCertificate');
    const keyBits = readChildren(certificate, spki)[1];
    if (keyBits?.tag !== 0x03) throw new RangeError('bad SubjectPublicKeyInfo');
    return {
      issuer: sliceTlv(certificate, issuer),
      serialNumber: sliceTlv(certificate, serial),
      subject: sliceTlv(certificate, subject),
      subjectPublicKey: certificate.subarray(keyBits.start + 1, keyBits.end),
    };
  } catch (error) {
    throw new PadesError('pades.bad_certificate', 'The certificate is not DER X.509', { cause: error });
  }
}

export function readIssuerAndSerial(certificate: Uint8Array): IssuerAndSerial {
  const { issuer, serialNumber } = readCertificateFields(certificate);
  return { issuer, serialNumber };
}

export interface SubjectSummary {
  commonName?: string;
  email?: string;
  organisation?: string;
}

/** Reads CN, e-mail (subject or subjectAltName rfc822Name) and O from a certificate. */
export function summariseSubject(certificate: X509Certificate): SubjectSummary {
  const summary: SubjectSummary = {};
  for (const line of certificate.subject.split('\n')) {
    const at = line.indexOf('=');
    if (at < 0) continue;
    const key = line.slice(0, at);
    const value = line.slice(at + 1);
    if (key === 'CN' && summary.commonName === undefined) summary.commonName = value;
    else if (key === 'O' && summary.organisation === undefined) summary.organisation = value;
    else if (key === 'emailAddress' && summary.email === undefined) summary.email = value;
  }
  const altEmail = /email:([^,\s]+)/.exec(certificate.subjectAltName ?? '')?.[1];
  if (summary.email === undefined && altEmail) summary.email = altEmail;
  return summary;
}

/** One line per certificate for the report: "CN=..., O=..." in the order the subject lists. */
export function describeSubject(certificate: X509Certificate): string {
  return certificate.subject.split('\n').filter(Boolean).join(', ');
}
