// Opens the database: the embedded SQLite file (libsql, better-sqlite3 API) by default, or
// PostgreSQL when DATABASE_URL is given. Both go through Kysely with the same migrations.
import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { SqliteDatabase } from 'kysely';
import Sqlite from 'libsql';
import pg from 'pg';
import type { Database } from './schema.js';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://... ; absent means SQLite at `sqliteFile`. */
  databaseUrl?: string | undefined;
  sqliteFile?: string;
  poolSize?: number;
}

export function openDatabase(options: DatabaseOptions): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', close: () => kysely.destroy() };
  }
  const file = options.sqliteFile ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Sqlite(file);
  // WAL lets readers proceed during a write; busy_timeout makes a second process wait its turn
  // instead of failing with SQLITE_BUSY.
  sqlite.exec('PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;');
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite as unknown as SqliteDatabase }),
  });
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
}
