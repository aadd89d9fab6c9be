// The limits of limits.ts: each hostile family is refused with its own limit's code (or, where the
// reader can recover, read), never with a stack overflow or an internal message; what stays under
// a limit is read as before.
import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { PdfError } from './errors.js';
import { inflate } from './filters.js';
import { inspectPdf } from './inspect.js';
import { DEFAULT_PDF_LIMITS, configurePdfLimits } from './limits.js';
import { renderPage } from './render.js';
import {
  HOSTILE_FAMILIES,
  goodPdf,
  hostilePdf,
  pageWithArrays,
  seededRandom,
  writePdf,
} from './test-support/hostile-pdfs.js';

const MB = 1024 * 1024;

async function refusal(work: () => unknown): Promise<string | undefined> {
  try {
    await work();
    return undefined;
  } catch (error) {
    if (!(error instanceof PdfError)) throw error;
    return error.code;
  }
}

describe('limits on hostile documents', () => {
  afterEach(() => configurePdfLimits({}));

  it('refuses a deflate bomb in a content, object or xref stream with the stream limit, before inflating it all', async () => {
    const random = seededRandom(1);
    const content = await hostilePdf('content-bomb', random);
    // the upload reads the page tree only; the page image inflates the contents first, within the budget
    expect(inspectPdf(content).pageCount).toBe(1);
    const before = process.memoryUsage().rss;
    expect(await refusal(() => renderPage(content, 0))).toBe('pdf.limit.stream_inflated_size');
    expect(await refusal(async () => inspectPdf(await hostilePdf('object-stream-bomb', random)))).toBe(
      'pdf.limit.stream_inflated_size',
    );
    expect(await refusal(async () => inspectPdf(await hostilePdf('xref-stream-bomb', random)))).toBe(
      'pdf.limit.stream_inflated_size',
    );
    // a gibibyte each, refused after at most the 128 MB budget
    expect(process.memoryUsage().rss - before).toBeLessThan(600 * MB);
  });

  it('inflates a stream that could pass 32 MiB in large chunks, and keeps only its output', () => {
    // 48 KiB that do not compress could come from a stream that inflates to 48 MiB
    const data = randomBytes(48 * 1024);
    const out = inflate(deflateSync(data));
    expect(Buffer.compare(out, data)).toBe(0);
    // copied out of zlib's 32 MiB chunk, which is not kept alive by it
    expect(out.buffer.byteLength).toBe(data.length);
  });

  it('counts what the streams of one document inflate to together', async () => {
    configurePdfLimits({ maxStreamBytes: 4 * MB, maxDocumentInflatedBytes: 6 * MB });
    const bomb = await hostilePdf('content-bomb', seededRandom(2), 3 * MB);
    // one 3 MB stream fits both limits; the document limit is per document read, not per process
    expect((await renderPage(bomb, 0)).length).toBeGreaterThan(0);
    configurePdfLimits({ maxStreamBytes: 4 * MB, maxDocumentInflatedBytes: 2 * MB });
    expect(await refusal(() => renderPage(bomb, 0))).toBe('pdf.limit.document_inflated_size');
  });

  it('refuses huge strings and names by the string limit, and reads one under it', async () => {
    const random = seededRandom(3);
    for (let i = 0; i < 4; i++) {
      expect(await refusal(async () => inspectPdf(await hostilePdf('huge-string', random)))).toBe(
        'pdf.limit.string_size',
      );
      expect(await refusal(async () => inspectPdf(await hostilePdf('huge-name', random)))).toBe(
        'pdf.limit.string_size',
      );
    }
    const under = goodPdf('under', `/Long (${'\\101'.repeat(2 * MB)}) /LongHex <${'42'.repeat(MB)}> `);
    expect(inspectPdf(under).pageCount).toBe(1);
  });

  it('stops deep nesting at the depth limit, not with a stack overflow', async () => {
    const deep = goodPdf('deep', `/Deep ${'['.repeat(100_000)}${']'.repeat(100_000)} `);
    const error = await refusal(() => inspectPdf(deep));
    expect(error).toBe('pdf.limit.nesting_depth');
    const shallow = goodPdf('shallow', `/Deep ${'['.repeat(200)}${']'.repeat(200)} `);
    expect(inspectPdf(shallow).pageCount).toBe(1);
  });

  it('draws a page whose annotations and another object it names are arrays of a million numbers', async () => {
    const bytes = pageWithArrays(1_000_000);
    expect(inspectPdf(bytes).pageCount).toBe(1);
    // the walk to the page's streams once spread each array into one call, past the stack's size
    const meta = await sharp(await renderPage(bytes, 0, { scale: 10 })).metadata();
    expect([meta.width, meta.height]).toEqual([60, 84]);
  });

  it('refuses an array longer than the limit where it is read, and reads one as long as it', async () => {
    configurePdfLimits({ maxArrayLength: 1000 });
    const within = goodPdf('within', `/Long [${'1 0 R '.repeat(1000)}] `);
    expect(inspectPdf(within).pageCount).toBe(1);
    const beyond = goodPdf('beyond', `/Long [${'0 '.repeat(1001)}] `);
    expect(await refusal(() => inspectPdf(beyond))).toBe('pdf.limit.array_length');
    // an object the upload does not read is refused when the page image reaches it
    const named = writePdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Other 4 0 R >>',
      `[${'0 '.repeat(1001)}]`,
    ]);
    expect(inspectPdf(named).pageCount).toBe(1);
    expect(await refusal(() => renderPage(named, 0))).toBe('pdf.limit.array_length');
  });

  it('refuses declared counts beyond the object and page limits without walking them', async () => {
    const good = goodPdf().toString('latin1');
    const table = Buffer.from(good.replace(/xref\n0 \d+/, 'xref\n0 1000000000'), 'latin1');
    expect(await refusal(() => inspectPdf(table))).toBe('pdf.limit.object_count');
    const stream = await hostilePdf('huge-count', seededRandom(5));
    expect(await refusal(() => inspectPdf(stream))).toMatch(/^pdf\./);
    configurePdfLimits({ maxPages: 2 });
    const many = inspectPdfPages(3);
    expect(await refusal(() => inspectPdf(many))).toBe('pdf.limit.page_count');
  });

  it('refuses page boxes beyond the size limit, and draws large ones clamped to the pixel limit', async () => {
    const endless = goodPdf('big', '', `0 0 1${'0'.repeat(30)} 100`);
    expect(await refusal(() => inspectPdf(endless))).toBe('pdf.limit.page_size');
    const largest = goodPdf('largest', '', '0 0 14400 14400');
    configurePdfLimits({ maxRenderPixels: 1_000_000 });
    const image = await renderPage(largest, 0, { scale: 400, format: 'png' });
    const meta = await sharp(image).metadata();
    expect(meta.width! * meta.height!).toBeLessThanOrEqual(1_000_000);
    expect(meta.width).toBeGreaterThan(990);
    expect(meta.width).toBe(meta.height);
  });

  it('never answers a hostile family with anything but a PdfError, nor echoes an internal error', async () => {
    const random = seededRandom(11);
    // each document of these takes the renderer seconds to draw or to refuse
    const isSlow = (family: string) => family === 'huge-array' || family === 'heavy-content';
    for (const family of HOSTILE_FAMILIES) {
      for (let round = 0; round < (isSlow(family) ? 1 : 3); round++) {
        const bytes = await hostilePdf(family, random, 64 * MB);
        for (const work of [() => inspectPdf(bytes), () => renderPage(bytes, 0)]) {
          try {
            await work();
          } catch (error) {
            expect(error, `${family} round ${round}`).toBeInstanceOf(PdfError);
            expect((error as Error).message).not.toMatch(/RangeError|TypeError|call stack|Aborted/);
          }
        }
      }
    }
    // reading and drawing every family takes tens of seconds, more on a busy machine
  }, 150_000);
});

/** A document with `count` real pages (the page tree lists each). */
function inspectPdfPages(count: number): Buffer {
  const pages = Array.from(
    { length: count },
    () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] >>',
  );
  const kids = pages.map((_, i) => `${3 + i} 0 R`).join(' ');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${count} >>`,
    ...pages,
  ];
  const parts = ['%PDF-1.7\n'];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  objects.forEach((body, i) => {
    offsets.push(length);
    const text = `${i + 1} 0 obj\n${body}\nendobj\n`;
    parts.push(text);
    length += text.length;
  });
  parts.push(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`);
  for (const offset of offsets) parts.push(`${String(offset).padStart(10, '0')} 00000 n \n`);
  parts.push(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`);
  expect(DEFAULT_PDF_LIMITS.maxPages).toBeGreaterThan(count);
  return Buffer.from(parts.join(''), 'latin1');
}
