// Hostile-input benchmark: a served server (bin/serve.mjs, SQLite, signing threads) takes a PDF
// with a million objects in one classic xref table (about 36 MB). Prints the time of the upload,
// of the first page image and of the signature, the slowest answer another client got from
// /api/config (asked every 50 ms) during each, and the server's resident memory at its peak.
// Not a test. Run: npx tsx bench/hostile-input.ts   (BENCH_OBJECTS=200000 for a smaller file)
import { ServedClient, startServedServer } from '../apps/server/src/test-support/served-server.js';
import { millionObjectPdf } from './lib/million-objects.js';

const OBJECTS = Number(process.env['BENCH_OBJECTS'] ?? 1_000_000);

/** Runs `work` while another client asks for /api/config every 50 ms; its time and their slowest. */
async function timed<T>(
  baseUrl: string,
  work: () => Promise<T>,
): Promise<{ value: T; ms: number; othersMaxMs: number }> {
  let othersMaxMs = 0;
  let running = true;
  const probe = (async () => {
    while (running) {
      const start = performance.now();
      await fetch(`${baseUrl}/api/config`).then((r) => r.arrayBuffer());
      othersMaxMs = Math.max(othersMaxMs, performance.now() - start);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const start = performance.now();
  const value = await work();
  const ms = performance.now() - start;
  running = false;
  await probe;
  return { value, ms, othersMaxMs };
}

const pdf = millionObjectPdf(OBJECTS);
const server = await startServedServer();
try {
  const client = new ServedClient(server.baseUrl);
  const email = 'bench@countersign.test';
  await client.signUp(email);
  const idle = server.memoryMb();
  const upload = await timed(server.baseUrl, async () => {
    const res = await client.upload(pdf, [email], 'million.pdf');
    return { status: res.status, body: (await res.json()) as { id: string; documents: { id: string }[] } };
  });
  if (upload.value.status !== 201)
    throw new Error(`upload answered ${upload.value.status}: ${JSON.stringify(upload.value.body)}`);
  const { id, documents } = upload.value.body;
  const image = await timed(server.baseUrl, async () => {
    const res = await client.pageImage(documents[0]!.id);
    return { status: res.status, size: (await res.arrayBuffer()).byteLength };
  });
  const initiated = await client.initiate(id);
  if (!initiated.ok) throw new Error(`initiate answered ${initiated.status}: ${await initiated.text()}`);
  const signed = await timed(server.baseUrl, async () => {
    const res = await client.sign(id);
    return { status: res.status, body: await res.text() };
  });
  const row = (name: string, t: { ms: number; othersMaxMs: number }, outcome: string) =>
    console.log(
      `${name.padEnd(18)} ${t.ms.toFixed(0).padStart(7)} ms   others' slowest ${t.othersMaxMs.toFixed(0).padStart(6)} ms   ${outcome}`,
    );
  console.log(
    `file: ${OBJECTS} objects, ${(pdf.length / 1e6).toFixed(1)} MB; server idle after sign-up ${idle.rss} MB`,
  );
  row('upload', upload, String(upload.value.status));
  row('first page image', image, `${image.value.status}, ${image.value.size} bytes`);
  row('signature', signed, `${signed.value.status} ${signed.value.body.slice(0, 120)}`);
  console.log(`server peak RSS ${server.memoryMb().peak} MB`);
} finally {
  await server.close();
}
