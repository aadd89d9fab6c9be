// API benchmark: signed documents per second over HTTP with 1, 8 and 32 concurrent signers on
// distinct 1 MB documents (each a complete request: sign at B-T, then B-LTA), each window set
// against the engine alone doing the same work on a thread of its own, measured turn about with
// it; and p50/p95 latency of the dashboard list call with 100,000 requests in the database. On
// SQLite, and on PostgreSQL when TEST_DATABASE_URL is set (`bash bench/api.sh` starts a
// throw-away cluster). Prints figures; not a test.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { searchTerms } from '@countersign/domain';
import { buildApp, loadConfig } from '@countersign/server';
import { configureThreadHeaps } from '../apps/server/src/background/thread-heap.js';
import { defaultSigningThreads } from '../apps/server/src/config.js';
import { createPostgresDatabase } from '../apps/server/src/test-support/test-app.js';
import { CONSENT } from '../apps/server/src/test-support/consent.js';

const password = 'correct horse battery staple';

/** `raw` as a whole number of at least 1; anything else stops the run with a message. */
function wholeNumber(name: string, raw: string): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name} takes whole numbers of at least 1, not "${raw}"`);
    process.exit(2);
  }
  return value;
}

/** A whole number of at least 1 from the environment, or the default when unset. */
const countFromEnv = (name: string, fallback: number): number =>
  process.env[name] ? wholeNumber(name, process.env[name]) : fallback;

const LIST_ROWS = countFromEnv('BENCH_LIST_ROWS', 100_000);
const LIST_CALLS = 200;
/** `BENCH_PARTS=list` measures only the list call (the signing part takes minutes). */
const PARTS = (process.env['BENCH_PARTS'] ?? 'signing,list').split(',');
/** `BENCH_CONCURRENCY=8` measures one level of concurrent signers only. */
const CONCURRENCY = (process.env['BENCH_CONCURRENCY'] ?? '1,8,32')
  .split(',')
  .map((level) => wholeNumber('BENCH_CONCURRENCY', level));
/**
 * Every figure is the median of `BENCH_ROUNDS` measurements, printed with the lowest and highest:
 * on these shared 2-core machines one window alone swung by a third from run to run.
 */
const ROUNDS = countFromEnv('BENCH_ROUNDS', 3);
/** `BENCH_DOCS=256`: documents per timed window (default 128, or four per signer when more). */
const DOCS = process.env['BENCH_DOCS'] ? wholeNumber('BENCH_DOCS', process.env['BENCH_DOCS']) : undefined;

/** A pause before each engine-alone measurement, for the machine to become idle after signing. */
const SETTLE_MS = 1000;

interface Window {
  perSecond: number;
  drainedPerSecond: number;
  coresBusy: number;
  /** the engine alone, measured turn about with this window's slices on the same machine, idle */
  enginePerSecond: number;
}

async function onePdf(seed: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595, 842]).drawText(`Benchmark document ${seed}`, { x: 72, y: 760, size: 18, font });
  // ~1 MB of incompressible content, as a scanned attachment would be
  await doc.attach(randomBytes(1024 * 1024), `scan-${seed}.bin`, { mimeType: 'application/octet-stream' });
  return Buffer.from(await doc.save());
}

/**
 * `BENCH_CPU_PROFILE=<dir>`: a CPU profile of the serving thread (which is this process's main
 * thread) for each timed signing window (its engine-alone slices included), to open in Chrome's DevTools.
 */
async function startProfiler() {
  const dir = process.env['BENCH_CPU_PROFILE'];
  if (!dir) return undefined;
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop(name: string) {
      const { profile } = await session.post('Profiler.stop');
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
      session.disconnect();
    },
  };
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;
const median = (values: number[]) => percentile(values, 50);
/** "median (lowest-highest)", or the one value; `unit` follows the median */
const spread = (values: number[], digits = 1, unit = '') =>
  values.length === 1
    ? `${values[0]!.toFixed(digits)}${unit}`
    : `${median(values).toFixed(digits)}${unit} (${Math.min(...values).toFixed(digits)}-${Math.max(...values).toFixed(digits)})`;

/** The engine alone, on a thread of its own (bench/engine-thread.ts). */
async function openEngine(pdf: Buffer) {
  // the heap settings the server gives its signing threads, before the first thread starts
  configureThreadHeaps();
  const thread = new Worker(new URL('../apps/server/src/background/worker-entry.mjs', import.meta.url), {
    workerData: { module: new URL('./engine-thread.ts', import.meta.url).href, pdf },
  });
  await once(thread, 'message');
  return {
    /** milliseconds for `runs` signatures, one after the other, after a short warm-up */
    async measure(runs: number): Promise<number> {
      thread.postMessage({ runs });
      const [{ ms }] = (await once(thread, 'message')) as [{ ms: number }];
      return ms;
    },
    close: async () => {
      thread.postMessage('close');
      await once(thread, 'exit');
    },
  };
}

type Engine = Awaited<ReturnType<typeof openEngine>>;

async function runOn(kind: 'sqlite' | 'postgres', pdfs: Buffer[], engine: Engine) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-bench-api-'));
  const pgDb =
    kind === 'postgres' ? await createPostgresDatabase(process.env['TEST_DATABASE_URL']) : undefined;
  const port = 40000 + Math.floor(Math.random() * 20000);
  const base = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    LOG_LEVEL: 'silent',
    MAIL_DELIVERY: 'background', // as served: mail leaves after the call that caused it
    ...(process.env['BACKGROUND_WORKER'] && { BACKGROUND_WORKER: process.env['BACKGROUND_WORKER'] }),
    // as served: the default signing threads (ADR 029); SIGNING_THREADS=0 signs on the serving thread
    SIGNING_THREADS: process.env['SIGNING_THREADS'] ?? String(defaultSigningThreads()),
    WEB_DIST_DIR: path.join(dataDir, 'none'),
    ...(pgDb && { DATABASE_URL: pgDb.url }),
  });
  let app = await buildApp(config, { logger: false });
  await app.listen({ host: '127.0.0.1', port });
  const http = async (method: string, url: string, token?: string, body?: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(token && { authorization: `Bearer ${token}` }),
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    if (res.status >= 400) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  const account = async (email: string) => {
    await http('POST', '/v1/register', undefined, {
      email,
      password,
      first_name: 'Bench',
      last_name: 'User',
    });
    // mail leaves in the background: wait for it
    let mail: { to: string; text: string } | undefined;
    for (let i = 0; i < 100 && !mail; i++) {
      const { messages } = (await http('GET', '/sandbox/mail.json')) as {
        messages: { to: string; text: string }[];
      };
      mail = messages.find((m) => m.to === email);
      if (!mail) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (!mail) throw new Error(`no confirmation mail for ${email}`);
    await http('POST', '/v1/valid-confirmation', undefined, { token: /token=([\w-]+)/.exec(mail.text)![1] });
    return (await http('POST', '/v1/login', undefined, { email, password })).token as string;
  };
  const owner = await account('owner@bench.test');
  const signerTokens: string[] = [];
  for (let i = 0; i < 32; i++) signerTokens.push(await account(`signer${i}@bench.test`));

  const openRequest = async (signerIndex: number, pdf: Buffer) => {
    const form = new FormData();
    form.set(
      'payload',
      JSON.stringify({
        title: `Bench ${signerIndex}`,
        signatures: [{ email: `signer${signerIndex}@bench.test` }],
      }),
    );
    form.set('documents', new Blob([pdf], { type: 'application/pdf' }), 'bench.pdf');
    const res = await fetch(`${base}/v3/signature-requests`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner}` },
      body: form,
    });
    const id = ((await res.json()) as { id: string }).id;
    await http('POST', `/v3/signature-requests/${id}/initiate`, owner);
    return id;
  };

  const { openDatabase, refreshPlannerStatistics } = await import('../apps/server/src/db/database.js');
  const db = openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(dataDir, 'countersign.db'),
  });
  /** Until every completion mail is composed and every queued mail handed to the (sandbox) transport. */
  const waitForMails = async () => {
    for (;;) {
      const due = await db.kysely
        .selectFrom('signature_requests')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('completion_mail_due', '=', 1)
        .executeTakeFirstOrThrow();
      const queued = await db.kysely
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      if (Number(due.n) === 0 && Number(queued.n) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  const close = async () => {
    await db.close();
    await app.close();
    await pgDb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const throughput: { concurrency: number; docs: number; rounds: Window[] }[] = [];
  // Warm-up, untimed: the first signatures open the trust services and start the background
  // worker, and the JIT has not seen the code yet.
  if (PARTS.includes('signing')) {
    for (let i = 0; i < 8; i++)
      await http('POST', '/v3/sign', signerTokens[i % 32], {
        consent: CONSENT,
        signature_requests: [{ signature_request_id: await openRequest(i % 32, pdfs[i % pdfs.length]!) }],
      });
    await waitForMails();
  }
  /** Signs `jobs` with `concurrency` signers at once from a client thread; the milliseconds it took and the CPU used. */
  const signSlice = async (jobs: { id: string; token: string }[], concurrency: number) => {
    // the signers run on a thread of their own (bench/sign-client.mjs), started before the clock
    const client = new Worker(new URL('./sign-client.mjs', import.meta.url), {
      workerData: { base, jobs, concurrency, consent: CONSENT },
    });
    await once(client, 'message');
    const cpuBefore = process.cpuUsage();
    const start = performance.now();
    client.postMessage('go');
    const [outcome] = (await once(client, 'message')) as [{ ok: boolean; error?: string }];
    const ms = performance.now() - start;
    // every thread of this process: serving, signing, background worker and the benchmark's client
    const cpu = process.cpuUsage(cpuBefore);
    await client.terminate();
    if (!outcome.ok) throw new Error(outcome.error);
    return { ms, cpuMs: (cpu.user + cpu.system) / 1000 };
  };
  /**
   * One timed window: `docs` requests opened beforehand, signed by `concurrency` signers at once,
   * in slices of at least 32 documents (eight per signer) with the engine alone measured before
   * each slice on as many signatures, once the mails of the slice before have been sent. This
   * machine's speed swings by a third within a minute, so the two are measured turn about over
   * the same seconds and compared by their totals.
   */
  const measureWindow = async (concurrency: number, docs: number, profileName: string): Promise<Window> => {
    const jobs: { id: string; token: string }[] = [];
    for (let i = 0; i < docs; i++)
      jobs.push({ id: await openRequest(i % 32, pdfs[i % pdfs.length]!), token: signerTokens[i % 32]! });
    // opening the requests mailed the invitations: they leave before anything is measured
    await waitForMails();
    const sliceSize = Math.min(docs, Math.max(32, concurrency * 8));
    let engineMs = 0;
    let engineRuns = 0;
    let signedMs = 0;
    let drainedMs = 0;
    let cpuMs = 0;
    const profiler = await startProfiler();
    for (let from = 0; from < docs; from += sliceSize) {
      const slice = jobs.slice(from, from + sliceSize);
      // the engine alone on an idle machine: the kernel's write-back and the threads' garbage
      // collection after the last slice finish first
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      engineMs += await engine.measure(slice.length);
      engineRuns += slice.length;
      const signed = await signSlice(slice, concurrency);
      signedMs += signed.ms;
      cpuMs += signed.cpuMs;
      // the next slice (and its engine measurement) starts with no mail left to compose
      const drainStart = performance.now();
      await waitForMails();
      drainedMs += signed.ms + performance.now() - drainStart;
    }
    await profiler?.stop(profileName);
    return {
      perSecond: docs / (signedMs / 1000),
      drainedPerSecond: docs / (drainedMs / 1000),
      coresBusy: cpuMs / signedMs,
      enginePerSecond: engineRuns / (engineMs / 1000),
    };
  };
  for (const concurrency of PARTS.includes('signing') ? CONCURRENCY : []) {
    // long enough a window to average out this machine's moods (32 documents swung by half)
    const docs = DOCS ?? Math.max(128, concurrency * 4);
    const rounds: Window[] = [];
    for (let round = 1; round <= ROUNDS; round++)
      rounds.push(await measureWindow(concurrency, docs, `${kind}-${concurrency}-${round}`));
    throughput.push({ concurrency, docs, rounds });
  }

  if (!PARTS.includes('list')) {
    await close();
    return { throughput, latencies: {}, byQuery: new Map<string, number[]>(), seedSeconds: 0 };
  }
  // Seed the list: requests owned by the owner, and a third of them with signer0 as signer.
  const seedStart = performance.now();
  const ownerId = (await http('GET', '/v1/user', owner)).id as string;
  const statuses = ['draft', 'open', 'completed', 'declined', 'withdrawn'];
  for (let offset = 0; offset < LIST_ROWS; offset += 1000) {
    const rows = Array.from({ length: Math.min(1000, LIST_ROWS - offset) }, (_, i) => {
      const at = new Date(Date.UTC(2026, 0, 1) + (offset + i) * 60_000).toISOString();
      return {
        id: randomUUID(),
        owner_id: ownerId,
        title: `Seeded contract ${offset + i}`,
        message: '',
        status: statuses[(offset + i) % 5]!,
        quality: 'ses',
        legislation: 'eidas',
        created_at: at,
        updated_at: at,
        initiated_at: null,
        completed_at: null,
        ended_at: null,
        end_message: null,
      };
    });
    await db.kysely.insertInto('signature_requests').values(rows).execute();
    const signerRows = rows
      .filter((_, i) => i % 3 === 0)
      .map((r, i) => ({
        id: randomUUID(),
        request_id: r.id,
        position: 0,
        email: 'signer0@bench.test',
        name: null,
        account_user_id: null,
        status: 'pending',
        signed_at: null,
        declined_at: null,
        decline_message: null,
        created_at: r.created_at + i,
      }));
    await db.kysely.insertInto('signers').values(signerRows).execute();
    // the dashboard index rows the server keeps for each participant (repo.syncParticipants)
    const participant = (r: (typeof rows)[number], email: string, isOwner: number) => ({
      email,
      request_id: r.id,
      is_owner: isOwner,
      status: r.status,
      title: r.title,
      created_at: r.created_at,
      updated_at: r.updated_at,
    });
    await db.kysely
      .insertInto('request_participants')
      .values([
        ...rows.map((r) => participant(r, 'owner@bench.test', 1)),
        ...rows.filter((_, i) => i % 3 === 0).map((r) => participant(r, 'signer0@bench.test', 0)),
      ])
      .execute();
    // and the search words of each (repo.syncParticipants)
    await db.kysely
      .insertInto('request_search_terms')
      .values(
        rows.flatMap((r, i) =>
          searchTerms(r.title, 'owner@bench.test', ...(i % 3 === 0 ? ['signer0@bench.test'] : [])).map(
            (term) => ({ request_id: r.id, term }),
          ),
        ),
      )
      .execute();
  }
  // What the server's hourly statistics refresh (SQLite) or autovacuum (PostgreSQL) would have
  // done by the time a real account had grown to this size.
  await refreshPlannerStatistics(db);
  // A SQLite connection reads the statistics when it opens: restart the server as a long-running
  // one would have refreshed them on its own connection by now.
  await app.close();
  app = await buildApp(config, { logger: false });
  await app.listen({ host: '127.0.0.1', port });
  const seedSeconds = (performance.now() - seedStart) / 1000;
  // Warm-up, untimed, as for signing: the restarted server's first calls compile its queries,
  // and its background worker thread is starting (loading its modules) during the first second.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  for (let i = 0; i < 20; i++) await http('GET', '/v3/signature-requests-redesign', owner);
  const queries = [
    '/v3/signature-requests-redesign',
    '/v3/signature-requests-redesign?status=open&size=50',
    '/v3/signature-requests-redesign?search=contract%201234&size=25',
    '/v3/signature-requests-redesign?sort_by=created_at&sort_order=asc&page=40&size=100',
    '/v3/signature-requests-redesign?send_by=me&date_from=2026-02-01T00:00:00Z&date_to=2026-02-10T00:00:00Z',
  ];
  const latencies: Record<string, number[]> = { owner: [], signer: [] };
  const byQuery = new Map<string, number[]>();
  for (let i = 0; i < LIST_CALLS; i++) {
    const who = i % 4 === 3 ? 'signer' : 'owner';
    const query = queries[i % queries.length]!;
    const start = performance.now();
    await http('GET', query, who === 'owner' ? owner : signerTokens[0]);
    const ms = performance.now() - start;
    latencies[who]!.push(ms);
    byQuery.set(query, [...(byQuery.get(query) ?? []), ms]);
  }
  await close();
  return { throughput, latencies, byQuery, seedSeconds };
}

const pdfs = await Promise.all([0, 1, 2, 3].map(onePdf));
console.log(
  `Countersign API benchmark, ${os.cpus().length} cores, documents of ${(pdfs[0]!.length / 1e6).toFixed(2)} MB`,
);
const engine = await openEngine(pdfs[0]!);
console.log(
  `engine alone: on a thread of its own, one signature after the other (certificate, B-T, then B-LTA), no storage;\n` +
    `measured turn about with each window's slices of signing over HTTP, as many signatures as documents;\n` +
    `the signers call from a thread of their own\n`,
);
/** `BENCH_DATABASES=postgres` measures one database only. */
const kinds = (process.env['TEST_DATABASE_URL'] ? ['sqlite', 'postgres'] : ['sqlite']).filter((kind) =>
  (process.env['BENCH_DATABASES'] ?? 'sqlite,postgres').split(',').includes(kind),
) as ('sqlite' | 'postgres')[];
if (!process.env['TEST_DATABASE_URL'])
  console.log('PostgreSQL skipped: run `bash bench/api.sh` (starts a cluster) or set TEST_DATABASE_URL\n');
for (const kind of kinds) {
  const r = await runOn(kind, pdfs, engine);
  console.log(`== ${kind}`);
  if (r.throughput.length > 0)
    console.log(
      `signing, median of ${ROUNDS} rounds (lowest-highest); a share is a round's rate over its own engine-alone rate\n` +
        'concurrent signers | documents | signed documents/s | engine alone | share of engine alone | with completion mails sent (share) | cores busy',
    );
  for (const t of r.throughput) {
    const share = (rate: (w: Window) => number) => t.rounds.map((w) => (rate(w) / w.enginePerSecond) * 100);
    const percent = (values: number[]) => spread(values, 0, ' %');
    console.log(
      [
        String(t.concurrency).padStart(18),
        String(t.docs).padStart(9),
        spread(t.rounds.map((w) => w.perSecond)).padStart(18),
        spread(t.rounds.map((w) => w.enginePerSecond)).padStart(12),
        percent(share((w) => w.perSecond)).padStart(21),
        `${spread(t.rounds.map((w) => w.drainedPerSecond))} (${percent(share((w) => w.drainedPerSecond))})`.padStart(
          35,
        ),
        spread(
          t.rounds.map((w) => w.coresBusy),
          2,
        ),
      ].join(' | '),
    );
  }
  if (!PARTS.includes('list')) continue;
  console.log(
    `list call with ${LIST_ROWS.toLocaleString('en')} requests (seeded in ${r.seedSeconds.toFixed(1)} s), ${LIST_CALLS} calls:`,
  );
  for (const [who, values] of Object.entries(r.latencies)) {
    console.log(
      `  as ${who.padEnd(6)}: p50 ${percentile(values, 50).toFixed(1)} ms, p95 ${percentile(values, 95).toFixed(1)} ms`,
    );
  }
  for (const [query, values] of r.byQuery) {
    const label = query.replace('/v3/signature-requests-redesign', '') || '(default)';
    console.log(
      `    ${label}: p50 ${percentile(values, 50).toFixed(1)} ms, p95 ${percentile(values, 95).toFixed(1)} ms`,
    );
  }
  console.log('');
}
await engine.close();
