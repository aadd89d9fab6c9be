// Page rendering benchmark: median milliseconds per page for our renderPage (PDFium WASM + sharp)
// and for poppler's pdftoppm, at scale 100 (72 dpi) and 200 (144 dpi), PNG output for both so
// the encoders compare like for like; WebP (our default) is shown as well. Then the corpus's
// 117-page file beside mutool and PDFBox (lib/render-peers.ts). Not a test.
// Run: npm run bench:render   (reads the corpus at test-fixtures/corpus, or the folder CORPUS_DIR names)

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspectPdf, renderPage } from '../packages/pdf/src/index.js';
import { realWorldPdfDir } from '../packages/pdf/src/test-corpus.js';
import { benchRenderAgainstPeers } from './lib/render-peers.js';

const FILES = ['pdflatex-4-pages.pdf', 'multicolumn.pdf', 'cmyk-image.pdf', 'GeoTopo-komprimiert.pdf'];
const PAGES_PER_FILE = 3;
const RUNS = 3;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function timeOurs(
  bytes: Uint8Array,
  page: number,
  scale: number,
  format: 'png' | 'webp',
): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    await renderPage(bytes, page, { scale, format });
    times.push(performance.now() - start);
  }
  return median(times);
}

function timePoppler(path: string, page: number, scale: number, out: string): number {
  const times: number[] = [];
  const dpi = String((72 * scale) / 100);
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    execFileSync('pdftoppm', [
      '-r',
      dpi,
      '-f',
      String(page + 1),
      '-l',
      String(page + 1),
      '-png',
      '-singlefile',
      path,
      out,
    ]);
    times.push(performance.now() - start);
  }
  return median(times);
}

async function main(): Promise<void> {
  const corpus = realWorldPdfDir();
  const work = mkdtempSync(join(tmpdir(), 'bench-render-'));
  // The first call initialises PDFium; keep it out of the figures.
  await renderPage(readFileSync(join(corpus, FILES[0]!)), 0);
  const rows: string[][] = [];
  for (const name of FILES) {
    const bytes = readFileSync(join(corpus, name));
    const path = join(work, name);
    writeFileSync(path, bytes);
    const pages = Math.min(PAGES_PER_FILE, inspectPdf(bytes).pageCount);
    for (const scale of [100, 200]) {
      const ours: number[] = [];
      const oursWebp: number[] = [];
      const poppler: number[] = [];
      for (let page = 0; page < pages; page++) {
        ours.push(await timeOurs(bytes, page, scale, 'png'));
        oursWebp.push(await timeOurs(bytes, page, scale, 'webp'));
        poppler.push(timePoppler(path, page, scale, join(work, 'out')));
      }
      rows.push([
        name,
        String(scale),
        String(pages),
        median(ours).toFixed(1),
        median(oursWebp).toFixed(1),
        median(poppler).toFixed(1),
      ]);
    }
  }
  rmSync(work, { recursive: true, force: true });
  const header = ['file', 'scale %', 'pages', 'renderPage png ms', 'renderPage webp ms', 'pdftoppm png ms'];
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
  const format = (row: string[]): string =>
    row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log(`median ms per page (${RUNS} runs each, first ${PAGES_PER_FILE} pages)`);
  console.log(format(header));
  for (const row of rows) console.log(format(row));
}

if (!process.env.BENCH_PEERS_ONLY) await main();
await benchRenderAgainstPeers();
