// `countersign trust export-root OUT.pem [--trust-dir DIR]`: writes the local root certificate,
// for pdfsig/NSS (`certutil -A -t "CT,C,C"`), openssl (-CAfile) or a PDF reader's trust list.
// The certificate is public: it is read as stored, without unwrapping any key (ADR 047).

import { X509Certificate } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { CliError } from './cli-error.js';
import { TRUST_EXPORT_ROOT_USAGE } from './usage.js';
import { readCliTrustRoot } from './environment.js';
import type { CliEnvironment } from './environment.js';

export async function runTrustExportRoot(args: string[], io: CliEnvironment): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: { 'trust-dir': { type: 'string' } },
  });
  const [output] = positionals;
  if (!output || positionals.length > 1) throw new CliError('cli.usage', `usage: ${TRUST_EXPORT_ROOT_USAGE}`);
  const root = new X509Certificate(await readCliTrustRoot(io, values['trust-dir']));
  await writeFile(output, root.toString());
  io.stdout(`wrote the root certificate to ${output}\n`);
  return 0;
}
