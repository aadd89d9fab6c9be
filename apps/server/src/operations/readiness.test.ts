// What a load balancer reads at /api/ready (ADR 081): 200 while the database, the blob store and
// the schema are in order, 503 naming the failed check as soon as one is not, and 200 again once
// it is mended; `/api/health` stays the liveness answer meanwhile.
import fs from 'node:fs';
import path from 'node:path';
import { DeleteBucketCommand } from '@aws-sdk/client-s3';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../test-support/s3-server.js';
import { createTestApp, testDatabases, type TestApp } from '../test-support/test-app.js';

const ALL_OK = { status: 'ready', checks: { database: 'ok', blob_store: 'ok', migrations: 'ok' } };

async function ready(t: TestApp): Promise<{ status: number; body: unknown }> {
  const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
  return { status: res.statusCode, body: res.json() };
}

describe.each(testDatabases())('readiness on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is ready after start, and answers 503 while a migration of this release is not applied', async () => {
    expect(await ready(t)).toEqual({ status: 200, body: ALL_OK });
    // as after a restore from an older backup under a newer release
    const last = await t.db.kysely
      .selectFrom('kysely_migration' as never)
      .select(sql<string>`name`.as('name'))
      .orderBy(sql`name`, 'desc')
      .executeTakeFirstOrThrow();
    const applied = await sql<{
      timestamp: string;
    }>`select timestamp from kysely_migration where name = ${last.name}`.execute(t.db.kysely);
    await sql`delete from kysely_migration where name = ${last.name}`.execute(t.db.kysely);
    expect(await ready(t)).toEqual({
      status: 503,
      body: { status: 'unavailable', checks: { database: 'ok', blob_store: 'ok', migrations: 'pending' } },
    });
    await sql`insert into kysely_migration (name, timestamp) values (${last.name}, ${applied.rows[0]!.timestamp})`.execute(
      t.db.kysely,
    );
    expect(await ready(t)).toEqual({ status: 200, body: ALL_OK });
  });

  it('answers 503 when the blob folder cannot be written, and 200 once it can', async () => {
    const blobs = path.join(t.config.dataDir, 'blobs');
    const aside = `${blobs}-aside`;
    fs.renameSync(blobs, aside);
    // a file where the folder should be: nothing can be stored there
    fs.writeFileSync(blobs, 'not a folder');
    try {
      expect(await ready(t)).toEqual({
        status: 503,
        body: { status: 'unavailable', checks: { database: 'ok', blob_store: 'failed', migrations: 'ok' } },
      });
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      fs.rmSync(blobs);
      fs.renameSync(aside, blobs);
    }
    expect(await ready(t)).toEqual({ status: 200, body: ALL_OK });
  });
});

describe('readiness on a PostgreSQL database that stops taking connections', () => {
  // SQLite is a file of this process: it cannot become unreachable while the process runs
  const it_ = testDatabases().includes('postgres') ? it : it.skip;
  it_('answers 503 naming the database, with the same liveness 503, then 200 once it is back', async () => {
    const t = await createTestApp('postgres');
    const name = new URL(t.config.databaseUrl!).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env['TEST_DATABASE_URL'] });
    await admin.connect();
    try {
      expect(await ready(t)).toEqual({ status: 200, body: ALL_OK });
      await admin.query(`alter database ${name} allow_connections false`);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
      const down = await ready(t);
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ status: 'unavailable', checks: { database: 'failed' } });
      // no host, user or driver message in the answer
      expect(JSON.stringify(down.body)).not.toMatch(/postgres|127\.0\.0\.1|connect/i);
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
      await admin.query(`alter database ${name} allow_connections true`);
      expect(await ready(t)).toEqual({ status: 200, body: ALL_OK });
    } finally {
      await admin.query(`alter database ${name} allow_connections true`);
      await admin.end();
      await t.close();
    }
  });
});

describe('readiness on an S3 bucket', () => {
  let s3: TestS3Server;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3?.close();
  });

  it('answers 503 naming the blob store once the bucket is gone', async () => {
    const bucket = await s3.createBucket();
    const t = await createTestApp('sqlite', { env: s3.env(bucket) });
    try {
      expect(await ready(t)).toEqual({ status: 200, body: ALL_OK });
      await s3.client.send(new DeleteBucketCommand({ Bucket: bucket }));
      const down = await ready(t);
      expect(down).toEqual({
        status: 503,
        body: { status: 'unavailable', checks: { database: 'ok', blob_store: 'failed', migrations: 'ok' } },
      });
      expect(JSON.stringify(down.body)).not.toContain(bucket);
    } finally {
      await t.close();
    }
  });
});
