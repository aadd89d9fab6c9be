// Who holds the number, read from the certificate that signed the phone's answer (ADR 107): the
// subject's given name and surname, else its common name when that is a person's name (not the
// service's serial-number pseudonym), and its country.
import { X509Certificate } from 'node:crypto';
import type { MobileIdHolder } from './provider.js';

/** The subject's first value of each attribute, by OpenSSL's short names (CN, GN, SN, C, ...). */
function subjectOf(certificate: X509Certificate): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of certificate.subject.split('\n')) {
    const at = line.indexOf('=');
    if (at <= 0) continue;
    const key = line.slice(0, at);
    if (!fields.has(key)) fields.set(key, line.slice(at + 1).trim());
  }
  return fields;
}

/** The holder the certificate names, or undefined when it names no person. */
export function holderOf(certificateDer: Uint8Array): MobileIdHolder | undefined {
  const subject = subjectOf(new X509Certificate(certificateDer));
  const country = /^[A-Z]{2}$/.test(subject.get('C') ?? '') ? subject.get('C')! : 'CH';
  const givenName = subject.get('GN');
  const surname = subject.get('SN');
  if (givenName && surname) return { givenName, surname, country };
  // "MIDCHE...:PN" and the like are the service's ids for the holder, not a name
  const commonName = subject.get('CN');
  if (!commonName || /[:\d]/.test(commonName)) return undefined;
  const space = commonName.lastIndexOf(' ');
  if (space <= 0) return undefined;
  return { givenName: commonName.slice(0, space), surname: commonName.slice(space + 1), country };
}
