// A summary of a document for the product: pages with their sizes, revisions and signature
// fields. Reads only the page tree and the form, never the page contents.

import { PdfError } from './errors.js';
import { listSignatureFields } from './form.js';
import { pdfLimits } from './limits.js';
import { PdfDict } from './objects.js';
import { listPages } from './pages.js';
import type { PageNode } from './pages.js';
import { PdfFile } from './pdf-file.js';

export interface PageInfo {
  index: number;
  width: number;
  height: number;
  rotate: 0 | 90 | 180 | 270;
}

export interface PdfSummary {
  pageCount: number;
  pages: PageInfo[];
  revisionCount: number;
  signatureFieldNames: string[];
  signedFieldNames: string[];
}

/**
 * A page's size as displayed (a page rotated by a quarter turn shows its box sideways); a page
 * larger than the limits allow is refused.
 */
export function describePage(page: PageNode, index: number): PageInfo {
  const { maxPageSizePt } = pdfLimits();
  const width = page.cropBox[2] - page.cropBox[0];
  const height = page.cropBox[3] - page.cropBox[1];
  if (!(Math.max(width, height) <= maxPageSizePt))
    throw new PdfError(
      'pdf.limit.page_size',
      `page ${index + 1} is ${Math.round(width)} x ${Math.round(height)} points, more than ${maxPageSizePt} on a side`,
    );
  const isSideways = page.rotate === 90 || page.rotate === 270;
  return {
    index,
    width: isSideways ? height : width,
    height: isSideways ? width : height,
    rotate: page.rotate,
  };
}

export function inspectFile(file: PdfFile): PdfSummary {
  const pages = listPages(file).map(describePage);
  const fields = listSignatureFields(file);
  return {
    pageCount: pages.length,
    pages,
    revisionCount: file.revisionCount,
    signatureFieldNames: fields.map((field) => field.name),
    signedFieldNames: fields.filter((field) => field.value instanceof PdfDict).map((field) => field.name),
  };
}

export function inspectPdf(bytes: Uint8Array): PdfSummary {
  return inspectFile(PdfFile.open(bytes));
}
