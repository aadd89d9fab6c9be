// Seeded fuzzing of a served server with hostile PDFs, on both databases: every family of
// hostile-pdfs.ts (flips, truncations, broken xref, cycles, deflate bombs in content, object and
// xref streams, huge strings, names and counts, deep nesting, zero pages, huge page boxes, arrays
// of a million numbers, content that makes the renderer hold much) goes through upload, page
// images, send and sign. Each page is drawn at the largest scale the contract allows, where memory
// peaks, and at one more of the allowed scales, a different one each round. No answer is a 5xx,
// none takes longer than the PDF deadline allows, the server's resident memory stays under 1 GB at
// its peak, and a good document uploads and renders right after each hostile one. Another client
// is answered within 200 ms while a bomb is refused.
//
// Bounded: every family once per database by default (57-88 s each on two cores that others load,
// 2026-11-29), more rounds for FUZZ_SECONDS seconds when set; FUZZ_SEED replays a run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HOSTILE_FAMILIES,
  goodPdf,
  hostilePdf,
  seededRandom,
} from '@countersign/pdf/test-support/hostile-pdfs';
import {
  PAGE_IMAGE_SCALES,
  ServedClient,
  startServedServer,
  type ServedServer,
} from '../../test-support/served-server.js';
import { createPostgresDatabase, testDatabases } from '../../test-support/test-app.js';

const SECONDS = Number(process.env['FUZZ_SECONDS'] ?? 0);
const SEED = Number(process.env['FUZZ_SEED'] ?? 20261124);
const TASK_TIMEOUT_MS = 10_000;
/** The PDF deadline plus what the call does around it (reading the body, storing, the database). */
const REQUEST_DEADLINE_MS = TASK_TIMEOUT_MS + 5_000;
const PEAK_RSS_LIMIT_MB = 1024;

interface Outcome {
  step: string;
  status: number;
  ms: number;
}

async function timed(step: string, call: () => Promise<Response>): Promise<Outcome & { body: string }> {
  const started = performance.now();
  const res = await call();
  const body = Buffer.from(await res.arrayBuffer()).toString('latin1');
  return { step, status: res.status, ms: performance.now() - started, body };
}

describe.each(testDatabases())('hostile documents against a served server on %s', (kind) => {
  let server: ServedServer;
  let drop: (() => Promise<void>) | undefined;
  const owner = 'fuzz-owner@example.org';
  let client: ServedClient;

  beforeAll(async () => {
    const env: Record<string, string> = { PDF_TASK_TIMEOUT_MS: String(TASK_TIMEOUT_MS) };
    if (kind === 'postgres') {
      const database = await createPostgresDatabase();
      env['DATABASE_URL'] = database.url;
      drop = database.drop;
    }
    server = await startServedServer(env);
    client = new ServedClient(server.baseUrl);
    await client.signUp(owner);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await drop?.();
  });

  /** A good document uploads and its first page renders. */
  async function expectStillServing(after: string): Promise<void> {
    const upload = await timed('good upload', () => client.upload(goodPdf(`after ${after}`), [owner]));
    expect(upload.status, `good upload after ${after}: ${upload.body.slice(0, 300)}`).toBe(201);
    const documentId = (JSON.parse(upload.body) as { documents: { id: string }[] }).documents[0]!.id;
    const image = await timed('good page image', () => client.pageImage(documentId, 1, 50));
    expect(image.status, `good page image after ${after}: ${image.body.slice(0, 300)}`).toBe(200);
    expect(image.body.slice(8, 12)).toBe('WEBP');
  }

  it(
    'answers every hostile document without a 5xx, in time, under 1 GB, and keeps serving good ones',
    async () => {
      const random = seededRandom(SEED + (kind === 'postgres' ? 1 : 0));
      const ends = Date.now() + SECONDS * 1000;
      const outcomes: (Outcome & { family: string; round: number })[] = [];
      const seen = new Map<string, Set<number>>();
      // every family once, then as many more rounds as the time allows
      for (let round = 0; round < HOSTILE_FAMILIES.length || Date.now() < ends; round++) {
        const family = HOSTILE_FAMILIES[round % HOSTILE_FAMILIES.length]!;
        const bytes = await hostilePdf(family, random);
        const note = (o: Outcome) => {
          outcomes.push({ ...o, family, round });
          seen.set(family, (seen.get(family) ?? new Set()).add(o.status));
        };
        const upload = await timed('upload', () => client.upload(bytes, [owner], `${family}.pdf`));
        note(upload);
        if (upload.status === 201) {
          const created = JSON.parse(upload.body) as { id: string; documents: { id: string }[] };
          const documentId = created.documents[0]!.id;
          const other = PAGE_IMAGE_SCALES[round % (PAGE_IMAGE_SCALES.length - 1)]!;
          for (const scale of [400, other])
            note(await timed(`page image at ${scale}`, () => client.pageImage(documentId, 1, scale)));
          const sent = await timed('send', () => client.initiate(created.id));
          note(sent);
          if (sent.status === 200) note(await timed('sign', () => client.sign(created.id)));
        }
        await expectStillServing(`${family} (round ${round})`);
      }
      // and signing still works: a good document is sent and signed after all of them
      const good = await client.upload(goodPdf('signed at the end'), [owner]);
      const goodId = ((await good.json()) as { id: string }).id;
      expect((await client.initiate(goodId)).status).toBe(200);
      const signed = await timed('good sign', () => client.sign(goodId));
      expect(signed.status, signed.body.slice(0, 300)).toBe(200);
      const failures = outcomes.filter((o) => o.status >= 500 || o.ms > REQUEST_DEADLINE_MS);
      expect(failures, `seed ${SEED}; server log:\n${server.log().slice(-3000)}`).toEqual([]);
      expect([...seen.keys()].sort()).toEqual([...HOSTILE_FAMILIES].sort());
      const { peak } = server.memoryMb();
      console.log(
        `${kind}: ${outcomes.length} calls over ${seen.size} families, slowest ${Math.round(
          Math.max(...outcomes.map((o) => o.ms)),
        )} ms, server peak RSS ${peak} MB`,
      );
      expect(peak).toBeLessThan(PEAK_RSS_LIMIT_MB);
    },
    (SECONDS + 240) * 1000,
  );

  it('answers another client within 200 ms while a bomb is being refused', async () => {
    const bomb = await hostilePdf('content-bomb', seededRandom(SEED));
    const created = await client.upload(bomb, [owner], 'bomb.pdf');
    expect(created.status).toBe(201);
    const documentId = ((await created.json()) as { documents: { id: string }[] }).documents[0]!.id;
    const other = new ServedClient(server.baseUrl);
    const probes: number[] = [];
    let refusing = true;
    const refusal = (async () => {
      const objectStreamBomb = await hostilePdf('object-stream-bomb', seededRandom(SEED));
      const image = await client.pageImage(documentId);
      const upload = await client.upload(objectStreamBomb, [owner], 'object-stream-bomb.pdf');
      refusing = false;
      const codeOf = async (res: Response) => ((await res.json()) as { code: string }).code;
      return [image.status, upload.status, await codeOf(image), await codeOf(upload)];
    })();
    while (refusing) {
      const started = performance.now();
      const res = await fetch(`${other.baseUrl}/api/config`);
      await res.arrayBuffer();
      probes.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const [imageStatus, uploadStatus, imageCode, uploadCode] = await refusal;
    expect([imageStatus, uploadStatus]).toEqual([422, 422]);
    expect([imageCode, uploadCode]).toEqual([
      'pdf.limit.stream_inflated_size',
      'pdf.limit.stream_inflated_size',
    ]);
    expect(probes.length).toBeGreaterThan(3);
    console.log(
      `${kind}: ${probes.length} calls while refusing bombs, slowest ${Math.round(Math.max(...probes))} ms`,
    );
    expect(Math.max(...probes)).toBeLessThan(200);
  }, 120_000);
});
