// The server's own database for the operator's commands (business, maintenance): DATABASE_URL, or
// the SQLite file in DATA_DIR, brought to the schema this build knows as starting the server would.
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase, type Db } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { CliError } from './cli-error.js';

export /** The server's database as its settings name it; an SQLite file must exist already. */
async function openServerDatabase(env: NodeJS.ProcessEnv): Promise<Db> {
  const databaseUrl = env.DATABASE_URL;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new CliError(
      'cli.bad_option',
      'DATABASE_URL must be a postgres:// URL (leave it unset for SQLite)',
    );
  }
  const sqliteFile = path.resolve(env.DATA_DIR ?? './data', 'countersign.db');
  if (!databaseUrl && !fs.existsSync(sqliteFile)) {
    throw new CliError(
      'cli.file_not_found',
      `no database at ${sqliteFile}: set DATA_DIR (or DATABASE_URL) as for the server`,
    );
  }
  const db = openDatabase({ databaseUrl, sqliteFile, poolSize: 1 });
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
