// The whole app on an S3 bucket (BLOB_STORE=s3, ADR 071), on both databases: a PDF uploaded,
// sent, signed (on a signing thread, as in production, whose own store writes the revision) and
// downloaded goes through the bucket and never lands on the local disk; the sweep removes the
// bucket's orphans once past the grace period and keeps what a document uses; and a bucket that
// does not answer stops the start.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { BLOB_SWEEP_GRACE_MS, sweepUnreferencedBlobs } from '../jobs/sweep-blobs.js';
import { signUp } from '../test-support/accounts.js';
import { generatedPdf } from '../test-support/pdfs.js';
import { blobFiles, currentRevision, sendRequest, signAs } from '../test-support/requests.js';
import { startS3Server, type TestS3Server } from '../test-support/s3-server.js';
import { createTestApp, testDatabases, type TestApp } from '../test-support/test-app.js';
import { sha256Hex } from './blob-names.js';
import type { BlobStore } from './blob-store.js';
import { createBlobStore } from './create-blob-store.js';

let server: TestS3Server;
beforeAll(async () => {
  server = await startS3Server();
});
afterAll(() => server.close());

describe.each(testDatabases())('the app on an S3 bucket, on %s', (kind) => {
  let t: TestApp;
  let blobs: BlobStore;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    const bucket = await server.createBucket();
    t = await createTestApp(kind, { env: { ...server.env(bucket), SIGNING_THREADS: '1' } });
    blobs = createBlobStore(t.config);
    for (const who of ['owner', 'one']) tokens[who] = await signUp(t.app, `${who}@example.org`);
  });
  afterAll(() => t?.close());
  const download = (documentId: string, signed: boolean) =>
    t.app.inject({
      url: `/v3/documents/${documentId}/download${signed ? '?signed=true' : ''}`,
      headers: { authorization: `Bearer ${tokens['owner']}` },
    });
  const inTheBucket = async () => {
    const names: string[] = [];
    for await (const blob of blobs.list()) names.push(blob.sha256);
    return names;
  };

  it('stores an uploaded PDF and its signed revision in the bucket and serves them back', async () => {
    const pdf = await generatedPdf(2, 'On S3');
    const { id, documentId } = await sendRequest(t.app, tokens['owner']!, pdf, ['one@example.org']);
    await signAs(t.app, tokens['one']!, id);
    const signed = await currentRevision(t.app, tokens['owner']!, id);

    const original = await download(documentId, false);
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.equals(pdf)).toBe(true);
    const signedPdf = (await download(documentId, true)).rawPayload;
    expect(sha256Hex(signedPdf)).toBe(signed);
    expect(signedPdf.subarray(0, pdf.length).equals(pdf)).toBe(true); // an incremental update
    expect(signedPdf.toString('latin1')).toContain('/ByteRange');
    // the signed revision is a tail of the revision it extends, both in the bucket (ADR 032)
    expect(await blobs.baseOf(signed)).toBeDefined();
    expect(await inTheBucket()).toEqual(expect.arrayContaining([sha256Hex(pdf), signed]));
    // nothing of it on the local disk: no blob, no upload left behind
    expect(blobFiles(t.config.dataDir)).toEqual([]);
  });

  it('sweeps the bucket: orphans go once past the grace period, nothing a document uses goes', async () => {
    const pdf = await generatedPdf(1, 'Kept on S3');
    const { id, documentId } = await sendRequest(t.app, tokens['owner']!, pdf, ['one@example.org']);
    await signAs(t.app, tokens['one']!, id);
    // a chain no row names: a revision and the tail that extends it
    const orphanBytes = randomBytes(2000);
    const orphan = await blobs.put(orphanBytes);
    const orphanTail = await blobs.put(Buffer.concat([orphanBytes, randomBytes(100)]), {
      sha256: orphan,
      bytes: orphanBytes,
    });
    expect(await blobs.baseOf(orphanTail)).toBe(orphan);

    // within the grace period even the orphans stay
    await sweepUnreferencedBlobs(t.db.kysely, blobs, new Date());
    expect(await Promise.all([blobs.has(orphan), blobs.has(orphanTail)])).toEqual([true, true]);

    // what the document uses: its original and the chain of its current revision (ADR 032)
    const used = [sha256Hex(pdf)];
    for (let sha: string | undefined = await currentRevision(t.app, tokens['owner']!, id); sha;)
      sha = (used.push(sha), await blobs.baseOf(sha));
    expect(used.length).toBeGreaterThanOrEqual(3);

    // S3 sets the time an object was written, so the sweep runs later instead of aging them
    const later = new Date(Date.now() + BLOB_SWEEP_GRACE_MS + 60_000);
    await sweepUnreferencedBlobs(t.db.kysely, blobs, later);
    const left = await inTheBucket();
    expect(left).not.toContain(orphan);
    expect(left).not.toContain(orphanTail);
    expect(left).toEqual(expect.arrayContaining(used));
    const signed = await download(documentId, true);
    expect(sha256Hex(signed.rawPayload)).toBe(used[1]);
  });
});

describe('a bucket that does not answer', () => {
  it('stops the start, naming the bucket and why', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'countersign-test-'));
    try {
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        ...server.env('no-such-bucket'),
      });
      await expect(buildApp(config)).rejects.toThrow(
        'S3_BUCKET=no-such-bucket cannot be used (no such bucket)',
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
