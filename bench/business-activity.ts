// Activity report and dashboard benchmark on PostgreSQL: the CSV export of 1,000,000 signature
// rows of one business over HTTP, three times in a row (rows per second, the server's RSS after
// each export and its peak), and GET .../statistics for a business whose people sent 1,000,000
// requests (p50/p95 of 200 calls). Rows are seeded with SQL (generate_series), not through the
// API. The server runs as a child process of its own (the compiled server, apps/server/bin/
// serve.mjs), so its peak RSS (VmHWM) is the server's alone: first with no signing or PDF threads,
// then with them as served on this machine. Targets: at least 50,000 rows/s under 200 MB RSS;
// statistics p95 under 200 ms.
// `bash bench/business-activity.sh` starts a throw-away cluster. Prints figures; not a test.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp, loadConfig } from '@countersign/server';
import { defaultSigningThreads } from '../apps/server/src/config.js';
import { createPostgresDatabase } from '../apps/server/src/test-support/test-app.js';
import { signUp } from '../apps/server/src/test-support/accounts.js';

const ROWS = Number(process.env['BENCH_ACTIVITY_ROWS'] ?? 1_000_000);
const REQUESTS = Number(process.env['BENCH_STATISTICS_REQUESTS'] ?? 1_000_000);
const CALLS = 200;
const EXPORTS = Number(process.env['BENCH_ACTIVITY_EXPORTS'] ?? 3);
const MB = 1024 * 1024;

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;

/** ISO 8601 UTC with milliseconds, as the server stores times, from a PostgreSQL timestamp. */
const iso = (expr: string) => `to_char(${expr}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

async function seed(url: string, businessId: string, ownerId: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // a signature every 30 seconds from 2026-01-01 on, of the three levels in turn
  await client.query(
    `insert into business_activities (id, business_id, kind, at, event, email, name, request_id,
       sender_email, quality, legislation)
     select 'bench-' || g, $1, 'signatures', ${iso(`timestamp '2026-01-01' + g * interval '30 seconds'`)},
       'signed', 'signer' || g || '@bench.example', 'Signer ' || g, 'request-' || g,
       'admin@bench.example', (array['ses','aes','qes'])[1 + g % 3], 'eidas'
     from generate_series(1, $2::int) g`,
    [businessId, ROWS],
  );
  await client.query(
    `insert into business_signature_months (business_id, month, quality, count)
     select $1, substr(at, 1, 7), quality, count(*) from business_activities
     where business_id = $1 group by substr(at, 1, 7), quality`,
    [businessId],
  );
  // the business's admin sent every request: a fifth open, most completed, some drafts
  await client.query(
    `insert into signature_requests (id, owner_id, title, message, status, quality, legislation,
       created_at, updated_at)
     select 'bench-request-' || g, $1, 'Request ' || g, '',
       (array['open','completed','completed','completed','draft'])[1 + g % 5], 'ses', 'eidas',
       ${iso(`timestamp '2026-01-01' + g * interval '20 seconds'`)},
       ${iso(`timestamp '2026-01-01' + g * interval '20 seconds'`)}
     from generate_series(1, $2::int) g`,
    [ownerId, REQUESTS],
  );
  await client.query('vacuum analyze business_activities');
  await client.query('vacuum analyze signature_requests');
  await client.query('vacuum analyze business_signature_months');
  await client.end();
}

const pgUrl = process.env['TEST_DATABASE_URL'];
if (!pgUrl) throw new Error('TEST_DATABASE_URL is not set: run bash bench/business-activity.sh');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-bench-activity-'));
const pgDb = await createPostgresDatabase(pgUrl);
const port = 40000 + Math.floor(Math.random() * 20000);
const base = `http://127.0.0.1:${port}`;
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  PUBLIC_URL: base,
  LOG_LEVEL: 'silent',
  MAIL_DELIVERY: 'inline',
  WEB_DIST_DIR: path.join(dataDir, 'none'),
  DATABASE_URL: pgDb.url,
});
const setup = await buildApp(config, { logger: false });
const admin = await signUp(setup, 'admin@bench.example', 'Admin');
const auth = { authorization: `Bearer ${admin}` };
const businessId = (
  await setup.inject({
    method: 'POST',
    url: '/v2/businesses',
    headers: auth,
    payload: { name: 'Bench', accept_gtc: true, accept_dpa: true },
  })
).json().id as string;
const adminId = (await setup.inject({ url: '/v1/user', headers: auth })).json().id as string;
await setup.close();
const seedStart = performance.now();
await seed(pgDb.url, businessId, adminId);
const seedSeconds = (performance.now() - seedStart) / 1000;

// BENCH_SERVER_ARGS passes node flags to the server, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'
const serverArgs = (process.env['BENCH_SERVER_ARGS'] ?? '').split(' ').filter(Boolean);

/** The compiled server as a child process with the given signing and PDF threads, once it answers. */
async function startServer(threads: { signing: number; pdf: number }) {
  const server = spawn(process.execPath, [...serverArgs, 'apps/server/bin/serve.mjs'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      MAIL_DELIVERY: 'inline',
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: pgDb.url,
      WEB_DIST_DIR: path.join(dataDir, 'none'),
      SIGNING_THREADS: String(threads.signing),
      PDF_THREADS: String(threads.pdf),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; ; i++) {
    const up = await fetch(`${base}/v1/user`, { headers: auth }).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 600) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // the threads start with the server; give them a moment to finish loading
  await new Promise((resolve) => setTimeout(resolve, 3000));
  return server;
}

async function stopServer(server: ReturnType<typeof spawn>) {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
}

/** The server's resident memory now and at its peak, from /proc (Linux). */
const memoryOf = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
};

console.log(
  `business activity on PostgreSQL, ${ROWS.toLocaleString('en')} signature rows and ${REQUESTS.toLocaleString('en')} requests ` +
    `(seeded in ${seedSeconds.toFixed(1)} s), ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
);

/**
 * The export, EXPORTS times in a row: read the stream as a client would, counting lines. The
 * server's resident memory after each shows whether an export leaves memory behind; its peak
 * less its memory before the first is what the exports cost.
 */
async function exportRounds(server: ReturnType<typeof spawn>, layout: string) {
  const before = memoryOf(server.pid!);
  console.log(
    `${layout}: server RSS before the exports ${(before.rss / MB).toFixed(0)} MB, ` +
      `its peak while starting ${(before.peak / MB).toFixed(0)} MB`,
  );
  for (let round = 1; round <= EXPORTS; round++) {
    const t0 = performance.now();
    const res = await fetch(`${base}/v2/businesses/${businessId}/activities/signatures/csv?sort=asc`, {
      headers: auth,
    });
    if (res.status !== 200 || !res.body) throw new Error(`export: ${res.status}`);
    let lines = 0;
    let bytes = 0;
    let firstByteMs = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      if (bytes === 0) firstByteMs = performance.now() - t0;
      bytes += chunk.length;
      for (let i = chunk.indexOf(0x0a); i !== -1; i = chunk.indexOf(0x0a, i + 1)) lines++;
    }
    const seconds = (performance.now() - t0) / 1000;
    const after = memoryOf(server.pid!);
    if (lines !== ROWS + 1) throw new Error(`export: ${lines} lines for ${ROWS} rows`);
    console.log(
      `  CSV export ${round}: ${ROWS.toLocaleString('en')} rows in ${seconds.toFixed(1)} s = ` +
        `${Math.round(ROWS / seconds).toLocaleString('en')} rows/s (target 50,000), ${(bytes / MB).toFixed(0)} MB, ` +
        `first byte after ${firstByteMs.toFixed(0)} ms; server RSS after it ${(after.rss / MB).toFixed(0)} MB, ` +
        `peak so far ${(after.peak / MB).toFixed(0)} MB`,
    );
  }
  const end = memoryOf(server.pid!);
  console.log(
    `  ${layout}: peak ${(end.peak / MB).toFixed(0)} MB (target under 200 MB)` +
      (end.peak > before.peak
        ? `, the exports ${((end.peak - before.rss) / MB).toFixed(0)} MB above the idle server`
        : ', reached while starting, not during the exports'),
  );
}

// The serving thread and the background worker alone, then as served on this machine (a signing
// and a PDF thread per core, at most two PDF threads): each thread is an isolate of its own.
const served = { signing: defaultSigningThreads(), pdf: Math.min(2, os.availableParallelism()) };
let server = await startServer({ signing: 0, pdf: 0 });
await exportRounds(server, 'no signing or PDF threads');
await stopServer(server);
server = await startServer(served);
await exportRounds(server, `${served.signing} signing and ${served.pdf} PDF threads`);

// The statistics: the dashboard's call, timed.
const times: number[] = [];
for (let i = 0; i < CALLS + 5; i++) {
  const s0 = performance.now();
  const stats = await fetch(`${base}/v2/businesses/${businessId}/statistics?months=12`, { headers: auth });
  const body = (await stats.json()) as { requests: { open: number; completed: number } };
  if (stats.status !== 200 || body.requests.open + body.requests.completed === 0)
    throw new Error('statistics');
  if (i >= 5) times.push(performance.now() - s0); // the first five warm the pool, untimed
}
console.log(
  `statistics (${REQUESTS.toLocaleString('en')} requests): p50 ${percentile(times, 50).toFixed(1)} ms, ` +
    `p95 ${percentile(times, 95).toFixed(1)} ms over ${CALLS} calls (target p95 under 200 ms)`,
);

await stopServer(server);
await pgDb.drop();
fs.rmSync(dataDir, { recursive: true, force: true });
