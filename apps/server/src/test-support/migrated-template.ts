// Migrated databases for tests, copied from a template instead of migrated one by one: running
// every migration took about 0.45 s per PostgreSQL database and 0.3 s per SQLite file, paid by
// each of the suite's test apps, while a copy takes a few tens of milliseconds (ADR 066).
// Each template is named by a hash of the migration sources, so a migration added or edited
// since gets a template of its own and no test ever sees a stale schema.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../db/database.js';
import { migrateToLatest, migrationNames } from '../db/migrate.js';

const DB_DIR = fileURLToPath(new URL('../db/', import.meta.url));

/**
 * Hash of migrate.ts and every file of migrations/ (what decides the migrated schema), and of
 * the migrations this process loaded: a process still running code loaded before the files
 * changed must not build a template under the new files' key.
 */
function hashMigrations(): string {
  const hash = createHash('sha256');
  hash.update(migrationNames().join('\n')).update('\0');
  const files = [
    path.join(DB_DIR, 'migrate.ts'),
    ...fs
      .readdirSync(path.join(DB_DIR, 'migrations'))
      .sort()
      .map((name) => path.join(DB_DIR, 'migrations', name)),
  ];
  for (const file of files) hash.update(path.basename(file)).update('\0').update(fs.readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

let migrationsHash: string | undefined;
/** The hash is read once per process: sources do not change under a running test file. */
export function migrationsKey(): string {
  migrationsHash ??= hashMigrations();
  return migrationsHash;
}

/** Retries `run` while PostgreSQL says another session still uses the database (55006). */
async function whileInUse(run: () => Promise<unknown>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await run();
      return;
    } catch (err) {
      if (attempt >= 50 || (err as { code?: string }).code !== '55006') throw err;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

// Any fixed number: the advisory lock that lets one process of the run build the template.
const TEMPLATE_LOCK = 6_606_066;

/**
 * The migrated template database of the cluster at `adminUrl`, built once per cluster and
 * migration set. Test processes of one run (and runs of other worktrees sharing a cluster) take
 * an advisory lock, so one builds it while the others wait; it is migrated under a scratch name
 * and renamed when complete, so a build that died halfway never passes for a template.
 */
async function ensurePostgresTemplate(adminUrl: string): Promise<string> {
  const name = `cs_template_${migrationsKey()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      const scratch = `${name}_building_${randomBytes(4).toString('hex')}`;
      await admin.query(`create database ${scratch}`);
      const url = new URL(adminUrl);
      url.pathname = `/${scratch}`;
      const db = openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
      try {
        await migrateToLatest(db);
      } finally {
        await db.close();
      }
      // the pool's connection may still be closing on the server side
      await whileInUse(() => admin.query(`alter database ${scratch} rename to ${name}`));
      await admin.query(`alter database ${name} is_template true`);
    }
    return name;
  } finally {
    await admin.end();
  }
}

const postgresTemplates = new Map<string, Promise<string>>();

/** A new database in the cluster at `adminUrl`, with every migration applied, and its removal. */
export async function createMigratedPostgresDatabase(
  adminUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  let template = postgresTemplates.get(adminUrl);
  if (!template) {
    template = ensurePostgresTemplate(adminUrl);
    postgresTemplates.set(adminUrl, template);
    template.catch(() => postgresTemplates.delete(adminUrl));
  }
  const templateName = await template;
  const name = `cs_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${templateName}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropPostgresDatabase(adminUrl, name) };
}

/**
 * Drops a test database. The app's pool has been closed by then; its connections may still be
 * finishing, so the drop waits for them rather than forcing them off (which makes closing
 * clients throw).
 */
export async function dropPostgresDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await whileInUse(() => admin.query(`drop database if exists ${name}`));
  } finally {
    await admin.end();
  }
}

let sqliteTemplate: Promise<string> | undefined;

/**
 * The migrated SQLite template file of this migration set, in the temp folder. Processes that
 * build it at the same time each migrate a scratch file and rename it into place; the rename is
 * atomic, so a reader sees a whole template or none.
 */
async function ensureSqliteTemplate(): Promise<string> {
  const file = path.join(os.tmpdir(), `countersign-template-${migrationsKey()}.db`);
  if (fs.existsSync(file)) return file;
  const scratch = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  const db = openDatabase({ sqliteFile: scratch });
  try {
    await migrateToLatest(db);
    // everything into the one file, so copying the file copies the database (a copy is opened
    // like a new file, which turns write-ahead logging on again)
    await sql`PRAGMA journal_mode = DELETE`.execute(db.kysely);
  } finally {
    await db.close();
  }
  fs.renameSync(scratch, file);
  return file;
}

/** Writes a migrated SQLite database to `file` (which must not exist yet). */
export async function copyMigratedSqlite(file: string): Promise<void> {
  if (!sqliteTemplate) {
    sqliteTemplate = ensureSqliteTemplate();
    sqliteTemplate.catch(() => (sqliteTemplate = undefined));
  }
  const template = await sqliteTemplate;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.copyFileSync(template, file, fs.constants.COPYFILE_EXCL);
}
