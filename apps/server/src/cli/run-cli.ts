// Dispatches `countersign <group> <command> ...` and turns every failure into one line,
// `error <code>: message`, and a non-zero exit status (2 for usage errors), never a stack trace.
// Each command is imported when it runs, and only that one: start-up is most of a short command's
// time, and `verify` has no use for the image encoders or the certificate-issuing code.

import { CliError, describeError } from './cli-error.js';
import type { CliEnvironment } from './environment.js';
import { USAGE } from './usage.js';

export { USAGE };

type Command = (args: string[], io: CliEnvironment) => Promise<number>;

const COMMANDS: Record<string, () => Promise<Command>> = {
  'pdf sign': async () => (await import('./pdf-sign.js')).runPdfSign,
  'pdf verify': async () => (await import('./pdf-verify.js')).runPdfVerify,
  'pdf render': async () => (await import('./pdf-render.js')).runPdfRender,
  'trust export-root': async () => (await import('./trust-export-root.js')).runTrustExportRoot,
  ...Object.fromEntries(
    ['list', 'show', 'verify', 'refuse', 'revoke'].map((name) => [
      `business ${name}`,
      async (): Promise<Command> => {
        const { runBusiness } = await import('./business.js');
        return (args, io) => runBusiness(name, args, io);
      },
    ]),
  ),
  ...Object.fromEntries(
    ['show', 'set', 'clear', 'staff'].map((name) => [
      `maintenance ${name}`,
      async (): Promise<Command> => {
        const { runMaintenance } = await import('./maintenance.js');
        return (args, io) => runMaintenance(name, args, io);
      },
    ]),
  ),
};

/** Commands of one word, whose first argument follows the command itself. */
const SINGLE_COMMANDS: Record<string, () => Promise<Command>> = {
  backup: async () => (await import('./backup-commands.js')).runBackup,
  restore: async () => (await import('./backup-commands.js')).runRestore,
};

export async function runCli(argv: readonly string[], io: CliEnvironment): Promise<number> {
  const [group, name, ...rest] = argv;
  if (group === undefined || group === 'help' || group === '--help' || group === '-h') {
    io.stdout(`${USAGE}\n`);
    return group === undefined ? 2 : 0;
  }
  const single = SINGLE_COMMANDS[group];
  const command = single ?? COMMANDS[`${group} ${name ?? ''}`];
  const args = single ? [name, ...rest].filter((arg): arg is string => arg !== undefined) : rest;
  try {
    if (!command)
      throw new CliError(
        'cli.usage',
        `unknown command "${[group, name].filter(Boolean).join(' ')}"\n${USAGE}`,
      );
    return await (
      await command()
    )(args, io);
  } catch (error) {
    const { code, message } = describeError(error);
    io.stderr(`error ${code}: ${message}\n`);
    return code === 'cli.usage' ? 2 : 1;
  }
}
