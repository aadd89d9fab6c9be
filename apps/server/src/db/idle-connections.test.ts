// PostgreSQL ending the server's idle connections (a restart, a failover, an administrator): both
// pools, the queries' and the exports' (ADR 060), drop the ended connections and say so, and the
// next query and the next export get new ones. Unheard, such an event would end the process.
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import pg from 'pg';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../test-support/test-app.js';
import { openDatabase } from './database.js';

const it_ = testDatabases().includes('postgres') ? it : it.skip;

describe('idle PostgreSQL connections ended by the server', () => {
  it_('are dropped and reported, in the query pool and the export pool alike', async () => {
    const adminUrl = process.env['TEST_DATABASE_URL']!;
    const name = `cs_idle_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const lost: Error[] = [];
    const db = openDatabase({ databaseUrl: url.toString(), onIdleConnectionLost: (err) => lost.push(err) });
    try {
      const exportOnce = async () => {
        const stream = await db.copyOut!({
          settings: {},
          statement: 'copy (select 41 + 1) to stdout with (format csv)',
        });
        return text(stream as Readable);
      };
      expect((await sql<{ n: number }>`select 1 as n`.execute(db.kysely)).rows[0]?.n).toBe(1);
      expect((await exportOnce()).trim()).toBe('42');

      const ended = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      expect(ended.rowCount).toBeGreaterThanOrEqual(2);
      // the pools hear of it on their idle connections' sockets
      for (let i = 0; i < 100 && lost.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
      expect(lost.length).toBeGreaterThanOrEqual(2);

      expect((await sql<{ n: number }>`select 2 as n`.execute(db.kysely)).rows[0]?.n).toBe(2);
      expect((await exportOnce()).trim()).toBe('42');
    } finally {
      await db.close();
      await admin.query(`drop database if exists ${name}`);
      await admin.end();
    }
  });
});
