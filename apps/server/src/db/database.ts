// Opens the database: the embedded SQLite file (libsql, better-sqlite3 API) by default, or
// PostgreSQL when DATABASE_URL is given. Both go through Kysely with the same migrations.
import fs from 'node:fs';
import path from 'node:path';
import { CompiledQuery, Kysely, sql, PostgresDialect, SqliteDialect, SqliteDriver } from 'kysely';
import type { DatabaseConnection, SqliteDatabase, SqliteDialectConfig } from 'kysely';
import Sqlite from 'libsql';
import pg from 'pg';
import { createCopyOut, type CopyOut } from './copy-out.js';
import type { Database } from './schema.js';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /** PostgreSQL only: COPY … TO STDOUT streamed, on connections kept for exports */
  copyOut?: CopyOut;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://... ; absent means SQLite at `sqliteFile`. */
  databaseUrl?: string | undefined;
  sqliteFile?: string;
  poolSize?: number;
  /** PostgreSQL: told when an idle connection of the pool was ended by the server */
  onIdleConnectionLost?: (err: Error) => void;
}

/**
 * SQLite transactions take the write lock when they begin (BEGIN IMMEDIATE). A transaction begun
 * plainly reads at first and asks for the lock at its first write; if another connection (another
 * process, or the background worker of ADR 028) wrote in between, SQLite refuses at once with
 * SQLITE_BUSY rather than waiting, since waiting could not help. Asked for at the start, the lock
 * is waited for under busy_timeout like any other write.
 */
class ImmediateTransactionDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateTransactionDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): SqliteDriver {
    return new ImmediateTransactionDriver(this.#config);
  }
}

/** How many compiled SQLite statements a connection keeps (see cachingStatements). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query afresh, and compiling the SQL was a tenth of a signature's
 * database time on the serving thread (bench:api profile), for the same few hundred texts sent
 * again and again. Compiled statements are kept per SQL text, the least recently used dropped
 * first. Reuse is safe because Kysely runs one query at a time on a connection.
 */
function cachingStatements(sqlite: Sqlite.Database): SqliteDatabase {
  const cache = new Map<string, Sqlite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sqlText: string) {
      let statement = cache.get(sqlText);
      if (statement) cache.delete(sqlText);
      else statement = sqlite.prepare(sqlText);
      cache.set(sqlText, statement);
      if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      return statement as unknown as ReturnType<SqliteDatabase['prepare']>;
    },
  };
}

/** How many named statements a PostgreSQL connection prepares (see preparingStatements). */
const PREPARED_STATEMENTS_PER_CONNECTION = 500;

/**
 * node-postgres sends a query with parameters unnamed, so the server parses and plans it each
 * time, and most of a signature's statements are the same few texts again and again. Each
 * connection of the pool names the texts it sends (up to a limit, after which new texts go
 * unnamed): the server then parses a text once per connection and reuses its plan. Texts without
 * parameters (begin, commit, migrations) are sent as they are.
 */
function preparingStatements(client: pg.PoolClient): void {
  const names = new Map<string, string>();
  const send = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const [text, values, callback] = args;
    if (typeof text === 'string' && Array.isArray(values) && values.length > 0 && callback === undefined) {
      let name = names.get(text);
      if (name === undefined && names.size < PREPARED_STATEMENTS_PER_CONNECTION) {
        name = `countersign_${names.size + 1}`;
        names.set(text, name);
      }
      if (name !== undefined) return send({ name, text, values });
    }
    return send(...args);
  }) as typeof client.query;
}

export function openDatabase(options: DatabaseOptions): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    pool.on('connect', preparingStatements);
    // An idle connection the server ended (a restart, a failover, an administrator) is dropped by
    // the pool, which opens a new one when next asked; unheard, the event would end the process.
    pool.on('error', (err) => options.onIdleConnectionLost?.(err));
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const exports = createCopyOut(options.databaseUrl, options.onIdleConnectionLost);
    return {
      kysely,
      dialect: 'postgres',
      copyOut: exports.copyOut,
      close: async () => {
        await Promise.all([kysely.destroy(), exports.close()]);
      },
    };
  }
  const file = options.sqliteFile ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Sqlite(file);
  // WAL lets readers proceed during a write; busy_timeout makes a second process wait its turn
  // instead of failing with SQLITE_BUSY.
  sqlite.exec('PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;');
  const kysely = new Kysely<Database>({
    dialect: new ImmediateTransactionDialect({ database: cachingStatements(sqlite) }),
  });
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
}

/**
 * Refreshes the query planner's statistics, which decide for instance whether the dashboard
 * search starts from the word index or from the account's requests. SQLite has no background
 * analyser, so the server calls this at start and every hour; `analysis_limit` makes it sample a
 * few hundred rows per index, milliseconds even on large files. PostgreSQL's autovacuum keeps its
 * statistics by itself; there this is only used after bulk loads (the benchmark's seed).
 */
export async function refreshPlannerStatistics(db: Db): Promise<void> {
  if (db.dialect === 'sqlite') await sql`PRAGMA analysis_limit = 400`.execute(db.kysely);
  await sql`ANALYZE`.execute(db.kysely);
}

/** For SQLite: refreshes the statistics now and every `intervalMs`; returns the stop function. */
export function scheduleStatistics(db: Db, intervalMs: number, onError: (err: unknown) => void): () => void {
  if (db.dialect !== 'sqlite') return () => {};
  const run = () => void refreshPlannerStatistics(db).catch(onError);
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
