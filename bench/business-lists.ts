// Business lists benchmark: p50/p95 latency over HTTP of the members list and the invitations
// list of a business with 10,000 members and 10,000 open invitations, first, middle and last
// pages of 25, 50 and 100. On SQLite, and on PostgreSQL when TEST_DATABASE_URL is set
// (`bash bench/business.sh` starts a throw-away cluster). Target: p95 under 50 ms. Prints figures;
// not a test.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, loadConfig } from '@countersign/server';
import { openDatabase } from '../apps/server/src/db/database.js';
import { createPostgresDatabase } from '../apps/server/src/test-support/test-app.js';
import { signUp } from '../apps/server/src/test-support/accounts.js';

const PEOPLE = Number(process.env['BENCH_BUSINESS_PEOPLE'] ?? 10_000);
const CALLS = 200;

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;

async function runOn(kind: 'sqlite' | 'postgres') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-bench-business-'));
  const pgDb =
    kind === 'postgres' ? await createPostgresDatabase(process.env['TEST_DATABASE_URL']) : undefined;
  const port = 40000 + Math.floor(Math.random() * 20000);
  const base = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    LOG_LEVEL: 'silent',
    MAIL_DELIVERY: 'inline',
    WEB_DIST_DIR: path.join(dataDir, 'none'),
    ...(pgDb && { DATABASE_URL: pgDb.url }),
  });
  let app = await buildApp(config, { logger: false });
  const admin = await signUp(app, 'admin@bench.example', 'Admin');
  const created = await app.inject({
    method: 'POST',
    url: '/v2/businesses',
    headers: { authorization: `Bearer ${admin}` },
    payload: { name: 'Bench', accept_gtc: true, accept_dpa: true },
  });
  const businessId = created.json().id as string;

  // Seed members (accounts that never log in) and invitations in batches, as the use cases would
  // have written them over months.
  const seedStart = performance.now();
  const seedDb = openDatabase(
    pgDb ? { databaseUrl: pgDb.url } : { sqliteFile: path.join(dataDir, 'countersign.db') },
  );
  const start = Date.parse('2026-01-01T00:00:00Z');
  for (let offset = 0; offset < PEOPLE; offset += 500) {
    const n = Math.min(500, PEOPLE - offset);
    const at = (i: number) => new Date(start + (offset + i) * 60_000).toISOString();
    await seedDb.kysely
      .insertInto('users')
      .values(
        Array.from({ length: n }, (_, i) => ({
          id: `bench-user-${offset + i}`,
          email: `member${offset + i}@bench.example`,
          password_hash: '!',
          email_verified: 1,
          first_name: `First${offset + i}`,
          last_name: `Last${offset + i}`,
          attributes: '{}',
          created_at: at(i),
          updated_at: at(i),
          deleted_at: null,
        })),
      )
      .execute();
    await seedDb.kysely
      .insertInto('business_memberships')
      .values(
        Array.from({ length: n }, (_, i) => ({
          user_id: `bench-user-${offset + i}`,
          business_id: businessId,
          role: 'member' as const,
          joined_at: at(i),
        })),
      )
      .execute();
    await seedDb.kysely
      .insertInto('business_invitations')
      .values(
        Array.from({ length: n }, (_, i) => ({
          id: `bench-invite-${offset + i}`,
          business_id: businessId,
          email: `invitee${offset + i}@bench.example`,
          lang: 'en',
          invited_by: 'bench',
          created_at: at(i),
        })),
      )
      .execute();
  }
  await seedDb.close();
  // a serving process refreshes the planner statistics at start (db/database.ts)
  await app.close();
  app = await buildApp(config, { logger: false });
  await app.listen({ host: '127.0.0.1', port });
  const seedSeconds = (performance.now() - seedStart) / 1000;

  const lastPage = (size: number) => Math.ceil(PEOPLE / size);
  const queries = (list: string) =>
    [25, 50, 100].flatMap((size) =>
      [1, Math.ceil(lastPage(size) / 2), lastPage(size)].map((page) => `${list}?page=${page}&size=${size}`),
    );
  const lists = {
    members: queries(`/v1/businesses/${businessId}/members`),
    invitations: queries(`/v2/businesses/${businessId}/invitations`),
  };
  const get = async (url: string, isList = true) => {
    const res = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${admin}` } });
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { total: number; items: unknown[] };
    if (isList && (body.total !== PEOPLE || body.items.length === 0))
      throw new Error(`${url}: unexpected page`);
  };
  for (const url of [...lists.members, ...lists.invitations]) await get(url); // warm-up, untimed
  // the floor on this machine: a call that authenticates and reads one row, timed alongside
  const floor = { 'floor (GET /v1/user)': ['/v1/user'] };
  await get('/v1/user', false);
  const results: Record<string, number[]> = { members: [], invitations: [], 'floor (GET /v1/user)': [] };
  for (let i = 0; i < CALLS; i++) {
    for (const [name, urls] of Object.entries({ ...lists, ...floor })) {
      const url = urls[i % urls.length]!;
      const t0 = performance.now();
      await get(url, name in lists);
      results[name]!.push(performance.now() - t0);
    }
  }
  await app.close();
  await pgDb?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { results, seedSeconds };
}

const kinds: ('sqlite' | 'postgres')[] = process.env['TEST_DATABASE_URL']
  ? ['sqlite', 'postgres']
  : ['sqlite'];
console.log(
  `business lists, ${PEOPLE.toLocaleString('en')} members and as many invitations, ${CALLS} calls each`,
);
console.log(
  `(pages first, middle and last of 25, 50 and 100; target p95 under 50 ms) on ${os.cpus().length} cores, ` +
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} (the floor line is what the machine gives any call meanwhile)`,
);
for (const kind of kinds) {
  const { results, seedSeconds } = await runOn(kind);
  console.log(`${kind} (seeded in ${seedSeconds.toFixed(1)} s):`);
  for (const [name, values] of Object.entries(results)) {
    console.log(
      `  ${name.padEnd(20)}: p50 ${percentile(values, 50).toFixed(1)} ms, p95 ${percentile(values, 95).toFixed(1)} ms`,
    );
  }
}
