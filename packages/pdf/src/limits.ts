// What one document may cost to read. PDFs come from strangers: a few kilobytes can inflate to
// gigabytes, declare a billion objects or nest a hundred thousand arrays deep. Each limit is
// checked before the memory is spent (an inflate stops at its budget, a count is refused when it
// is declared) and has a stable error code of its own, so a caller can say which one was hit.
// The defaults take every real document we know of; a deployment may set its own once per
// thread (configurePdfLimits), as the server does from its configuration.
import { PdfError } from './errors.js';

export interface PdfLimits {
  /** Bytes one stream may inflate to (FlateDecode output). */
  maxStreamBytes: number;
  /** Bytes all the streams read from one document may inflate to together. */
  maxDocumentInflatedBytes: number;
  /** Objects one document may declare (its xref entries) or keep in one object stream. */
  maxObjects: number;
  /** How deeply arrays and dictionaries may nest. */
  maxNestingDepth: number;
  /** Bytes of one string or name. */
  maxStringBytes: number;
  /** Pages one document may have. */
  maxPages: number;
  /** The larger side of a page box, in points. */
  maxPageSizePt: number;
  /** Pixels of one page image; a larger image is drawn at the largest scale under it. */
  maxRenderPixels: number;
  /** Items of one array. */
  maxArrayLength: number;
  /** Bytes the renderer's heap (PDFium's WASM memory) may grow to while it draws a page. */
  maxRenderMemoryBytes: number;
}

const MB = 1024 * 1024;

export const DEFAULT_PDF_LIMITS: Readonly<PdfLimits> = Object.freeze({
  maxStreamBytes: 128 * MB,
  maxDocumentInflatedBytes: 512 * MB,
  maxObjects: 2_000_000,
  maxNestingDepth: 256,
  maxStringBytes: 8 * MB,
  maxPages: 10_000,
  // ISO 32000-1 Annex C: 14,400 units is the largest page size in default user space
  maxPageSizePt: 14_400,
  // 64 MB of bitmap: A3 at 400 %, A0 at 150 %; two threads drawing posters stay well under 1 GB
  maxRenderPixels: 16_000_000,
  // the longest arrays of real documents (a CID font's widths, a flat name tree) hold tens of
  // thousands; a million numbers cost 8 MB to hold, a million empty dictionaries 240 MB
  maxArrayLength: 1_000_000,
  // what PDFium draws in holds a copy of the document: a 600-dpi colour scan of A4 drawn at 400 %
  // took 139 MB, a poster at the pixel limit 63 MB; 5.6 MB of small squares took 111 MB
  maxRenderMemoryBytes: 256 * MB,
});

let current: PdfLimits = { ...DEFAULT_PDF_LIMITS };

/** Sets the limits of this thread; what is not given keeps its default. */
export function configurePdfLimits(limits: Partial<PdfLimits>): void {
  current = { ...DEFAULT_PDF_LIMITS, ...limits };
}

export function pdfLimits(): Readonly<PdfLimits> {
  return current;
}

/**
 * The inflate budget of one document: each stream may inflate to `maxStreamBytes`, and all of
 * them together to `maxDocumentInflatedBytes`.
 */
export class InflateBudget {
  private spent = 0;

  constructor(private readonly limits: Readonly<PdfLimits> = pdfLimits()) {}

  /** The most the next stream may inflate to. */
  get nextStreamAllowance(): number {
    return Math.min(this.limits.maxStreamBytes, this.limits.maxDocumentInflatedBytes - this.spent);
  }

  /** The error for a stream that went past `allowance` bytes. */
  exceeded(allowance: number): PdfError {
    return allowance < this.limits.maxStreamBytes
      ? new PdfError(
          'pdf.limit.document_inflated_size',
          `the document's streams inflate to more than ${this.limits.maxDocumentInflatedBytes} bytes`,
        )
      : new PdfError(
          'pdf.limit.stream_inflated_size',
          `a stream inflates to more than ${this.limits.maxStreamBytes} bytes`,
        );
  }

  spend(bytes: number): void {
    this.spent += bytes;
  }
}
