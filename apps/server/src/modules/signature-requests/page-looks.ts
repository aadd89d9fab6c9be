// What a page of a document shows, named so that revisions which draw nothing on a page share its
// image (ADR 082). Only two steps write a revision: sending adds the request's fields, drawing a
// placeholder frame where each is placed; a signature draws its visible appearance in the signer's
// placed signature field and the values filled in. Everything else a revision adds (invisible
// fields, the validation data, the document timestamp) draws nothing. So a page with no field
// placed on it looks like the original's page in every revision, and a page with fields looks the
// same as long as the same of its fields are drawn with the same values.
import { createHash } from 'node:crypto';

/** A field placed on a page, as the page draws it. */
export interface PlacedMark {
  id: string;
  kind: string;
  page: number;
  /** x, y, width, height in points */
  box: [number, number, number, number];
  /** what the signer filled in; null until then */
  value: string | null;
  /** whether the field's signer has signed (their signature field then shows their appearance) */
  signerSigned: boolean;
}

export interface DocumentMarks {
  originalSha256: string;
  currentSha256: string;
  /** 0 until the request is sent: the fields are in the PDF from then on */
  revision: number;
  pageCount: number;
  marks: PlacedMark[];
}

/** The look of a page as uploaded, nothing drawn on it (a draft's, a template's). */
export const originalLookName = (sha: string) => `${sha}-o`;

/**
 * A name for what page `page` (1-based) of the current revision shows: the original's SHA-256 and
 * `o` when nothing is drawn on it, else a digest of what is drawn there. Two revisions with the
 * same name for a page draw that page alike.
 */
export function pageLookName(document: DocumentMarks, page: number): string {
  const drawn =
    document.revision === 0
      ? []
      : document.marks
          .filter((m) => m.page === page)
          .map((m) => ({
            id: m.id,
            box: m.box,
            // a signature field shows its appearance once its signer signed; the others their value
            shows: m.kind === 'signature' ? m.signerSigned : m.value,
          }));
  if (drawn.length === 0) return originalLookName(document.originalSha256);
  const digest = createHash('sha256').update(JSON.stringify(drawn)).digest('hex').slice(0, 16);
  return `${document.originalSha256}-${digest}`;
}
