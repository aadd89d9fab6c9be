// Rendering the corpus's 117-page file beside the peers: per page in-process (our renderPage, and
// PDFBox in a warm JVM) against `mutool draw` as a whole process, and 20 pages as whole processes
// (`countersign pdf render FILE 1-20`, `mutool draw`, PDFBox), interleaved. PNG at 72 dpi (scale
// 100) for all. Ratios are ours / peer: lower is better.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { renderPage } from '@countersign/pdf';
import { readCorpusPdf, realWorldPdfDir } from '@countersign/pdf/test-corpus';
import { hasCommand, preparePdfBox } from './peers.js';
import { interleave, medianOf, pairedRatio } from './whole-process.js';
import type { Command } from './whole-process.js';

const FILE = 'GeoTopo-komprimiert.pdf';
const PAGES = 20;
const ROUNDS = 3;
const RUNS = 5;
const CLI = ['node', resolve(import.meta.dirname, '../../apps/server/bin/countersign.mjs')];

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchRenderAgainstPeers(): Promise<void> {
  if (!hasCommand('mutool')) {
    console.log('\nmutool left out, and the comparison with it: apt-get install mupdf-tools');
    return;
  }
  const path = join(realWorldPdfDir(), FILE);
  const bytes = new Uint8Array(readCorpusPdf(FILE));
  const work = mkdtempSync(join(tmpdir(), 'bench-render-peers-'));
  const pdfbox = preparePdfBox();
  try {
    // per page: ours in-process, mutool whole process, PDFBox warm
    const ours: number[] = [];
    const mutool: number[] = [];
    for (let round = 0; round < RUNS; round++)
      for (const page of [0, 1, 2]) {
        let start = performance.now();
        await renderPage(bytes, page, { scale: 100, format: 'png' });
        ours.push(performance.now() - start);
        start = performance.now();
        execFileSync('mutool', ['draw', '-q', '-r', '72', '-o', join(work, 'm.png'), path, String(page + 1)]);
        mutool.push(performance.now() - start);
      }
    const [java, ...javaArgs] = pdfbox?.argv('time-render', path, '1', '72', '10') ?? [];
    const pdfboxWarm = java ? Number(execFileSync(java, javaArgs, { encoding: 'utf8' }).trim()) : undefined;
    console.log(
      `\nThe corpus's 117-page file, pages 1-3, PNG at 72 dpi, medians of ${RUNS} rounds (ms per page)\n`,
    );
    console.log(`renderPage in-process         ${median(ours).toFixed(1)}`);
    console.log(
      `mutool draw, whole process    ${median(mutool).toFixed(1)}   ours/mutool ${(median(ours) / median(mutool)).toFixed(2)}x (target at most 0.8x)`,
    );
    if (pdfboxWarm)
      console.log(
        `PDFBox, warm JVM              ${pdfboxWarm.toFixed(1)}   ours/PDFBox ${(median(ours) / pdfboxWarm).toFixed(2)}x`,
      );

    // 20 pages, whole processes
    const commands: Command[] = [
      {
        label: `countersign pdf render 1-${PAGES}`,
        argv: [...CLI, 'pdf', 'render', path, `1-${PAGES}`, join(work, 'c-%d.png')],
      },
      {
        label: `mutool draw 1-${PAGES}`,
        argv: ['mutool', 'draw', '-q', '-r', '72', '-o', join(work, 'm-%d.png'), path, `1-${PAGES}`],
      },
      ...(pdfbox
        ? [
            {
              label: `PDFBox 1-${PAGES}`,
              argv: pdfbox.argv('render', path, '1', String(PAGES), '72', join(work, 'p-')),
            },
          ]
        : []),
    ];
    const runs = interleave(commands, ROUNDS);
    const base = runs.get(commands[0]!.label)!;
    console.log(`\n${PAGES} pages as whole processes, interleaved, medians of ${ROUNDS} rounds\n`);
    for (const [label, figures] of runs) {
      const perPage = medianOf(figures, 'wallMs') / PAGES;
      const ratio =
        figures === base
          ? ''
          : `ours/this ${pairedRatio(base, figures, 'wallMs').toFixed(2)}x wall, ${pairedRatio(base, figures, 'cpuMs').toFixed(2)}x cpu`;
      console.log(
        `${label.padEnd(34)} ${medianOf(figures, 'wallMs').toFixed(0).padStart(6)} ms wall  ${medianOf(figures, 'cpuMs').toFixed(0).padStart(6)} ms cpu  ${perPage.toFixed(1).padStart(6)} ms/page  ${medianOf(figures, 'peakMiB').toFixed(0).padStart(4)} MiB  ${ratio}`,
      );
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
