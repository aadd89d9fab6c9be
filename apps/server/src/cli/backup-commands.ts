// `countersign backup DIR` and `countersign restore DIR` (ADR 081), with the server's own settings:
// DATABASE_URL or the SQLite file in DATA_DIR, and BLOB_STORE with its bucket settings.
import { ConfigError, loadConfig, type Config } from '../config.js';
import { backupInstallation, restoreInstallation } from './backup.js';
import { CliError } from './cli-error.js';
import type { CliEnvironment } from './environment.js';
import { BACKUP_USAGE, RESTORE_USAGE } from './usage.js';

function serverConfig(env: NodeJS.ProcessEnv): Config {
  try {
    return loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) throw new CliError('cli.bad_option', err.message);
    throw err;
  }
}

function folderOf(args: string[], usage: string): string {
  const [dir, ...extra] = args;
  if (!dir || extra.length > 0) throw new CliError('cli.usage', `usage: ${usage}`);
  return dir;
}

export async function runBackup(args: string[], io: CliEnvironment): Promise<number> {
  const dir = folderOf(args, BACKUP_USAGE);
  const manifest = await backupInstallation(serverConfig(io.env), dir);
  io.stdout(
    `backed up the ${manifest.database.dialect} database and ${manifest.blobs.length} blobs to ${dir}\n`,
  );
  return 0;
}

export async function runRestore(args: string[], io: CliEnvironment): Promise<number> {
  const dir = folderOf(args, RESTORE_USAGE);
  const manifest = await restoreInstallation(serverConfig(io.env), dir);
  io.stdout(
    `restored the ${manifest.database.dialect} database and ${manifest.blobs.length} blobs of ${manifest.createdAt}; ` +
      'the server brings the schema up to date when it starts\n',
  );
  return 0;
}
