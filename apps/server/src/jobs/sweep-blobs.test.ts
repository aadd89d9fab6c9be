// The sweep removes blobs no document points at once they are past the grace period, and keeps
// every blob a document uses, with every revision a kept revision extends (ADR 032), on SQLite
// and PostgreSQL.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabases, type TestApp } from '../test-support/test-app.js';
import { createRequestWithFiles, signUp } from '../test-support/accounts.js';
import { generatedPdf } from '../test-support/pdfs.js';
import { ageBlob, currentRevision, sendRequest, signAs } from '../test-support/requests.js';
import { createDirectoryBlobStore, type BlobStore } from '../storage/blob-store.js';
import { BLOB_SWEEP_GRACE_MS, sweepUnreferencedBlobs } from './sweep-blobs.js';

describe.each(testDatabases())('blob sweep on %s', (kind) => {
  let t: TestApp;
  let blobs: BlobStore;
  const tokens: Record<string, string> = {};
  const pastGrace = BLOB_SWEEP_GRACE_MS + 60_000;
  beforeAll(async () => {
    t = await createTestApp(kind);
    blobs = createDirectoryBlobStore(path.join(t.config.dataDir, 'blobs'));
    for (const who of ['owner', 'one', 'two']) tokens[who] = await signUp(t.app, `${who}@example.org`);
  });
  const ageAll = async () => {
    for await (const blob of blobs.list()) ageBlob(t.config.dataDir, blob.sha256, pastGrace);
  };
  /** A chain of `count` revisions that no row refers to, each the one before plus a few bytes. */
  async function unreferencedChain(count: number): Promise<string[]> {
    let bytes = randomBytes(64 * 1024);
    const names = [await blobs.put(bytes)];
    for (let i = 1; i < count; i++) {
      const next = Buffer.concat([bytes, randomBytes(100)]);
      names.push(await blobs.put(next, { sha256: names.at(-1)!, bytes }));
      bytes = next;
    }
    return names;
  }
  const held = async (names: string[]) => Promise.all(names.map((sha) => blobs.has(sha)));
  afterAll(async () => {
    await t?.close();
  });

  it('removes old unreferenced blobs only', async () => {
    const token = await signUp(t.app, 'sweep@example.org');
    const created = await createRequestWithFiles(t.app, token, { title: 'Kept' }, [
      { name: 'kept.pdf', bytes: await generatedPdf(1, 'Kept') },
    ]);
    const kept = created.json().documents[0].sha256 as string;

    const orphanOld = await blobs.put(Buffer.from('left behind by a process that died'));
    const orphanNew = await blobs.put(Buffer.from('its row is being written right now'));
    const old = new Date(Date.now() - BLOB_SWEEP_GRACE_MS - 60_000);
    for (const sha of [orphanOld, kept])
      fs.utimesSync(path.join(t.config.dataDir, 'blobs', sha.slice(0, 2), sha), old, old);

    const result = await sweepUnreferencedBlobs(t.db.kysely, blobs, new Date());
    expect(result).toEqual({ checked: 3, removed: 1 });
    expect(await blobs.has(orphanOld)).toBe(false);
    expect(await blobs.has(orphanNew)).toBe(true);
    expect(await blobs.has(kept)).toBe(true);
  });

  it('keeps the revisions a referenced revision extends, which no row names', async () => {
    const { id } = await sendRequest(t.app, tokens['owner']!, await generatedPdf(1, 'Chain'), [
      'one@example.org',
      'two@example.org',
    ]);
    const initiated = await currentRevision(t.app, tokens['owner']!, id);
    await signAs(t.app, tokens['one']!, id);
    const signed = await currentRevision(t.app, tokens['owner']!, id);
    expect(await blobs.baseOf(signed)).toBe(initiated);
    await ageAll();
    await sweepUnreferencedBlobs(t.db.kysely, blobs, new Date());
    expect(await held([initiated, signed])).toEqual([true, true]);
    await signAs(t.app, tokens['two']!, id); // the second signature still extends the chain
    expect((await blobs.get(await currentRevision(t.app, tokens['owner']!, id))).length).toBeGreaterThan(0);
  });

  it('removes a whole chain no row refers to once past the grace period', async () => {
    const chain = await unreferencedChain(4);
    await ageAll();
    await sweepUnreferencedBlobs(t.db.kysely, blobs, new Date());
    expect(await held(chain)).toEqual([false, false, false, false]);
  });

  it('keeps a fresh tail within its grace period and every blob it extends', async () => {
    const chain = await unreferencedChain(3);
    await ageAll();
    ageBlob(t.config.dataDir, chain[2]!, 0);
    await sweepUnreferencedBlobs(t.db.kysely, blobs, new Date());
    expect(await held(chain)).toEqual([true, true, true]);
    expect((await blobs.get(chain[2]!)).length).toBe(64 * 1024 + 200);
    ageBlob(t.config.dataDir, chain[2]!, pastGrace);
    await sweepUnreferencedBlobs(t.db.kysely, blobs, new Date());
    expect(await held(chain)).toEqual([false, false, false]);
  });

  it('keeps the revision a signature committed during the sweep extends', async () => {
    const { id } = await sendRequest(t.app, tokens['owner']!, await generatedPdf(1, 'Race'), [
      'one@example.org',
    ]);
    const before = await currentRevision(t.app, tokens['owner']!, id);
    await ageAll();
    // The sweep lists the blobs; then, before it checks the rows, a signature stores its revision
    // and moves the document to it: the revision it was made from is then named by no row.
    let signedMeanwhile = false;
    const racing: BlobStore = {
      ...blobs,
      async *list() {
        const listed = [];
        for await (const blob of blobs.list()) listed.push(blob);
        if (!signedMeanwhile) {
          signedMeanwhile = true;
          await signAs(t.app, tokens['one']!, id);
        }
        yield* listed;
      },
    };
    await sweepUnreferencedBlobs(t.db.kysely, racing, new Date());
    const after = await currentRevision(t.app, tokens['owner']!, id);
    expect(after).not.toBe(before);
    expect(await blobs.baseOf(after)).toBe(before);
    expect(await blobs.has(before)).toBe(true);
    expect((await blobs.get(after)).length).toBeGreaterThan(0);
  });
});
