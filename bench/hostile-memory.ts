// Where a served server's memory goes with hostile documents: one document of each hostile family
// (packages/pdf test-support) goes through upload, first page image, send and signature, then a
// good document is uploaded and drawn, round after round; after each call the server's resident
// memory and its peak are printed, with how much the peak rose. Not a test.
// Run: npx tsx bench/hostile-memory.ts   (ROUNDS=3 SEED=7; FAMILIES=content-bomb,huge-name)
import {
  HOSTILE_FAMILIES,
  goodPdf,
  hostilePdf,
  seededRandom,
  type HostileFamily,
} from '../packages/pdf/src/test-support/hostile-pdfs.js';
import { ServedClient, startServedServer } from '../apps/server/src/test-support/served-server.js';

const ROUNDS = Number(process.env['ROUNDS'] ?? 3);
const SEED = Number(process.env['SEED'] ?? 7);
const FAMILIES = (process.env['FAMILIES']?.split(',') as HostileFamily[] | undefined) ?? HOSTILE_FAMILIES;

const server = await startServedServer({ PDF_TASK_TIMEOUT_MS: '10000' });
try {
  const client = new ServedClient(server.baseUrl);
  const owner = 'memory@example.org';
  await client.signUp(owner);
  const random = seededRandom(SEED);
  let last = server.memoryMb();
  console.log(`after sign-up: RSS ${last.rss} MB, peak ${last.peak} MB`);
  const note = (call: string, status: number) => {
    const now = server.memoryMb();
    const rise = now.peak > last.peak ? `  peak +${now.peak - last.peak}` : '';
    console.log(`${call.padEnd(44)} ${status}  RSS ${now.rss} MB  peak ${now.peak} MB${rise}`);
    last = now;
  };
  for (let round = 0; round < ROUNDS; round++) {
    for (const family of FAMILIES) {
      const bytes = await hostilePdf(family, random);
      const upload = await client.upload(bytes, [owner], `${family}.pdf`);
      const body = (await upload.json()) as { id: string; documents: { id: string }[] };
      note(`${family}: upload of ${(bytes.length / 1e6).toFixed(1)} MB`, upload.status);
      if (upload.status === 201) {
        const image = await client.pageImage(body.documents[0]!.id, 1, 100);
        await image.arrayBuffer();
        note(`${family}: page image`, image.status);
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
  console.log(`server peak RSS ${server.memoryMb().peak} MB`);
} finally {
  await server.close();
}
