// Page images: PDFium (WASM, initialised once on first use) draws the page into an RGBA bitmap
// and sharp encodes it as WebP or PNG. Scale is in percent of 72 dpi: 100 gives one pixel per
// point, 200 gives two. Page count and sizes come from our own reader, so the image size is
// round(points * scale / 100) whatever PDFium would have chosen. Both libraries are imported on
// first use: whoever reads or signs PDFs through this package never pays for loading them.

import type { PDFiumLibrary } from '@hyzyla/pdfium';
import { PdfError } from './errors.js';
import { inspectPdf } from './inspect.js';

export interface RenderOptions {
  /** Percent of 72 dpi; default 100 (one pixel per PDF point). */
  scale?: number;
  format?: 'webp' | 'png';
}

// A bound on the bitmap (4 bytes per pixel) so one request cannot exhaust memory.
const MAX_PIXELS = 40_000_000;

let library: Promise<PDFiumLibrary> | undefined;
let queue: Promise<unknown> = Promise.resolve();

function loadLibrary(): Promise<PDFiumLibrary> {
  library ??= import('@hyzyla/pdfium')
    .then(({ PDFiumLibrary }) => PDFiumLibrary.init())
    .catch((error: unknown) => {
      library = undefined;
      throw error;
    });
  return library;
}

/** PDFium has one WASM heap; documents are loaded and drawn one at a time. */
function runExclusive<T>(task: () => Promise<T>): Promise<T> {
  const result = queue.then(task, task);
  queue = result.catch(() => undefined);
  return result;
}

async function drawBitmap(
  bytes: Uint8Array,
  pageIndex: number,
  width: number,
  height: number,
): Promise<Uint8Array> {
  const pdfium = await loadLibrary();
  let document;
  try {
    document = await pdfium.loadDocument(bytes);
  } catch (error) {
    throw new PdfError('pdf.corrupt', `PDFium cannot open the document: ${String(error)}`);
  }
  try {
    const page = document.getPage(pageIndex);
    const image = await page.render({ width, height, scale: 1, render: 'bitmap', renderFormFields: true });
    return image.data;
  } finally {
    document.destroy();
  }
}

export async function renderPage(
  bytes: Uint8Array,
  pageIndex: number,
  options: RenderOptions = {},
): Promise<Uint8Array> {
  const scale = options.scale ?? 100;
  const format = options.format ?? 'webp';
  if (!Number.isFinite(scale) || scale <= 0 || scale > 1000)
    throw new RangeError('scale must be above 0 and at most 1000');
  const summary = inspectPdf(bytes);
  const page = Number.isInteger(pageIndex) ? summary.pages[pageIndex] : undefined;
  if (!page)
    throw new PdfError(
      'pdf.page_out_of_range',
      `page ${pageIndex} does not exist (${summary.pageCount} pages)`,
    );
  const width = Math.max(1, Math.round((page.width * scale) / 100));
  const height = Math.max(1, Math.round((page.height * scale) / 100));
  if (width * height > MAX_PIXELS) throw new RangeError(`a ${width}x${height} image is too large to render`);
  const rgba = await runExclusive(() => drawBitmap(bytes, pageIndex, width, height));
  const { default: sharp } = await import('sharp');
  const image = sharp(rgba, { raw: { width, height, channels: 4 } });
  const encoded = format === 'png' ? image.png() : image.webp({ quality: 80, effort: 2 });
  return encoded.toBuffer();
}
