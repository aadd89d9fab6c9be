// Hostile-input benchmark: a served server (bin/serve.mjs, SQLite, signing and PDF threads) takes
// large hostile uploads while another client (a thread of its own) asks for /api/config every 20 ms, then draws the first
// page of the million-object file and signs it. For each call it prints the call's time and answer
// and what the other client waited: the median, the 95th percentile and the slowest of its calls;
// at the end the server's resident memory at its peak. The uploads: a PDF with a million objects in
// one classic xref table (47 MB), a PDF whose xref table lists a million entries, nearly all free
// (20 MB), and a PDF with a 45 MB literal string (refused by the string limit).
// Not a test. Run: npx tsx bench/hostile-input.ts   (BENCH_OBJECTS=200000 for smaller files)
import { Worker } from 'node:worker_threads';
import { goodPdf } from '../packages/pdf/src/test-support/hostile-pdfs.js';
import { ServedClient, startServedServer } from '../apps/server/src/test-support/served-server.js';
import { millionEntryXrefPdf, millionObjectPdf } from './lib/million-objects.js';

const OBJECTS = Number(process.env['BENCH_OBJECTS'] ?? 1_000_000);
const PROBE_EVERY_MS = 20;

interface Timed<T> {
  value: T;
  ms: number;
  /** what the other client waited for each of its calls meanwhile, in ms */
  probes: number[];
}

/**
 * The other client: a worker thread of its own, so that what this process does to send a 47 MB
 * body (or to collect garbage after it) never counts as the server's delay.
 */
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
let running = true;
parentPort.on('message', () => (running = false));
(async () => {
  const probes = [];
  while (running) {
    const start = performance.now();
    await fetch(workerData.url).then((r) => r.arrayBuffer());
    probes.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, workerData.every));
  }
  parentPort.postMessage(probes);
})();
`;

/** Runs `work` while another client asks for /api/config every 20 ms. */
async function timed<T>(baseUrl: string, work: () => Promise<T>): Promise<Timed<T>> {
  const probe = new Worker(PROBE, {
    eval: true,
    workerData: { url: `${baseUrl}/api/config`, every: PROBE_EVERY_MS },
  });
  const probes = new Promise<number[]>((resolve) => probe.once('message', resolve));
  const start = performance.now();
  const value = await work();
  const ms = performance.now() - start;
  probe.postMessage('stop');
  const result = { value, ms, probes: await probes };
  await probe.terminate();
  return result;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

function row(name: string, t: Timed<unknown>, outcome: string): void {
  const ms = (v: number) => v.toFixed(0).padStart(6);
  console.log(
    `${name.padEnd(26)} ${ms(t.ms)} ms  others (${String(t.probes.length).padStart(3)} calls): median ${ms(
      percentile(t.probes, 50),
    )}  p95 ${ms(percentile(t.probes, 95))}  slowest ${ms(Math.max(0, ...t.probes))} ms   ${outcome}`,
  );
}

const millionObjects = millionObjectPdf(OBJECTS);
const uploads: [string, Buffer][] = [
  [`${(millionObjects.length / 1e6).toFixed(0)} MB, ${OBJECTS} objects`, millionObjects],
  [`xref of ${OBJECTS} entries`, millionEntryXrefPdf(OBJECTS)],
  ['45 MB string', goodPdf('Huge string', `/Huge (${'A'.repeat(45 * 1024 * 1024)}) `)],
];
const server = await startServedServer();
try {
  const client = new ServedClient(server.baseUrl);
  const email = 'bench@countersign.test';
  await client.signUp(email);
  const idle = server.memoryMb();
  console.log(`server idle after sign-up ${idle.rss} MB`);
  const created: { id: string; documents: { id: string }[] }[] = [];
  for (const [label, pdf] of uploads) {
    const upload = await timed(server.baseUrl, async () => {
      const res = await client.upload(pdf, [email], 'hostile.pdf');
      return { status: res.status, body: (await res.json()) as { id: string; code?: string } };
    });
    const { status, body } = upload.value;
    row(`upload ${label}`, upload, `${status}${body.code ? ` ${body.code}` : ''}`);
    if (status === 201) created.push(body as (typeof created)[number]);
  }
  const first = created[0];
  if (!first) throw new Error('the million-object file was not accepted');
  const image = await timed(server.baseUrl, async () => {
    const res = await client.pageImage(first.documents[0]!.id);
    return { status: res.status, size: (await res.arrayBuffer()).byteLength };
  });
  row('first page image', image, `${image.value.status}, ${image.value.size} bytes`);
  const initiated = await client.initiate(first.id);
  if (!initiated.ok) throw new Error(`initiate answered ${initiated.status}: ${await initiated.text()}`);
  const signed = await timed(server.baseUrl, async () => {
    const res = await client.sign(first.id);
    return { status: res.status, body: await res.text() };
  });
  row('signature', signed, String(signed.value.status));
  console.log(`server peak RSS ${server.memoryMb().peak} MB`);
} finally {
  await server.close();
}
