// `countersign pdf verify IN [--json] [--trust-dir DIR] [--trust-anchor FILE.pem ...]`: validates
// every signature against the local root (and any extra anchors). Exit 0 only when all pass.

import { X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { validatePdf } from '@countersign/pades';
import { CliError } from './cli-error.js';
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
      'trust-dir': { type: 'string' },
      'trust-anchor': { type: 'string', multiple: true, default: [] },
    },
  });
  const [input] = positionals;
  if (!input || positionals.length > 1) throw new CliError('cli.usage', `usage: ${PDF_VERIFY_USAGE}`);
  const bytes = new Uint8Array(await readFile(input));
  const trustAnchors = [
    await readCliTrustRoot(io, values['trust-dir']),
    ...(await readAnchors(values['trust-anchor'])),
  ];
  const report = validatePdf(bytes, { trustAnchors });
  io.stdout(values.json ? `${JSON.stringify(report, null, 2)}\n` : formatReport(report));
  return report.isValid ? 0 : 1;
}
