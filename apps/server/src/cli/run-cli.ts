// Dispatches `countersign <group> <command> ...` and turns every failure into one line,
// `error <code>: message`, and a non-zero exit status (2 for usage errors), never a stack trace.

import { CliError, describeError } from './cli-error.js';
import type { CliEnvironment } from './environment.js';
import { PDF_RENDER_USAGE, runPdfRender } from './pdf-render.js';
import { PDF_SIGN_USAGE, runPdfSign } from './pdf-sign.js';
import { PDF_VERIFY_USAGE, runPdfVerify } from './pdf-verify.js';
import { runTrustExportRoot, TRUST_EXPORT_ROOT_USAGE } from './trust-export-root.js';

type Command = (args: string[], io: CliEnvironment) => Promise<number>;

const COMMANDS: Record<string, Command> = {
  'pdf sign': runPdfSign,
  'pdf verify': runPdfVerify,
  'pdf render': runPdfRender,
  'trust export-root': runTrustExportRoot,
};

export const USAGE = [
  'usage:',
  `  ${PDF_SIGN_USAGE}`,
  `  ${PDF_VERIFY_USAGE}`,
  `  ${PDF_RENDER_USAGE}`,
  `  ${TRUST_EXPORT_ROOT_USAGE}`,
  'environment: DATA_DIR (default ./data; the trust hierarchy lives in $DATA_DIR/trust),',
  '  TRUST_KEK (encrypts the private keys; without it a development key is used, never for real signatures),',
  '  PUBLIC_URL (default http://localhost:3000; certificates point to $PUBLIC_URL/trust for OCSP and CRLs)',
].join('\n');

export async function runCli(argv: readonly string[], io: CliEnvironment): Promise<number> {
  const [group, name, ...rest] = argv;
  if (group === undefined || group === 'help' || group === '--help' || group === '-h') {
    io.stdout(`${USAGE}\n`);
    return group === undefined ? 2 : 0;
  }
  const command = COMMANDS[`${group} ${name ?? ''}`];
  try {
    if (!command)
      throw new CliError(
        'cli.usage',
        `unknown command "${[group, name].filter(Boolean).join(' ')}"\n${USAGE}`,
      );
    return await command(rest, io);
  } catch (error) {
    const { code, message } = describeError(error);
    io.stderr(`error ${code}: ${message}\n`);
    return code === 'cli.usage' ? 2 : 1;
  }
}
