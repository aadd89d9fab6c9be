// Deleting a request removes the chain of revisions its signatures stored as tails (ADR 032), down
// to the original, and keeps what a row still names: an original another request uses, a final
// revision a waiting mail carries (with every revision it extends), and a revision uploaded again
// as another request's document, which its own request's later revisions still extend. On SQLite
// and PostgreSQL.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestWithFiles, signUp } from '../../test-support/accounts.js';
import { generatedPdf } from '../../test-support/pdfs.js';
import { currentRevision, sendRequest, signAs, storedChain } from '../../test-support/requests.js';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';
import { createDirectoryBlobStore, type BlobStore } from '../../storage/blob-store.js';
import { sweepUnreferencedBlobs } from '../../jobs/sweep-blobs.js';
import { newId } from '../../lib/tokens.js';

describe.each(testDatabases())('deleting a request’s blobs on %s', (kind) => {
  let t: TestApp;
  let blobs: BlobStore;
  const tokens: Record<string, string> = {};
  const owner = () => tokens['owner']!;

  beforeAll(async () => {
    t = await createTestApp(kind);
    blobs = createDirectoryBlobStore(path.join(t.config.dataDir, 'blobs'));
    for (const who of ['owner', 'one', 'two']) tokens[who] = await signUp(t.app, `${who}@example.org`);
  });
  afterAll(async () => {
    await t?.close();
  });

  const deleteRequest = async (id: string) => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/v3/signature-requests/${id}`,
      headers: { authorization: `Bearer ${owner()}` },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** The request's revisions, newest first, down to the original. */
  const chainOf = async (id: string) =>
    (await storedChain(t.config.dataDir, await currentRevision(t.app, owner(), id))).names;
  const held = async (names: string[]) => Promise.all(names.map((sha) => blobs.has(sha)));

  /** A request sent with `pdf` and signed by one@ and two@, so completed. */
  async function completed(pdf: Buffer): Promise<string> {
    const { id } = await sendRequest(t.app, owner(), pdf, ['one@example.org', 'two@example.org']);
    await signAs(t.app, tokens['one']!, id);
    await signAs(t.app, tokens['two']!, id);
    return id;
  }

  it('removes every revision of a completed request and keeps an original another request uses', async () => {
    const pdf = await generatedPdf(3, 'Shared original');
    const id = await completed(pdf);
    const other = await createRequestWithFiles(t.app, owner(), { title: 'Same PDF' }, [
      { name: 'same.pdf', bytes: pdf },
    ]);
    expect(other.statusCode, other.body).toBe(201);
    const chain = await chainOf(id);
    // the original, the fields, two signatures (the second with the validation data and timestamp)
    expect(chain).toHaveLength(4);
    expect(chain.at(-1)).toBe(other.json().documents[0].sha256);
    // each revision after the original is stored as what it appends, not as another whole copy:
    // the chain takes on disk the final revision's length and a header for each tail
    const stored = await storedChain(t.config.dataDir, chain[0]!);
    expect(stored.tails).toBe(3);
    const final = await blobs.get(chain[0]!);
    expect(stored.storedBytes).toBeGreaterThan(final.length);
    expect(stored.storedBytes).toBeLessThan(final.length + 3 * 128);

    await deleteRequest(id);
    expect(await held(chain)).toEqual([false, false, false, true]);
  });

  it('keeps a chain whose final revision a waiting mail still carries, for the sweep to take later', async () => {
    const id = await completed(await generatedPdf(1, 'Mail waits'));
    const chain = await chainOf(id);
    const final = await blobs.get(chain[0]!);
    const mailId = newId();
    const now = new Date().toISOString();
    await t.db.kysely
      .insertInto('mail_outbox')
      .values({
        id: mailId,
        to_address: 'late@example.org',
        subject: 'Signed by everyone',
        text_body: 'attached',
        html_body: '<p>attached</p>',
        status: 'pending',
        attempts: 1,
        next_attempt_at: now,
        last_error: 'connect ECONNREFUSED',
        created_at: now,
      })
      .execute();
    await t.db.kysely
      .insertInto('mail_outbox_attachments')
      .values({
        mail_id: mailId,
        position: 0,
        filename: 'signed.pdf',
        content_type: 'application/pdf',
        sha256: chain[0]!,
      })
      .execute();

    await deleteRequest(id);
    expect(await held(chain)).toEqual([true, true, true, true]);
    expect((await blobs.get(chain[0]!)).equals(final)).toBe(true);

    // once the mail has left, nothing refers to the chain any more
    await t.db.kysely.deleteFrom('mail_outbox').where('id', '=', mailId).execute();
    await sweepUnreferencedBlobs(t.db.kysely, blobs, new Date(), 0);
    expect(await held(chain)).toEqual([false, false, false, false]);
  });

  it('keeps a revision uploaded again elsewhere while its own request still extends it', async () => {
    const { id, documentId } = await sendRequest(t.app, owner(), await generatedPdf(1, 'Downloaded'), [
      'one@example.org',
      'two@example.org',
    ]);
    await signAs(t.app, tokens['one']!, id);
    const download = await t.app.inject({
      method: 'GET',
      url: `/v3/documents/${documentId}/download?signed=true`,
      headers: { authorization: `Bearer ${owner()}` },
    });
    expect(download.statusCode).toBe(200);
    const again = await createRequestWithFiles(t.app, owner(), { title: 'Once more' }, [
      { name: 'signed-once.pdf', bytes: download.rawPayload },
    ]);
    expect(again.statusCode, again.body).toBe(201);
    const uploaded = again.json().documents[0].sha256 as string;
    expect(uploaded).toBe(await currentRevision(t.app, owner(), id));

    // the second signature extends the revision that was uploaded again, and the upload goes
    await signAs(t.app, tokens['two']!, id);
    await deleteRequest(again.json().id);
    const chain = await chainOf(id);
    expect(chain[1]).toBe(uploaded);
    expect(await held(chain)).toEqual([true, true, true, true]);
    const signed = await blobs.get(chain[0]!);
    expect(signed.subarray(0, download.rawPayload.length).equals(download.rawPayload)).toBe(true);
  });
});
