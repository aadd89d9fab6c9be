// Page images: PDFium (WASM, an engine started on first use whose heap has a ceiling,
// pdfium-engine.ts) draws the page into an RGBA bitmap and sharp encodes it as WebP or PNG. Scale is in percent of 72 dpi: 100 gives one pixel per
// point, 200 gives two. The page's size comes from our own reader (the page found by /Count, not
// a walk of the whole tree), so the image size is round(points * scale / 100) whatever PDFium
// would have chosen. Both libraries are imported on first use: whoever reads or signs PDFs
// through this package never pays for loading them.

import { PdfError } from './errors.js';
import { describePage } from './inspect.js';
import { checkPageStreams } from './page-streams.js';
import { findPage, listPages } from './pages.js';
import { PdfFile } from './pdf-file.js';
import { pdfLimits } from './limits.js';
import { startPdfiumEngine, type PdfiumEngine } from './pdfium-engine.js';

export interface RenderOptions {
  /** Percent of 72 dpi; default 100 (one pixel per PDF point). */
  scale?: number;
  format?: 'webp' | 'png';
  /** The image fitted inside a box of this many pixels instead, whatever `scale` says (a placeholder). */
  box?: { width: number; height: number };
  /** WebP quality, 1-100; default 80. */
  quality?: number;
}

/** The percent of 72 dpi at which a page of `page` points fits inside `box` pixels. */
export function scaleToFit(
  page: { width: number; height: number },
  box: { width: number; height: number },
): number {
  return Math.min((box.width / page.width) * 100, (box.height / page.height) * 100);
}

let engine: Promise<PdfiumEngine> | undefined;
/** The memory limit `engine` was started with. */
let engineCeiling = 0;
/**
 * A heap past this after a page is left behind with its engine: the heap never shrinks, so one
 * poster or one heavy page would otherwise keep its memory for the thread's life. A new engine's
 * heap is 18 MB; one that drew an A4 page at 400 % holds 39 MB and is kept, one that drew a
 * poster at 16 million pixels holds 63 MB (measured 2026-11-29).
 */
const RENEW_AFTER_HEAP_BYTES = 48 * 1024 * 1024;
let queue: Promise<unknown> = Promise.resolve();

function loadEngine(): Promise<PdfiumEngine> {
  const ceiling = pdfLimits().maxRenderMemoryBytes;
  // limits configured anew apply from the next render
  if (ceiling !== engineCeiling) engine = undefined;
  engineCeiling = ceiling;
  engine ??= startPdfiumEngine(ceiling).catch((error: unknown) => {
    engine = undefined;
    throw error;
  });
  return engine;
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
  const current = await engine?.catch(() => undefined);
  return current?.heapBytes() ?? 0;
}

/** PDFium has one WASM heap; documents are loaded and drawn one at a time. */
function runExclusive<T>(task: () => Promise<T>): Promise<T> {
  const result = queue.then(task, task);
  queue = result.catch(() => undefined);
  return result;
}

function overCeiling(pageIndex: number): PdfError {
  return new PdfError(
    'pdf.limit.render_memory',
    `drawing page ${pageIndex + 1} needs more than ${pdfLimits().maxRenderMemoryBytes} bytes of renderer memory`,
  );
}

async function drawBitmap(
  bytes: Uint8Array,
  pageIndex: number,
  width: number,
  height: number,
): Promise<Uint8Array> {
  const loading = loadEngine();
  const current = await loading;
  // An engine that failed (refused memory, or an abort) fails every later call: the next render
  // starts a new one, and this one is refused with the limit's code, or without PDFium's words.
  const leaveBehind = (): void => {
    if (engine === loading) engine = undefined;
  };
  const refusal = (error: unknown, message: string): PdfError => {
    leaveBehind();
    if (current.isOverCeiling) return overCeiling(pageIndex);
    return error instanceof PdfError ? error : new PdfError('pdf.corrupt', message);
  };
  let document;
  try {
    document = await current.library.loadDocument(bytes);
  } catch (error) {
    throw refusal(error, 'the renderer cannot open the document');
  }
  try {
    const page = document.getPage(pageIndex);
    const image = await page.render({ width, height, scale: 1, render: 'bitmap', renderFormFields: true });
    // a page is never drawn by an engine that was refused memory, whatever came back
    if (current.isOverCeiling) throw overCeiling(pageIndex);
    return image.data;
  } catch (error) {
    throw refusal(error, `the renderer failed on page ${pageIndex + 1}`);
  } finally {
    try {
      document.destroy();
    } catch {
      leaveBehind();
    }
    // a heap that grew for this page would keep its size for the thread's life
    if (current.heapBytes() > RENEW_AFTER_HEAP_BYTES) leaveBehind();
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
  const percent = options.box ? scaleToFit(page, options.box) : scale;
  const { width, height } = imageSize(page, percent, pdfLimits().maxRenderPixels);
  const rgba = await runExclusive(() => drawBitmap(bytes, pageIndex, width, height));
  const { default: sharp } = await import('sharp');
  const image = sharp(rgba, { raw: { width, height, channels: 4 } });
  const encoded = format === 'png' ? image.png() : image.webp({ quality: options.quality ?? 80, effort: 2 });
  return encoded.toBuffer();
}
