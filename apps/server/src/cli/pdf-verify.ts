// `countersign pdf verify IN [--json] [--at DATE] [--trust-dir DIR] [--trust-anchor FILE.pem ...]`:
// validates every signature against the local root (and any extra anchors), as of now or of
// DATE, each time-stamp holding only while its proof does (EN 319 102-1). Exit 0 only when all pass.

import { X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { parseValidationTime, validatePdf } from '@countersign/pades';
import { CliError } from './cli-error.js';
import { readInputFile } from './input-file.js';
import { PDF_VERIFY_USAGE } from './usage.js';
import { readCliTrustRoot } from './environment.js';
import type { CliEnvironment } from './environment.js';
import { formatReport } from './format-report.js';

async function readAnchors(files: readonly string[]): Promise<Uint8Array[]> {
  const anchors: Uint8Array[] = [];
  for (const file of files) {
    const text = await readFile(file, 'utf8');
    const blocks = text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
    if (blocks.length === 0) throw new CliError('cli.bad_option', `${file} holds no PEM certificate`);
    for (const block of blocks) anchors.push(new Uint8Array(new X509Certificate(block).raw));
  }
  return anchors;
}

export async function runPdfVerify(args: string[], io: CliEnvironment): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      json: { type: 'boolean', default: false },
      at: { type: 'string' },
      'trust-dir': { type: 'string' },
      'trust-anchor': { type: 'string', multiple: true, default: [] },
    },
  });
  const [input] = positionals;
  if (!input || positionals.length > 1) throw new CliError('cli.usage', `usage: ${PDF_VERIFY_USAGE}`);
  const bytes = readInputFile(input);
  const trustAnchors = [
    await readCliTrustRoot(io, values['trust-dir']),
    ...(await readAnchors(values['trust-anchor'])),
  ];
  const at = values.at === undefined ? undefined : parseValidationTime(values.at);
  if (at === null)
    throw new CliError('cli.bad_option', `--at wants a date such as 2036-06-01, not "${values.at}"`);
  const report = validatePdf(bytes, { trustAnchors, ...(at ? { at } : {}) });
  io.stdout(values.json ? `${JSON.stringify(report, null, 2)}\n` : formatReport(report));
  return report.isValid ? 0 : 1;
}
