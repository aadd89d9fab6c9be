// Where a served server's memory goes with hostile documents: one document of each hostile family
// (packages/pdf test-support) goes through upload, its first page's image at every allowed scale,
// send and signature, then a good document is uploaded and drawn, round after round. After each
// call the server's resident memory and its peak are printed, with how much the peak rose; at the
// end, a table of the peak each page image reached, by family and scale (the peak is reset before
// each page image, so each figure is that call's own). Not a test.
// Run: npx tsx bench/hostile-memory.ts   (ROUNDS=3 SEED=7; FAMILIES=content-bomb,huge-name;
// SCALES=100,400; PDF_THREADS=2)
import fs from 'node:fs';
import {
  HOSTILE_FAMILIES,
  goodPdf,
  hostilePdf,
  seededRandom,
  type HostileFamily,
} from '../packages/pdf/src/test-support/hostile-pdfs.js';
import {
  PAGE_IMAGE_SCALES,
  ServedClient,
  startServedServer,
} from '../apps/server/src/test-support/served-server.js';

const ROUNDS = Number(process.env['ROUNDS'] ?? 3);
const SEED = Number(process.env['SEED'] ?? 7);
const FAMILIES = (process.env['FAMILIES']?.split(',') as HostileFamily[] | undefined) ?? HOSTILE_FAMILIES;
const SCALES = process.env['SCALES']?.split(',').map(Number) ?? [...PAGE_IMAGE_SCALES];

const server = await startServedServer({
  PDF_TASK_TIMEOUT_MS: '10000',
  ...(process.env['PDF_THREADS'] ? { PDF_THREADS: process.env['PDF_THREADS'] } : {}),
});
/** Starts the kernel's count of the server's peak resident memory afresh (Linux 4.0 and later). */
const resetPeak = () => fs.writeFileSync(`/proc/${server.process.pid}/clear_refs`, '5');
/** family -> scale -> the highest peak of its page images, in MB, and the statuses answered */
const table = new Map<string, Map<number, { peak: number; statuses: Set<number> }>>();
try {
  const client = new ServedClient(server.baseUrl);
  const owner = 'memory@example.org';
  await client.signUp(owner);
  const random = seededRandom(SEED);
  let last = server.memoryMb();
  console.log(`after sign-up: RSS ${last.rss} MB, peak ${last.peak} MB`);
  let highest = last.peak;
  const note = (call: string, status: number) => {
    const now = server.memoryMb();
    const rise = now.peak > last.peak ? `  peak +${now.peak - last.peak}` : '';
    console.log(`${call.padEnd(44)} ${status}  RSS ${now.rss} MB  peak ${now.peak} MB${rise}`);
    highest = Math.max(highest, now.peak);
    last = now;
    return now.peak;
  };
  for (let round = 0; round < ROUNDS; round++) {
    for (const family of FAMILIES) {
      const bytes = await hostilePdf(family, random);
      const upload = await client.upload(bytes, [owner], `${family}.pdf`);
      const body = (await upload.json()) as { id: string; documents: { id: string }[] };
      note(`${family}: upload of ${(bytes.length / 1e6).toFixed(1)} MB`, upload.status);
      if (upload.status === 201) {
        for (const scale of SCALES) {
          resetPeak();
          last = server.memoryMb();
          const image = await client.pageImage(body.documents[0]!.id, 1, scale);
          await image.arrayBuffer();
          const peak = note(`${family}: page image at ${scale}`, image.status);
          // a family's variants differ in size: each size is a row of its own
          const row = `${family} ${(bytes.length / 1e6).toFixed(1)} MB`;
          const byScale = table.get(row) ?? new Map();
          const cell = byScale.get(scale) ?? { peak: 0, statuses: new Set<number>() };
          cell.peak = Math.max(cell.peak, peak);
          cell.statuses.add(image.status);
          table.set(row, byScale.set(scale, cell));
        }
        const sent = await client.initiate(body.id);
        await sent.arrayBuffer();
        if (sent.ok) {
          const signed = await client.sign(body.id);
          await signed.arrayBuffer();
          note(`${family}: signature`, signed.status);
        }
      }
      const good = await client.upload(goodPdf(`after ${family}`), [owner]);
      const goodBody = (await good.json()) as { documents: { id: string }[] };
      const goodImage = await client.pageImage(goodBody.documents[0]!.id, 1, 50);
      await goodImage.arrayBuffer();
      note('  a good document uploaded and drawn', goodImage.status);
    }
  }
  console.log(`\npeak RSS of the page images (MB) and their statuses, by family and scale`);
  console.log(['document'.padEnd(26), ...SCALES.map((scale) => String(scale).padStart(10))].join(''));
  for (const [row, byScale] of [...table].sort(([a], [b]) => a.localeCompare(b))) {
    const cells = SCALES.map((scale) => {
      const cell = byScale.get(scale);
      return (cell ? `${cell.peak} ${[...cell.statuses].join('/')}` : '-').padStart(10);
    });
    console.log([row.padEnd(26), ...cells].join(''));
  }
  console.log(`server peak RSS over the run ${highest} MB`);
} finally {
  await server.close();
}
