// Archive renewal (ETSI EN 319 142-1 5.4, PAdES-LTA "repeated"): a DSS revision with fresh
// validation data for every signature and time-stamp already in the file, then a new document
// time-stamp over all of it, both incremental updates that leave the signed bytes untouched.

import { completeToLta } from '../ltv.js';
import type { LtvServices } from '../ltv.js';
import { findArchiveProof } from './archive-expiry.js';

export interface RenewalDecision {
  isDue: boolean;
  /** when the file's newest proof runs out; undefined: it carries none of ours */
  provenUntil?: Date;
}

/** Due once the newest proof runs out within `margin` of `now`. */
export function decideRenewal(
  bytes: Uint8Array,
  trustAnchors: readonly Uint8Array[],
  now: Date,
  marginMs: number,
): RenewalDecision {
  const proof = findArchiveProof(bytes, trustAnchors);
  if (!proof) return { isDue: false };
  return { isDue: proof.provenUntil.getTime() - marginMs <= now.getTime(), provenUntil: proof.provenUntil };
}

/** The renewed file: validation data for everything in it, then a new document time-stamp. */
export function renewArchiveTimestamp(bytes: Uint8Array, services: LtvServices): Promise<Uint8Array> {
  return completeToLta(bytes, services);
}
