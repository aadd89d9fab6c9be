// SQLite with more than one writer (another process, or the background worker's connection of
// ADR 028): a transaction that reads before it writes still commits when the other connection
// wrote in between, waiting its turn instead of failing with SQLITE_BUSY.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type Db } from './database.js';

/** Another process writes one row into `file` (waiting for the write lock as long as it must). */
function writeFromAnotherProcess(file: string, note: string): Promise<void> {
  const script = `
    const Sqlite = require('libsql');
    const db = new Sqlite(process.argv[1]);
    db.exec('PRAGMA busy_timeout = 5000');
    db.prepare('insert into notes (text) values (?)').run(process.argv[2]);
    db.close();`;
  return new Promise((resolve, reject) =>
    execFile(process.execPath, ['-e', script, file, note], { cwd: import.meta.dirname }, (err) =>
      err ? reject(err) : resolve(),
    ),
  );
}

describe('SQLite transactions beside another writer', () => {
  let dir: string | undefined;
  let db: Db | undefined;
  afterEach(async () => {
    await db?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads, lets the other writer wait, writes and commits', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-sqlite-writers-'));
    const file = path.join(dir, 'test.db');
    db = openDatabase({ sqliteFile: file });
    await sql`create table notes (id integer primary key, text text not null)`.execute(db.kysely);
    let other: Promise<void> | undefined;
    await db.kysely.transaction().execute(async (trx) => {
      const before = await sql<{ n: number }>`select count(*) as n from notes`.execute(trx);
      expect(Number(before.rows[0]!.n)).toBe(0);
      // the other process tries to write while this transaction is open
      other = writeFromAnotherProcess(file, 'from the other process');
      await new Promise((resolve) => setTimeout(resolve, 300));
      await sql`insert into notes (text) values (${'from this transaction'})`.execute(trx);
    });
    await other;
    const rows = await sql<{ text: string }>`select text from notes order by id`.execute(db.kysely);
    expect(rows.rows.map((r) => r.text)).toEqual(['from this transaction', 'from the other process']);
  });
});

describe.skipIf(!process.env['TEST_DATABASE_URL'])('PostgreSQL statements', () => {
  it('prepares a text with parameters once per connection and runs it again by name', async () => {
    const { createPostgresDatabase } = await import('../test-support/test-app.js');
    const target = await createPostgresDatabase();
    const pgDb = openDatabase({ databaseUrl: target.url, poolSize: 1 });
    try {
      const ask = (n: number) => sql<{ n: number }>`select ${n}::int + 1 as n`.execute(pgDb.kysely);
      expect((await ask(1)).rows).toEqual([{ n: 2 }]);
      expect((await ask(41)).rows).toEqual([{ n: 42 }]);
      const prepared = await sql<{ statement: string }>`
        select statement from pg_prepared_statements where statement like ${'%::int + 1 as n'}`.execute(
        pgDb.kysely,
      );
      // one connection, one prepared statement for the text, whatever its values
      expect(prepared.rows.map((r) => r.statement)).toEqual(['select $1::int + 1 as n']);
    } finally {
      await pgDb.close();
      await target.drop();
    }
  });
});
