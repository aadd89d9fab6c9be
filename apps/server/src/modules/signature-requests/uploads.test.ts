// Upload limits and clean-up, on SQLite and PostgreSQL: a file over MAX_UPLOAD_MB is refused with
// 413 and leaves neither a request nor a blob behind (nor the file it was being received into), and
// a body declaring more than its files could be is refused before it is read; a refused PDF at creation takes its new
// request with it; when the database write fails after the blob is stored, the blob goes too.
// Creating a request with its files is one transaction: a failure between the request's rows and
// its documents', or a refused attachment, leaves no draft and no blob.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRequestWithFiles, signUp } from '../../test-support/accounts.js';
import { generatedPdf, multipart } from '../../test-support/pdfs.js';
import { testFailpoints } from '../../test-support/failpoints.js';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';

describe.each(testDatabases())('upload limits and clean-up on %s', (kind) => {
  let t: TestApp;
  let token = '';
  const points = testFailpoints();
  const documentRows = async () =>
    Number(
      (
        await t.db.kysely
          .selectFrom('documents')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const blobCount = () => {
    const root = path.join(t.config.dataDir, 'blobs');
    return fs.existsSync(root)
      ? fs
          .readdirSync(root)
          // the shard folders; not the write journals of .writes (ADR 046)
          .filter((d) => /^[0-9a-f]{2}$/.test(d))
          .flatMap((d) => fs.readdirSync(path.join(root, d))).length
      : 0;
  };
  const requestCount = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/v3/signature-requests-redesign',
        headers: { authorization: `Bearer ${token}` },
      })
    ).json().total;

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { MAX_UPLOAD_MB: '0.05' }, failpoint: points.failpoint });
    token = await signUp(t.app, 'uploader@example.org');
  });
  afterAll(async () => {
    await t?.close();
  });
  // every upload is received into a temporary file, which goes once the call is answered
  afterEach(() => {
    const incoming = path.join(t.config.dataDir, 'blobs', 'incoming');
    expect(fs.existsSync(incoming) ? fs.readdirSync(incoming) : []).toEqual([]);
  });

  it('refuses a file over the limit with 413 and stores nothing', async () => {
    const big = Buffer.concat([await generatedPdf(1, 'Big'), Buffer.alloc(80 * 1024, 32)]);
    const res = await createRequestWithFiles(t.app, token, { title: 'Too big' }, [
      { name: 'big.pdf', bytes: big },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('upload.too_large');
    expect(await requestCount()).toBe(0);
    expect(blobCount()).toBe(0);
    // and added to a draft, as a document or as an attachment
    const draft = await createRequestWithFiles(t.app, token, { title: 'Draft' }, []);
    expect(draft.statusCode, draft.body).toBe(201);
    for (const field of ['documents', 'attachments']) {
      const body = multipart({}, [{ field, name: 'big.pdf', bytes: big }]);
      const added = await t.app.inject({
        method: 'POST',
        url: `/v3/signature-requests/${draft.json().id}/${field}`,
        payload: body.payload,
        headers: { ...body.headers, authorization: `Bearer ${token}` },
      });
      expect(added.statusCode, field).toBe(413);
      expect(added.json().code).toBe('upload.too_large');
    }
    expect(blobCount()).toBe(0);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/v3/signature-requests/${draft.json().id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(removed.statusCode).toBeLessThan(300);
  });

  /**
   * Posts `body` (or only its first `sent` bytes) as an upload to the listening server, declaring
   * `declared` bytes or, without it, in chunks; answers the status and problem code the server
   * gives while the rest of a declared body is still to come, or 'no answer' after 3 s.
   */
  const postRaw = async (
    url: string,
    body: ReturnType<typeof multipart>,
    declared?: number,
    sent?: number,
  ) => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined);
    const base = address ?? `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    return new Promise<string>((resolve) => {
      const req = http.request(`${base}${url}`, {
        method: 'POST',
        headers: {
          ...body.headers,
          authorization: `Bearer ${token}`,
          ...(declared !== undefined && { 'content-length': declared }),
        },
      });
      const timer = setTimeout(() => resolve('no answer'), 3000);
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => {
          clearTimeout(timer);
          resolve(`${res.statusCode} ${JSON.parse(text).code}`);
          req.destroy();
        });
      });
      req.on('error', () => undefined); // the server may close while the rest is unsent
      req.write(body.payload.subarray(0, sent ?? body.payload.length));
      if (declared === undefined) req.end();
    });
  };

  it('refuses an upload that declares more than it may carry before reading it, and one sent in chunks as it comes', async () => {
    const draft = await createRequestWithFiles(t.app, token, { title: 'Draft' }, []);
    const url = `/v3/signature-requests/${draft.json().id}/documents`;
    // 20 files of at most 0.05 MB each: a body declaring 4 MB cannot be an upload of them. The
    // server answers before the rest is sent, and has written nothing of what it was sent so far.
    const small = multipart({}, [
      { field: 'documents', name: 'small.pdf', bytes: Buffer.alloc(30 * 1024, 32) },
    ]);
    expect(await postRaw(url, small, 4 * 1024 * 1024, 20 * 1024)).toBe('413 upload.too_large');
    const incoming = path.join(t.config.dataDir, 'blobs', 'incoming');
    expect(fs.existsSync(incoming) ? fs.readdirSync(incoming) : []).toEqual([]);
    // sent in chunks, a body declares no length: its file is cut short at the limit as it arrives
    const big = multipart({}, [
      {
        field: 'documents',
        name: 'big.pdf',
        bytes: Buffer.concat([await generatedPdf(1, 'Big'), Buffer.alloc(80 * 1024, 32)]),
      },
    ]);
    expect(await postRaw(url, big)).toBe('413 upload.too_large');
    expect(blobCount()).toBe(0);
    expect(await documentRows()).toBe(0);
    await t.app.inject({
      method: 'DELETE',
      url: url.replace(/\/documents$/, ''),
      headers: { authorization: `Bearer ${token}` },
    });
  });

  it('removes the new request when one of its PDFs is refused', async () => {
    const res = await createRequestWithFiles(t.app, token, { title: 'Half good' }, [
      { name: 'good.pdf', bytes: await generatedPdf(1, 'Good') },
      { name: 'bad.pdf', bytes: Buffer.from('%PDF-1.7\nthis is not really a PDF') },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toMatch(/^pdf\./);
    expect(await requestCount()).toBe(0);
    expect(blobCount()).toBe(0);
  });

  it('removes the stored blob when the database write fails, at creation', async () => {
    points.fail('upload.before_commit');
    const res = await createRequestWithFiles(t.app, token, { title: 'Lost write' }, [
      { name: 'lost.pdf', bytes: await generatedPdf(1, 'Lost write') },
    ]);
    expect(res.statusCode).toBe(500);
    expect(await requestCount()).toBe(0);
    expect(await documentRows()).toBe(0);
    expect(blobCount()).toBe(0);
  });

  it('leaves no draft when the write fails between the request and its documents', async () => {
    points.fail('create.before_documents');
    const res = await createRequestWithFiles(t.app, token, { title: 'Never half made' }, [
      { name: 'whole.pdf', bytes: await generatedPdf(1, 'Whole') },
    ]);
    expect(res.statusCode).toBe(500);
    expect(await requestCount()).toBe(0);
    expect(await documentRows()).toBe(0);
    expect(blobCount()).toBe(0);
  });

  it('leaves no draft and no document when an attachment is refused', async () => {
    const body = multipart({ payload: JSON.stringify({ title: 'Bad annex' }) }, [
      { field: 'documents', name: 'main.pdf', bytes: await generatedPdf(1, 'Main') },
      { field: 'attachments', name: 'annex.bin', bytes: Buffer.from([0, 1, 2, 3]) },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v3/signature-requests',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('attachment.type_not_allowed');
    expect(await requestCount()).toBe(0);
    expect(blobCount()).toBe(0);
  });

  it('creates the request with its documents and attachments in one answer', async () => {
    const body = multipart({ payload: JSON.stringify({ title: 'Whole' }) }, [
      { field: 'documents', name: 'main.pdf', bytes: await generatedPdf(1, 'Main') },
      { field: 'attachments', name: 'annex.txt', bytes: Buffer.from('terms') },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v3/signature-requests',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().documents).toHaveLength(1);
    expect(res.json().attachments).toHaveLength(1);
    const events = await t.app.inject({
      method: 'GET',
      url: `/v3/signature-requests/${res.json().id}/events`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(events.json().chain_valid).toBe(true);
    expect(events.json().events.map((e: { type: string }) => e.type)).toEqual([
      'created',
      'documents_added',
      'attachments_added',
    ]);
    await t.app.inject({
      method: 'DELETE',
      url: `/v3/signature-requests/${res.json().id}`,
      headers: { authorization: `Bearer ${token}` },
    });
  });

  it('removes the stored blob when the database write fails, adding to a draft', async () => {
    const draft = await createRequestWithFiles(t.app, token, { title: 'Kept draft' }, [
      { name: 'first.pdf', bytes: await generatedPdf(1, 'First') },
    ]);
    expect(draft.statusCode).toBe(201);
    const blobsBefore = blobCount();
    points.fail('upload.before_commit');
    const body = multipart({}, [
      { field: 'documents', name: 'second.pdf', bytes: await generatedPdf(1, 'Second') },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/v3/signature-requests/${draft.json().id}/documents`,
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(500);
    expect(await documentRows()).toBe(1);
    expect(blobCount()).toBe(blobsBefore);
  });

  it('removes the only document of a draft, which then cannot be sent until one is added', async () => {
    const draft = await createRequestWithFiles(
      t.app,
      token,
      { title: 'Emptied draft', signatures: [{ email: 'emptied@example.org' }] },
      [{ name: 'only.pdf', bytes: await generatedPdf(1, 'Only') }],
    );
    const id = draft.json().id as string;
    const call = (method: 'DELETE' | 'POST' | 'GET', url: string) =>
      t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
    const removed = await call('DELETE', `/v3/documents/${draft.json().documents[0].id}`);
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect((await call('GET', `/v3/signature-requests/${id}`)).json().documents).toEqual([]);
    const sent = await call('POST', `/v3/signature-requests/${id}/initiate`);
    expect(sent.json().code).toBe('signature_request.no_documents');
    expect((await call('GET', `/v3/signature-requests/${id}`)).json().status).toBe('draft');
  });
});
