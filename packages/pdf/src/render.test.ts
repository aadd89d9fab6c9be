import { PDFiumLibrary } from '@hyzyla/pdfium';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { inspectPdf } from './inspect.js';
import { prepareRenderer, renderPage, rendererHeapBytes } from './render.js';
import { configurePdfLimits } from './limits.js';
import { goodPdf, nestedClips, streamBody, writePdf } from './test-support/hostile-pdfs.js';
import { readCorpus } from './test-helpers.js';

const MB = 1024 * 1024;

describe('renderPage', () => {
  it('renders WebP at one pixel per point by default', async () => {
    const bytes = readCorpus('pdflatex-4-pages.pdf');
    const page = inspectPdf(bytes).pages[1]!;
    const image = await renderPage(bytes, 1);
    const meta = await sharp(image).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([Math.round(page.width), Math.round(page.height)]);
  });

  it('renders PNG at the requested scale, with the rotated size of a rotated page', async () => {
    const bytes = readCorpus('habibi-rotated.pdf');
    const summary = inspectPdf(bytes);
    const index = summary.pages.findIndex((page) => page.rotate === 90 || page.rotate === 270);
    const page = summary.pages[index]!;
    const image = await renderPage(bytes, index, { scale: 50, format: 'png' });
    const meta = await sharp(image).metadata();
    expect(meta.format).toBe('png');
    expect([meta.width, meta.height]).toEqual([Math.round(page.width / 2), Math.round(page.height / 2)]);
    // Something was drawn: the page is not one flat colour.
    const stats = await sharp(image).stats();
    expect(stats.channels.some((channel) => channel.min !== channel.max)).toBe(true);
  });

  it("fits a placeholder inside its box, keeping the page's proportions, at the quality asked for", async () => {
    const bytes = readCorpus('pdflatex-4-pages.pdf');
    const page = inspectPdf(bytes).pages[0]!;
    const box = { width: 10, height: 10 };
    const tiny = await renderPage(bytes, 0, { scale: 200, box, quality: 50 });
    const meta = await sharp(tiny).metadata();
    expect(meta.format).toBe('webp');
    // a portrait page: as tall as the box, as wide as its proportions say
    expect(meta.height).toBe(10);
    expect(meta.width).toBe(Math.round((10 * page.width) / page.height));
    const sharper = await renderPage(bytes, 0, { box, quality: 100 });
    expect(tiny.length).toBeLessThan(sharper.length);
  });

  it("draws a form's field values, which only the form's own drawing pass shows", async () => {
    const bytes = readCorpus('pdflatex-forms.pdf');
    const pixels = async (image: Uint8Array | Buffer) => sharp(image).removeAlpha().raw().toBuffer();
    const ours = await pixels(await renderPage(bytes, 0, { format: 'png' }));
    const pdfium = await PDFiumLibrary.init();
    const document = await pdfium.loadDocument(bytes);
    try {
      const { width, height } = inspectPdf(bytes).pages[0]!;
      const size = { width: Math.round(width), height: Math.round(height), scale: 1 };
      const withoutForm = await document
        .getPage(0)
        .render({ ...size, render: 'bitmap', renderFormFields: false });
      const raw = sharp(withoutForm.data, { raw: { width: size.width, height: size.height, channels: 4 } });
      expect(ours.equals(await raw.removeAlpha().raw().toBuffer())).toBe(false);
    } finally {
      document.destroy();
    }
  });

  it('refuses pages that do not exist and documents that are not PDFs', async () => {
    const bytes = readCorpus('minimal-document.pdf');
    await expect(renderPage(bytes, 1)).rejects.toMatchObject({ code: 'pdf.page_out_of_range' });
    await expect(renderPage(Buffer.from('nope'), 0)).rejects.toMatchObject({ code: 'pdf.not_pdf' });
  });

  it('lets go of the memory a poster-sized image took, and draws the next page with a new engine', async () => {
    const poster = goodPdf('A poster', '', '0 0 14400 14400');
    const image = await renderPage(poster, 0, { scale: 100 });
    const meta = await sharp(image).metadata();
    // clamped to the pixel limit (16 million pixels by default): 64 MB of bitmap in PDFium's heap
    expect(meta.width! * meta.height!).toBeGreaterThan(15_000_000);
    expect(meta.width! * meta.height!).toBeLessThanOrEqual(16_000_000);
    expect(await rendererHeapBytes()).toBeLessThan(32 * 1024 * 1024);
    await renderPage(goodPdf('A letter'), 0, { scale: 100 });
    expect(await rendererHeapBytes()).toBeGreaterThan(0);
    expect(await rendererHeapBytes()).toBeLessThan(32 * 1024 * 1024);
  });

  it("refuses a page that needs more than the renderer's memory limit, and draws the next with a new engine", async () => {
    configurePdfLimits({ maxRenderMemoryBytes: 64 * MB });
    try {
      // PDFium keeps every path above each level: some 250 MB for 5,000 levels
      await expect(renderPage(nestedClips(5000), 0)).rejects.toMatchObject({
        code: 'pdf.limit.render_memory',
      });
      expect(await rendererHeapBytes()).toBe(0);
      const meta = await sharp(await renderPage(goodPdf('After'), 0, { scale: 400 })).metadata();
      expect([meta.width, meta.height]).toEqual([2380, 3368]);
      expect(await rendererHeapBytes()).toBeLessThanOrEqual(64 * MB);
    } finally {
      configurePdfLimits({});
    }
  });

  it("refuses a document larger than the renderer's memory limit lets it load", async () => {
    configurePdfLimits({ maxRenderMemoryBytes: 32 * MB });
    try {
      // 40 MB of data no page uses: the document is copied into the heap whole
      const large = writePdf([
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] >>',
        streamBody(Buffer.alloc(40 * MB, 0x41)),
      ]);
      await expect(renderPage(large, 0)).rejects.toMatchObject({ code: 'pdf.limit.render_memory' });
      expect((await renderPage(goodPdf('Small'), 0)).length).toBeGreaterThan(0);
    } finally {
      configurePdfLimits({});
    }
  });

  it('loads an engine before any page is asked for, when told to prepare', async () => {
    // a poster leaves no engine behind, so only the preparation can load one
    await renderPage(goodPdf('A poster', '', '0 0 14400 14400'), 0, { scale: 100 });
    expect(await rendererHeapBytes()).toBe(0);
    await prepareRenderer();
    expect(await rendererHeapBytes()).toBeGreaterThan(0);
  });
});
