// Gathers revocation data that travels inside a CMS rather than in the DSS: the SignedData crls
// field and Adobe's adbe-revocationInfoArchival signed attribute (ISO 32000-1 12.8.3.3.2),
// which pdfsig-era and Acrobat signatures use.

import type { ParsedSignedData } from '../cms-reader.js';
import { readChildren, readTlv, sliceTlv } from '../der.js';
import { OID } from '../oids.js';

export interface RevocationMaterial {
  ocspResponses: Uint8Array[];
  crls: Uint8Array[];
}

/**
 * RevocationInfoArchival ::= SEQUENCE {
 *   crl [0] EXPLICIT SEQUENCE of CRLs OPTIONAL,
 *   ocsp [1] EXPLICIT SEQUENCE of OCSPResponse OPTIONAL,
 *   otherRevInfo [2] EXPLICIT SEQUENCE of OtherRevInfo OPTIONAL }
 */
function readRevocationInfoArchival(value: Uint8Array, into: RevocationMaterial): void {
  const outer = readTlv(value, 0);
  for (const field of readChildren(value, outer)) {
    const list = readChildren(value, field)[0];
    if (!list) continue;
    const target = field.tag === 0xa0 ? into.crls : field.tag === 0xa1 ? into.ocspResponses : undefined;
    if (!target) continue;
    // one at a time: a hostile archive may list more items than a call takes arguments
    for (const item of readChildren(value, list)) target.push(sliceTlv(value, item));
  }
}

export function collectCmsRevocationMaterial(signedData: ParsedSignedData, into: RevocationMaterial): void {
  for (const crl of signedData.crls) into.crls.push(crl);
  for (const info of signedData.signerInfos)
    for (const attribute of info.signedAttributes) {
      if (attribute.type !== OID.adbeRevocationInfoArchival) continue;
      for (const value of attribute.values) {
        try {
          readRevocationInfoArchival(value, into);
        } catch {
          // BER or damaged archives are skipped: missing evidence only lowers the level reached
        }
      }
    }
}
