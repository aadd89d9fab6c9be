// Builds the app for tests on a fresh database of either kind: a temp SQLite file, or a new
// database created inside the PostgreSQL cluster that `npm test` starts (TEST_DATABASE_URL);
// both are copies of a migrated template (migrated-template.ts).
// Database tests loop over `testDatabases()`, so each runs against both.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOverrides } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type Db } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import type { Clock } from '../lib/clock.js';
import type { Failpoint } from '../lib/failpoint.js';
import type { Mailer } from '../providers/mail/mailer.js';
import {
  copyMigratedSqlite,
  createMigratedPostgresDatabase,
  dropPostgresDatabase,
} from './migrated-template.js';
import { startCscSandbox, type RunningCscSandbox } from './csc-sandbox.js';

export { freePort } from './ports.js';

export type TestDatabaseKind = 'sqlite' | 'postgres';

export function testDatabases(): TestDatabaseKind[] {
  if (process.env['TEST_DATABASE_URL']) return ['sqlite', 'postgres'];
  if (process.env['CI'])
    throw new Error('TEST_DATABASE_URL is not set: CI must run the database tests on PostgreSQL too');
  console.warn(
    'TEST_DATABASE_URL is not set: database tests run on SQLite only (npm test starts PostgreSQL)',
  );
  return ['sqlite'];
}

/** A clock tests can move forward. */
export function createTestClock(
  start = new Date('2026-11-22T10:00:00Z'),
): Clock & { advance(ms: number): void } {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance: (ms) => (now += ms),
    sleep: async (ms) => {
      now += ms;
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  db: Db;
  /** the sandbox QTSP process the app signs qualified signatures with, when asked for (`csc`) */
  qtsp: RunningCscSandbox | undefined;
  /** Closes the app and builds it again on the same database and data folder, as a restart does. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** A new, empty database in the cluster at `adminUrl` (default TEST_DATABASE_URL). */
export async function createPostgresDatabase(
  adminUrl = process.env['TEST_DATABASE_URL'],
): Promise<{ url: string; drop(): Promise<void> }> {
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `cs_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropPostgresDatabase(adminUrl, name) };
}

/** A new database in the TEST_DATABASE_URL cluster with every migration applied (ADR 066). */
function createMigratedTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env['TEST_DATABASE_URL'];
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  return createMigratedPostgresDatabase(adminUrl);
}

export async function createTestApp(
  kind: TestDatabaseKind,
  options: {
    clock?: Clock;
    mailer?: Mailer;
    env?: Record<string, string>;
    failpoint?: Failpoint;
    onRoute?: AppOverrides['onRoute'];
    pdf?: AppOverrides['pdf'];
    onPaymentEvent?: AppOverrides['onPaymentEvent'];
    /** where the app logs (with LOG_LEVEL in `env`), for tests that read the log lines */
    logStream?: AppOverrides['logStream'];
    /**
     * start the sandbox QTSP as its own process and configure it for eIDAS and ZertES (ADR 076);
     * `pwdotp` has it unlock ZertES credentials by password and code, as Swisscom does (ADR 087)
     */
    csc?: boolean | 'pwdotp';
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'countersign-test-'));
  const pgDb = kind === 'postgres' ? await createMigratedTestDatabase() : undefined;
  const sqliteFile = path.join(dataDir, 'countersign.db');
  if (kind === 'sqlite' && !options.env?.['DATABASE_URL']) await copyMigratedSqlite(sqliteFile);
  const publicUrl = 'http://countersign.test';
  const qtsp = options.csc
    ? await startCscSandbox(
        { dataDir, databaseUrl: pgDb?.url, publicUrl },
        { pwdotp: options.csc === 'pwdotp' },
      )
    : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: publicUrl,
    ...qtsp?.settings(),
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    LOG_LEVEL: 'silent',
    ...(pgDb && { DATABASE_URL: pgDb.url }),
    ...options.env,
  });
  const db = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile });
  const build = () =>
    buildApp(config, {
      db,
      ...(options.clock && { clock: options.clock }),
      ...(options.mailer && { mailer: options.mailer }),
      ...(options.failpoint && { failpoint: options.failpoint }),
      ...(options.onRoute && { onRoute: options.onRoute }),
      ...(options.pdf && { pdf: options.pdf }),
      ...(options.onPaymentEvent && { onPaymentEvent: options.onPaymentEvent }),
      ...(options.logStream && { logStream: options.logStream }),
    });
  const testApp: TestApp = {
    app: await build(),
    config,
    db,
    qtsp,
    restart: async () => {
      await testApp.app.close();
      testApp.app = await build();
    },
    close: async () => {
      await testApp.app.close();
      await qtsp?.close();
      await db.close();
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}

/**
 * A migrated, empty database of the given kind without an app around it, and its removal; with
 * `migrateUntil`, migrated only up to and including that migration.
 */
export async function openTestDatabase(
  kind: TestDatabaseKind,
  options: { migrateUntil?: string } = {},
): Promise<{ db: Db; cleanup(): Promise<void> }> {
  const partly = options.migrateUntil !== undefined;
  let db: Db;
  let remove: () => Promise<void>;
  if (kind === 'postgres') {
    const created = partly ? await createPostgresDatabase() : await createMigratedTestDatabase();
    db = openDatabase({ databaseUrl: created.url });
    remove = created.drop;
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'countersign-db-'));
    const file = path.join(dir, 'countersign.db');
    if (!partly) await copyMigratedSqlite(file);
    db = openDatabase({ sqliteFile: file });
    remove = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  if (partly) await migrateToLatest(db, options.migrateUntil);
  return {
    db,
    cleanup: async () => {
      await db.close();
      await remove();
    },
  };
}
