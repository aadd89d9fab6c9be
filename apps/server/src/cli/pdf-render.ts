// `countersign pdf render IN PAGE OUT [--scale N] [--format webp|png]`: one page as an image
// (PAGE from 1; scale in percent; format from the option, else OUT's extension, else webp).

import { readFile, writeFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { parseArgs } from 'node:util';
import { renderPage } from '@countersign/pdf';
import { CliError } from './cli-error.js';
import type { CliEnvironment } from './environment.js';

export const PDF_RENDER_USAGE = 'countersign pdf render IN PAGE OUT [--scale PERCENT] [--format webp|png]';

export async function runPdfRender(args: string[], io: CliEnvironment): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: { scale: { type: 'string', default: '100' }, format: { type: 'string' } },
  });
  const [input, pageText, output] = positionals;
  if (!input || !pageText || !output || positionals.length > 3)
    throw new CliError('cli.usage', `usage: ${PDF_RENDER_USAGE}`);
  const page = Number(pageText);
  const scale = Number(values.scale);
  if (!Number.isInteger(page) || page < 1) throw new CliError('cli.bad_option', 'PAGE counts from 1');
  if (!Number.isFinite(scale) || scale <= 0 || scale > 1000)
    throw new CliError('cli.bad_option', '--scale is a percentage (1-1000)');
  const format = values.format ?? (extname(output).toLowerCase() === '.png' ? 'png' : 'webp');
  if (format !== 'webp' && format !== 'png')
    throw new CliError('cli.bad_option', '--format must be webp or png');
  const image = await renderPage(new Uint8Array(await readFile(input)), page - 1, { scale, format });
  await writeFile(output, image);
  io.stdout(`rendered page ${page} of ${input} -> ${output} (${format}, ${scale}%)\n`);
  return 0;
}
