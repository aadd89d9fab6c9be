// The sweep removes blobs no document points at once they are past the grace period, and keeps
// every blob a document uses, on SQLite and PostgreSQL.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabases, type TestApp } from '../test-support/test-app.js';
import { createRequestWithFiles, signUp } from '../test-support/accounts.js';
import { generatedPdf } from '../test-support/pdfs.js';
import { createDirectoryBlobStore } from '../storage/blob-store.js';
import { BLOB_SWEEP_GRACE_MS, sweepUnreferencedBlobs } from './sweep-blobs.js';

describe.each(testDatabases())('blob sweep on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('removes old unreferenced blobs only', async () => {
    const token = await signUp(t.app, 'sweep@example.org');
    const created = await createRequestWithFiles(t.app, token, { title: 'Kept' }, [
      { name: 'kept.pdf', bytes: await generatedPdf(1, 'Kept') },
    ]);
    const kept = created.json().documents[0].sha256 as string;

    const blobs = createDirectoryBlobStore(path.join(t.config.dataDir, 'blobs'));
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
});
