// Everything a validator reads from a signed PDF, from one reading of its structure: the
// signatures of the final revision, the DSS, and what changed after each signed revision.

import { classifyChangesIn } from './classify-changes.js';
import type { ChangeKind } from './classify-changes.js';
import { readDssOf } from './dss.js';
import type { ValidationData } from './dss.js';
import { readSignaturesOf } from './read-signatures.js';
import type { EmbeddedSignature } from './read-signatures.js';
import { PdfRevisions } from './revisions.js';

export interface SignedPdf {
  signatures: EmbeddedSignature[];
  dss: ValidationData;
  /** What the revisions after the one ending at `revisionLength` changed (may throw a PdfError). */
  changesAfter(revisionLength: number): ChangeKind;
}

/** Throws a PdfError when the file cannot be read at all. */
export function readSignedPdf(bytes: Uint8Array): SignedPdf {
  const revisions = new PdfRevisions(bytes);
  return {
    signatures: readSignaturesOf(revisions.latest),
    dss: readDssOf(revisions.latest),
    changesAfter: (revisionLength) => classifyChangesIn(revisions, revisionLength),
  };
}
