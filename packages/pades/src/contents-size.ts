// How many bytes to reserve in /Contents. Too little fails the embedding; too much only costs
// zeros in the file, so the estimate is generous and signing retries once with the real size.

import type { PadesLevel } from './pending-signature.js';

/** Signed attributes, SignerInfo, algorithm identifiers and a 4096-bit RSA signature, rounded up. */
const CMS_OVERHEAD = 2048;
/** A time-stamp token with its TSA certificate and chain; ours is ~1.5 KB, public TSAs reach ~6 KB. */
const TIMESTAMP_RESERVE = 8192;

export function estimateContentsLength(certificates: readonly Uint8Array[], level: PadesLevel): number {
  const certificateBytes = certificates.reduce((sum, certificate) => sum + certificate.length, 0);
  const raw = certificateBytes + CMS_OVERHEAD + (level === 'B-B' ? 0 : TIMESTAMP_RESERVE);
  return Math.ceil(raw / 1024) * 1024;
}

/** A document timestamp's /Contents is the token alone. */
export const DOCUMENT_TIMESTAMP_CONTENTS_LENGTH = TIMESTAMP_RESERVE;

/** The reservation for a retry after `pdf.signature_too_large`: what was needed plus headroom. */
export function growContentsLength(previous: number, needed: number): number {
  return Math.max(previous * 2, Math.ceil((needed + 1024) / 1024) * 1024);
}
