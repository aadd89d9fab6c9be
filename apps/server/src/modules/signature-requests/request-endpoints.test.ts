// The request endpoints that only the owner's screens call, on their success path and with their
// effect: status of a request and of one signature, removing an observer, deleting a draft or one
// of its documents (by either path, the nested one only for a document of that request), and
// the refusal of a seal on POST /v3/sign while no business account can own one.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestWithFiles, signUp } from '../../test-support/accounts.js';
import { generatedPdf } from '../../test-support/pdfs.js';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';
import { CONSENT } from '../../test-support/consent.js';

describe.each(testDatabases())('request endpoints on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let pdfCount = 0;

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who = 'owner', payload?: object) =>
    t.app.inject({
      method,
      url,
      ...(payload && { payload }),
      headers: { authorization: `Bearer ${tokens[who]}` },
    });
  const blobExists = (sha: string) =>
    fs.existsSync(path.join(t.config.dataDir, 'blobs', sha.slice(0, 2), sha));

  /** A draft with one PDF of its own (so its blob is nobody else's) and the given parties. */
  async function draft(signers: string[] = ['signer@example.org'], observers: string[] = []) {
    pdfCount += 1;
    const res = await createRequestWithFiles(
      t.app,
      tokens['owner']!,
      { title: `Endpoints ${pdfCount}`, signatures: signers.map((email) => ({ email })), observers },
      [{ name: 'e.pdf', bytes: await generatedPdf(1, `Endpoints ${pdfCount}`) }],
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const who of ['owner', 'signer', 'second'])
      tokens[who] = await signUp(t.app, `${who}@example.org`, who);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reports the status of a request and of each signature', async () => {
    const { id } = await draft(['signer@example.org', 'second@example.org']);
    await call('POST', `/v3/signature-requests/${id}/initiate`);
    const signed = await call('POST', '/v3/sign', 'signer', {
      consent: CONSENT,
      signature_requests: [{ signature_request_id: id }],
    });
    expect(signed.statusCode, signed.body).toBe(200);

    const status = await call('GET', `/v3/signature-requests/${id}/status`);
    expect(status.statusCode).toBe(200);
    const { signatures } = status.json();
    expect(status.json().status).toBe('open');
    expect(signatures.map((s: { status: string }) => s.status)).toEqual(['signed', 'pending']);

    const first = await call('GET', `/v3/signature-requests/${id}/signatures/${signatures[0].id}/status`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: signatures[0].id, status: 'signed' });
    expect(Date.parse(first.json().signed_at)).not.toBeNaN();
    const second = await call('GET', `/v3/signature-requests/${id}/signatures/${signatures[1].id}/status`);
    expect(second.json()).toEqual({ id: signatures[1].id, status: 'pending', signed_at: null });
    const unknown = await call('GET', `/v3/signature-requests/${id}/signatures/nope/status`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('signer.not_found');
  });

  it('removes one observer and keeps the others', async () => {
    const { id } = await draft(undefined, ['watch@example.org', 'keep@example.org']);
    const observers = (await call('GET', `/v3/signature-requests/${id}`)).json().observers;
    const watch = observers.find((o: { email: string }) => o.email === 'watch@example.org');
    const removed = await call('DELETE', `/v3/signature-requests/${id}/observers/${watch.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().observers.map((o: { email: string }) => o.email)).toEqual(['keep@example.org']);
    const again = await call('DELETE', `/v3/signature-requests/${id}/observers/${watch.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('observer.not_found');
  });

  it('deletes a draft with its blobs', async () => {
    const created = await draft();
    const sha = created.documents[0].sha256 as string;
    expect(blobExists(sha)).toBe(true);
    const res = await call('DELETE', `/v3/signature-requests/${created.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await call('GET', `/v3/signature-requests/${created.id}`)).statusCode).toBe(404);
    expect(blobExists(sha)).toBe(false);
  });

  it.each([
    { route: 'DELETE /v3/documents/{id}', url: (_: string, doc: string) => `/v3/documents/${doc}` },
    {
      route: 'DELETE /v3/signature-requests/{id}/documents/{docId}',
      url: (id: string, doc: string) => `/v3/signature-requests/${id}/documents/${doc}`,
    },
  ])('$route removes a document from its draft', async ({ url }) => {
    const created = await draft();
    const doc = created.documents[0];
    const res = await call('DELETE', url(created.id, doc.id));
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('GET', `/v3/documents/${doc.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/v3/signature-requests/${created.id}`)).json().documents).toEqual([]);
    expect(blobExists(doc.sha256)).toBe(false);
  });

  it('does not delete, through one request, a document of another request of the same owner', async () => {
    const one = await draft();
    const other = await draft();
    const doc = other.documents[0];
    const res = await call('DELETE', `/v3/signature-requests/${one.id}/documents/${doc.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('document.not_found');
    expect((await call('GET', `/v3/documents/${doc.id}`)).statusCode).toBe(200);
    expect(blobExists(doc.sha256)).toBe(true);
  });

  it('refuses to seal for a person without a business: they have no seal (404)', async () => {
    const { id } = await draft();
    await call('POST', `/v3/signature-requests/${id}/initiate`);
    const res = await call('POST', '/v3/sign', 'signer', {
      consent: CONSENT,
      signature_requests: [{ signature_request_id: id }],
      seal_account_name: 'acme-ltd',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('seal.not_found');
    const status = (await call('GET', `/v3/signature-requests/${id}/status`)).json();
    expect(status.signatures[0].status).toBe('pending');
  });
});
