// Blobs are shared by content, so the bytes a removal takes may be the bytes an upload is reusing
// at that moment. Whichever way the two interleave, the upload's document stays readable
// (ADR 034): a request deleted while the same PDF is uploaded elsewhere, and a sweep that finds a
// blob unreferenced just before the same bytes are uploaded again. On SQLite and PostgreSQL.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestWithFiles, signUp } from '../../test-support/accounts.js';
import { testFailpoints } from '../../test-support/failpoints.js';
import { generatedPdf } from '../../test-support/pdfs.js';
import { ageBlob } from '../../test-support/requests.js';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';
import { createDirectoryBlobStore, type BlobStore } from '../../storage/blob-store.js';
import { BLOB_SWEEP_GRACE_MS, sweepUnreferencedBlobs } from '../../jobs/sweep-blobs.js';

describe.each(testDatabases())('removing blobs that an upload reuses on %s', (kind) => {
  let t: TestApp;
  let blobs: BlobStore;
  let token: string;
  const points = testFailpoints();

  beforeAll(async () => {
    t = await createTestApp(kind, { failpoint: points.failpoint });
    blobs = createDirectoryBlobStore(path.join(t.config.dataDir, 'blobs'));
    token = await signUp(t.app, 'owner@example.org');
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = async (title: string, pdf: Buffer) => {
    const res = await createRequestWithFiles(t.app, token, { title }, [{ name: `${title}.pdf`, bytes: pdf }]);
    expect(res.statusCode, res.body).toBe(201);
    return {
      id: res.json().id as string,
      document: res.json().documents[0] as { id: string; sha256: string },
    };
  };
  const download = (documentId: string) =>
    t.app.inject({
      method: 'GET',
      url: `/v3/documents/${documentId}/download`,
      headers: { authorization: `Bearer ${token}` },
    });

  it('keeps a PDF uploaded while a request holding the same bytes is deleted', async () => {
    const pdf = await generatedPdf(2, 'Shared while deleted');
    const first = await upload('first', pdf);
    // the second upload finds the bytes stored and waits before its rows are written
    const stored = points.hold('upload.stored');
    const second = upload('second', pdf);
    await stored.reached;
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/v3/signature-requests/${first.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(deleted.statusCode).toBe(200);
    // no row named the bytes when the deletion looked, so they went
    expect(await blobs.has(first.document.sha256)).toBe(false);
    stored.release();
    const { document } = await second;
    expect(document.sha256).toBe(first.document.sha256);
    const res = await download(document.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.equals(pdf)).toBe(true);
  });

  it('keeps bytes uploaded again between the sweep’s check of the rows and its removal', async () => {
    const pdf = await generatedPdf(1, 'Swept and uploaded');
    const orphan = await blobs.put(pdf); // left by a process that died before its row
    ageBlob(t.config.dataDir, orphan, BLOB_SWEEP_GRACE_MS + 60_000);
    // the sweep's second listing comes after it found the blob unreferenced: the upload lands
    // then, whole (its rows committed) before the sweep removes anything
    let uploaded: Awaited<ReturnType<typeof upload>> | undefined;
    let listings = 0;
    const racing: BlobStore = {
      ...blobs,
      async *list() {
        if (++listings === 2) uploaded = await upload('again', pdf);
        yield* blobs.list();
      },
    };
    const result = await sweepUnreferencedBlobs(t.db.kysely, racing, new Date());
    expect(uploaded?.document.sha256).toBe(orphan);
    expect(result.removed).toBe(0);
    const res = await download(uploaded!.document.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.equals(pdf)).toBe(true);
  });
});
