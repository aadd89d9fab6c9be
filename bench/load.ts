// Load benchmark: whole signature requests (bench/lib/load-lifecycle.ts: upload, two signers with
// fields, send, both sign after scrolling every page, the sender downloads the signed PDFs and the
// protocol) arriving at a fixed rate whatever the server's speed (an open loop: a slow server
// builds a backlog rather than slowing the arrivals), with background readers polling the
// dashboard list and a request's status at their own fixed rate. The servers are real processes
// (bin/serve.mjs, as served: signing and PDF threads, mail in the background), so their CPU time
// and peak memory are theirs alone, read from /proc. Setups: one server on SQLite, one on
// PostgreSQL, and two servers on one PostgreSQL and one S3 bucket (s3rver, in this process).
// Reports completed requests per hour, p50/p95/p99 per call kind, errors, server CPU and peak RSS.
// `npm run bench:load -- --rate 6 --duration 60` (bench/load.sh starts a throw-away PostgreSQL
// cluster unless TEST_DATABASE_URL is set). Prints figures; not a test.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { ensureBuilt } from '../apps/server/bin/build.mjs';
import { createPostgresDatabase } from '../apps/server/src/test-support/test-app.js';
import { startS3Server } from '../apps/server/src/test-support/s3-server.js';
import {
  ServedClient,
  startServedServer,
  type ServedServer,
} from '../apps/server/src/test-support/served-server.js';
import {
  CORPUS_MIX,
  PASSWORD,
  Recorder,
  lifecycle,
  readerCall,
  type LoadContext,
} from './lib/load-lifecycle.js';
import { cpuSeconds, percentile } from './lib/proc-stats.js';

const SETUPS = ['sqlite', 'postgres', 'postgres-2'] as const;
type Setup = (typeof SETUPS)[number];

const { values: flags } = parseArgs({
  options: {
    /** requests arriving per minute */
    rate: { type: 'string', default: '6' },
    /** seconds during which requests arrive */
    duration: { type: 'string', default: '60' },
    /** background readers, each making `reader-rate` calls per second */
    readers: { type: 'string', default: '2' },
    'reader-rate': { type: 'string', default: '1' },
    /** seconds to wait after the last arrival for the requests still under way */
    drain: { type: 'string', default: '120' },
    setups: { type: 'string', default: SETUPS.join(',') },
  },
});

function positive(name: string, raw: string): number {
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`--${name} takes a number above 0, not "${raw}"`);
    process.exit(2);
  }
  return value;
}
const RATE = positive('rate', flags.rate);
const DURATION_S = positive('duration', flags.duration);
const READERS = Math.floor(positive('readers', flags.readers));
const READER_RATE = positive('reader-rate', flags['reader-rate']);
const DRAIN_S = positive('drain', flags.drain);
const setups = flags.setups.split(',').filter((s): s is Setup => (SETUPS as readonly string[]).includes(s));
const pgUrl = process.env['TEST_DATABASE_URL'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A served server; on a machine this busy a start may take minutes. */
const serve = (env: Record<string, string>) => startServedServer(env, { readyWithinMs: 300_000 });

/** The servers of a setup, and what stops them and their database and bucket. */
async function startSetup(setup: Setup): Promise<{ servers: ServedServer[]; stop: () => Promise<void> }> {
  const threads = {
    ...(process.env['SIGNING_THREADS'] && { SIGNING_THREADS: process.env['SIGNING_THREADS'] }),
    ...(process.env['PDF_THREADS'] && { PDF_THREADS: process.env['PDF_THREADS'] }),
  };
  if (setup === 'sqlite') {
    const server = await serve(threads);
    return { servers: [server], stop: () => server.close() };
  }
  const database = await createPostgresDatabase(pgUrl);
  if (setup === 'postgres') {
    const server = await serve({ ...threads, DATABASE_URL: database.url });
    return { servers: [server], stop: async () => (await server.close(), await database.drop()) };
  }
  const s3 = await startS3Server();
  const env = {
    ...threads,
    ...s3.env(await s3.createBucket()),
    DATABASE_URL: database.url,
    BACKGROUND_JOBS: 'true',
  };
  // one after the other: the first migrates the empty database
  const first = await serve(env);
  const second = await serve(env);
  return {
    servers: [first, second],
    stop: async () => {
      await Promise.all([first.close(), second.close()]);
      await s3.close();
      await database.drop();
    },
  };
}

async function run(setup: Setup) {
  const { servers, stop } = await startSetup(setup);
  const bases = servers.map((s) => s.baseUrl);
  const runId = randomBytes(4).toString('hex');
  // the people, signed up before the clock starts
  const senders = ['sender0@load.test', 'sender1@load.test'];
  const signers = ['signer0@load.test', 'signer1@load.test'];
  const sessions = new Map<string, { base: string; token: string }>();
  for (const [i, email] of [...senders, ...signers].entries()) {
    const client = new ServedClient(bases[i % bases.length]!);
    await client.signUp(email, PASSWORD);
    sessions.set(email, { base: bases[i % bases.length]!, token: client.sessionToken });
  }
  const latestBySender = new Map<string, string>();
  const ctx: LoadContext = {
    bases,
    senders,
    signers,
    runId,
    recorder: new Recorder(),
    created: (sender, id) => latestBySender.set(sender, id),
  };
  // untimed warm-up: one whole request, so that the threads, trust services and JIT are started
  await lifecycle({ ...ctx, recorder: new Recorder(), runId: `${runId}w` }, 0);

  const cpuBefore = servers.map((s) => cpuSeconds(s.process.pid!));
  const start = performance.now();
  const finished: number[] = [];
  const lifecycleMs: number[] = [];
  let failed = 0;
  const underWay: Promise<void>[] = [];
  const arrivals = Math.max(1, Math.floor((DURATION_S * RATE) / 60));
  const arrivalGapMs = 60_000 / RATE;
  const readerGapMs = 1000 / READER_RATE;
  let readersOn = true;
  const readerLoops = Array.from({ length: READERS }, async (_, r) => {
    const sender = senders[r % senders.length]!;
    const session = sessions.get(sender)!;
    const calls: Promise<void>[] = [];
    for (let k = 0; readersOn; k++) {
      // open loop: each call at its time, whether or not the one before has answered
      calls.push(
        readerCall(
          ctx,
          k,
          { ...session, base: bases[(r + k) % bases.length]! },
          latestBySender.get(sender),
        ).catch(() => undefined),
      );
      await sleep(readerGapMs);
    }
    await Promise.all(calls);
  });
  for (let i = 0; i < arrivals; i++) {
    const due = start + i * arrivalGapMs;
    if (due > performance.now()) await sleep(due - performance.now());
    const began = performance.now();
    underWay.push(
      lifecycle(ctx, i + 1).then(
        () => {
          finished.push(performance.now());
          lifecycleMs.push(performance.now() - began);
        },
        () => {
          failed++;
        },
      ),
    );
  }
  const arrivedBy = performance.now();
  await sleep(Math.max(0, start + DURATION_S * 1000 - arrivedBy));
  readersOn = false;
  await Promise.race([Promise.all(underWay), sleep(DRAIN_S * 1000)]);
  await Promise.all(readerLoops);
  const end = performance.now();
  const cpu = servers.map((s, i) => cpuSeconds(s.process.pid!) - cpuBefore[i]!);
  const peaks = servers.map((s) => s.memoryMb().peak);
  const lastFinish = finished.length > 0 ? Math.max(...finished) : end;
  // what is still under way now is unfinished: stopping the servers cuts it off
  ctx.recorder.close();
  const completed = finished.length;
  const failedInRun = failed;
  await stop();
  return {
    arrivals,
    completed,
    failed: failedInRun,
    unfinished: arrivals - completed - failedInRun,
    perHour: (completed / ((lastFinish - start) / 1000)) * 3600,
    elapsedS: (end - start) / 1000,
    lifecycleMs,
    cpu,
    peaks,
    recorder: ctx.recorder,
  };
}

await ensureBuilt();
console.log(
  `Countersign load benchmark, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}); ` +
    `${RATE} requests/min for ${DURATION_S} s (${(RATE * 60).toFixed(0)}/h offered), ` +
    `${READERS} readers at ${READER_RATE} call/s each; documents from ${CORPUS_MIX.map((f) => f.name).join(', ')}\n`,
);
if (!pgUrl)
  console.log(
    'PostgreSQL setups skipped: run `npm run bench:load` (starts a cluster) or set TEST_DATABASE_URL\n',
  );
for (const setup of setups.filter((s) => s === 'sqlite' || pgUrl)) {
  const r = await run(setup);
  const fmt = (ms: number) => (Number.isNaN(ms) ? '-' : ms.toFixed(0));
  console.log(`== ${setup}${setup === 'postgres-2' ? ' (two servers, one PostgreSQL, one S3 bucket)' : ''}`);
  console.log(
    `requests: ${r.arrivals} arrived, ${r.completed} completed, ${r.failed} failed, ${r.unfinished} unfinished after the drain; ` +
      `${r.perHour.toFixed(0)} completed/h; a request took p50 ${(percentile(r.lifecycleMs, 50) / 1000).toFixed(1)} s, ` +
      `p95 ${(percentile(r.lifecycleMs, 95) / 1000).toFixed(1)} s`,
  );
  console.log(
    `server CPU: ${r.cpu.map((s) => `${s.toFixed(1)} s (${(s / r.elapsedS).toFixed(2)} cores)`).join(' + ')} over ${r.elapsedS.toFixed(0)} s; ` +
      `peak RSS ${r.peaks.map((mb) => `${mb.toFixed(0)} MB`).join(' + ')}`,
  );
  console.log('call kind        |  calls | p50 ms | p95 ms | p99 ms | errors');
  const kinds = new Set([...r.recorder.latencies.keys(), ...r.recorder.errors.keys()]);
  for (const kind of [...kinds].sort()) {
    const values = r.recorder.latencies.get(kind) ?? [];
    const errors = r.recorder.errors.get(kind)?.count ?? 0;
    console.log(
      `${kind.padEnd(16)} | ${String(values.length).padStart(6)} | ${fmt(percentile(values, 50)).padStart(6)} | ` +
        `${fmt(percentile(values, 95)).padStart(6)} | ${fmt(percentile(values, 99)).padStart(6)} | ${errors}`,
    );
  }
  for (const [kind, e] of r.recorder.errors) console.log(`  first ${kind} error: ${e.first}`);
  console.log('');
}
