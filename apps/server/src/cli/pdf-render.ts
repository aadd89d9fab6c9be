// `countersign pdf render IN PAGES OUT [--scale N] [--format webp|png]`: pages as images, all in
// one process (PAGES from 1: `3`, `2-5`, `1,4-6` or `all`; scale in percent; format from the
// option, else OUT's extension, else webp). With more than one page, OUT is a pattern whose `%d`
// becomes each page's number.

import { writeFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { parseArgs } from 'node:util';
import { inspectPdf, renderPage } from '@countersign/pdf';
import { CliError } from './cli-error.js';
import { readInputFile } from './input-file.js';
import type { CliEnvironment } from './environment.js';
import { PDF_RENDER_USAGE } from './usage.js';

/** Page numbers (from 1) named by PAGES, in the order given, each once. */
export function parsePageList(text: string, pageCount: number): number[] {
  if (text === 'all') return Array.from({ length: pageCount }, (_, index) => index + 1);
  const pages = new Set<number>();
  for (const part of text.split(',')) {
    const match = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(part);
    const first = Number(match?.[1]);
    const last = match?.[2] === undefined ? first : Number(match[2]);
    if (!match || first < 1 || last < first)
      throw new CliError(
        'cli.bad_option',
        `PAGES takes 3, 2-5, 1,4-6 or all (pages count from 1), not "${text}"`,
      );
    if (last > pageCount)
      throw new CliError(
        'cli.bad_option',
        `page ${last} does not exist (the document has ${pageCount} pages)`,
      );
    for (let page = first; page <= last; page++) pages.add(page);
  }
  return [...pages];
}

export async function runPdfRender(args: string[], io: CliEnvironment): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: { scale: { type: 'string', default: '100' }, format: { type: 'string' } },
  });
  const [input, pagesText, output] = positionals;
  if (!input || !pagesText || !output || positionals.length > 3)
    throw new CliError('cli.usage', `usage: ${PDF_RENDER_USAGE}`);
  const scale = Number(values.scale);
  if (!Number.isFinite(scale) || scale <= 0 || scale > 1000)
    throw new CliError('cli.bad_option', '--scale is a percentage (1-1000)');
  const format = values.format ?? (extname(output).toLowerCase() === '.png' ? 'png' : 'webp');
  if (format !== 'webp' && format !== 'png')
    throw new CliError('cli.bad_option', '--format must be webp or png');
  const bytes = readInputFile(input);
  const pages = parsePageList(pagesText, inspectPdf(bytes).pageCount);
  if (pages.length > 1 && !output.includes('%d'))
    throw new CliError('cli.bad_option', 'with more than one page OUT needs %d where the page number goes');
  for (const page of pages) {
    const path = output.replaceAll('%d', String(page));
    await writeFile(path, await renderPage(bytes, page - 1, { scale, format }));
    io.stdout(`rendered page ${page} of ${input} -> ${path} (${format}, ${scale}%)\n`);
  }
  return 0;
}
