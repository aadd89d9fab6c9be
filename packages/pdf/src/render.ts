// Page images: PDFium (WASM, initialised once on first use) draws the page into an RGBA bitmap
// and sharp encodes it as WebP or PNG. Scale is in percent of 72 dpi: 100 gives one pixel per
// point, 200 gives two. The page's size comes from our own reader (the page found by /Count, not
// a walk of the whole tree), so the image size is round(points * scale / 100) whatever PDFium
// would have chosen. Both libraries are imported on first use: whoever reads or signs PDFs
// through this package never pays for loading them.

import type { PDFiumLibrary } from '@hyzyla/pdfium';
import { PdfError } from './errors.js';
import { describePage } from './inspect.js';
import { checkPageStreams } from './page-streams.js';
import { findPage, listPages } from './pages.js';
import { PdfFile } from './pdf-file.js';
import { pdfLimits } from './limits.js';

export interface RenderOptions {
  /** Percent of 72 dpi; default 100 (one pixel per PDF point). */
  scale?: number;
  format?: 'webp' | 'png';
}

let library: Promise<PDFiumLibrary> | undefined;
/** Pixels (4 bytes each) past which a render leaves its engine behind: 16 MB of bitmap. */
const RENEW_AFTER_PIXELS = 4_000_000;
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

/** A one-page PDF with a line of text, objects 1-5, its cross-reference table computed. */
function warmUpPdf(): Uint8Array {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    '<< /Length 36 >>\nstream\nBT /F1 12 Tf 20 50 Td (Warm-up) Tj ET\nendstream',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let text = '%PDF-1.7\n';
  const offsets = objects.map((body, index) => {
    const offset = text.length;
    text += `${index + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = text.length;
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) text += `${String(offset).padStart(10, '0')} 00000 n \n`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(text);
}

/**
 * Draws a small page ahead of the first real one, so that one does not also wait for PDFium and
 * sharp to load and for our reader's code to be compiled (together about 0.2-0.4 s on the bench
 * machine). For a thread whose work is drawing pages; a failure here is left for the first real
 * render to report.
 */
export async function prepareRenderer(): Promise<void> {
  await renderPage(warmUpPdf(), 0, { scale: 100 }).catch(() => undefined);
}

/** Bytes the renderer's WASM heap holds now; 0 while no engine is loaded. For diagnostics and tests. */
export async function rendererHeapBytes(): Promise<number> {
  const pdfium = await library?.catch(() => undefined);
  // the library keeps its Emscripten module private; its heap is the memory PDFium holds
  const module = (pdfium as unknown as { module?: { HEAPU8?: Uint8Array } } | undefined)?.module;
  return module?.HEAPU8?.byteLength ?? 0;
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
  } catch {
    throw new PdfError('pdf.corrupt', 'the renderer cannot open the document');
  }
  try {
    const page = document.getPage(pageIndex);
    const image = await page.render({ width, height, scale: 1, render: 'bitmap', renderFormFields: true });
    // A WASM heap grows to hold the bitmap and never shrinks: after a large image the next render
    // starts a new engine, so one poster does not keep its bitmap's memory for the thread's life.
    if (width * height > RENEW_AFTER_PIXELS) library = undefined;
    return image.data;
  } catch (error) {
    // An engine that aborted (out of memory in its WASM heap, say) fails every later call: the
    // next render starts a new one, and this one is refused without PDFium's words.
    library = undefined;
    if (error instanceof PdfError) throw error;
    throw new PdfError('pdf.corrupt', `the renderer failed on page ${pageIndex + 1}`);
  } finally {
    try {
      document.destroy();
    } catch {
      library = undefined;
    }
  }
}

/**
 * The image of a page at `scale`, or, where that would pass `maxPixels` (4 bytes each in the
 * bitmap), at the largest scale that stays under it: a clear image of a poster-sized page rather
 * than a refusal.
 */
export function imageSize(
  page: { width: number; height: number },
  scale: number,
  maxPixels: number,
): { width: number; height: number } {
  const size = (percent: number) => ({
    width: Math.max(1, Math.round((page.width * percent) / 100)),
    height: Math.max(1, Math.round((page.height * percent) / 100)),
  });
  const asked = size(scale);
  if (asked.width * asked.height <= maxPixels) return asked;
  let fitted = size(scale * Math.sqrt(maxPixels / (asked.width * asked.height)));
  // rounding may leave it a pixel over
  while (fitted.width * fitted.height > maxPixels && (fitted.width > 1 || fitted.height > 1))
    fitted = { width: Math.max(1, fitted.width - 1), height: Math.max(1, fitted.height - 1) };
  return fitted;
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
  // only the nodes on the way to the page are read, not the whole page tree
  const file = PdfFile.open(bytes);
  const node = findPage(file, pageIndex);
  if (!node)
    throw new PdfError(
      'pdf.page_out_of_range',
      `page ${pageIndex} does not exist (${listPages(file).length} pages)`,
    );
  const page = describePage(node, pageIndex);
  checkPageStreams(file, node.dict);
  const { width, height } = imageSize(page, scale, pdfLimits().maxRenderPixels);
  const rgba = await runExclusive(() => drawBitmap(bytes, pageIndex, width, height));
  const { default: sharp } = await import('sharp');
  const image = sharp(rgba, { raw: { width, height, channels: 4 } });
  const encoded = format === 'png' ? image.png() : image.webp({ quality: 80, effort: 2 });
  return encoded.toBuffer();
}
