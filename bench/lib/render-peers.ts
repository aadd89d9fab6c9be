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
import { interleave, medianOf, pairedRatio, runOnce } from './whole-process.js';
import type { Command, ProcessFigures } from './whole-process.js';

const FILE = 'GeoTopo-komprimiert.pdf';
const PAGES = 20;
const ROUNDS = 3;
const RUNS = 5;
const CLI = ['node', resolve(import.meta.dirname, '../../apps/server/bin/countersign.mjs')];

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
    // per page: ours in-process, mutool whole process, PDFBox warm; wall and CPU time (a machine
    // shared with other work stretches wall time), ratios paired run by run
    const ours: ProcessFigures[] = [];
    const mutool: ProcessFigures[] = [];
    // warm, as a server is: PDFium's WebAssembly is compiled again, optimised, in the background
    // during the first renders, and that work would land in their CPU time
    for (let round = 0; round < 3; round++)
      for (const page of [0, 1, 2]) await renderPage(bytes, page, { scale: 100, format: 'png' });
    for (let round = 0; round < RUNS; round++)
      for (const page of [0, 1, 2]) {
        const cpuStart = process.cpuUsage();
        const start = performance.now();
        await renderPage(bytes, page, { scale: 100, format: 'png' });
        const cpu = process.cpuUsage(cpuStart);
        ours.push({ wallMs: performance.now() - start, cpuMs: (cpu.user + cpu.system) / 1000, peakMiB: 0 });
        mutool.push(
          runOnce({
            label: 'mutool draw',
            argv: ['mutool', 'draw', '-q', '-r', '72', '-o', join(work, 'm.png'), path, String(page + 1)],
          }),
        );
      }
    const [java, ...javaArgs] = pdfbox?.argv('time-render', path, '1', '72', '10') ?? [];
    const pdfboxWarm = java ? Number(execFileSync(java, javaArgs, { encoding: 'utf8' }).trim()) : undefined;
    console.log(
      `\nThe corpus's 117-page file, pages 1-3, PNG at 72 dpi, medians of ${RUNS} rounds (ms per page)\n`,
    );
    const oursWall = medianOf(ours, 'wallMs');
    console.log(
      `renderPage in-process         ${oursWall.toFixed(1)} wall, ${medianOf(ours, 'cpuMs').toFixed(1)} cpu`,
    );
    console.log(
      `mutool draw, whole process    ${medianOf(mutool, 'wallMs').toFixed(1)} wall, ${medianOf(mutool, 'cpuMs').toFixed(1)} cpu   ours/mutool ${pairedRatio(ours, mutool, 'wallMs').toFixed(2)}x wall, ${pairedRatio(ours, mutool, 'cpuMs').toFixed(2)}x cpu (target at most 0.8x)`,
    );
    if (pdfboxWarm)
      console.log(
        `PDFBox, warm JVM              ${pdfboxWarm.toFixed(1)} wall   ours/PDFBox ${(oursWall / pdfboxWarm).toFixed(2)}x`,
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
