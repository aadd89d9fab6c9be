// POST /v3/signature-requests/{id}/duplicate on both databases: a new draft from a request that
// was sent and signed, with the documents as uploaded and the same people and fields; only the
// owner may ask.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestWithFiles, signUp } from '../../test-support/accounts.js';
import { generatedPdf } from '../../test-support/pdfs.js';
import { signAs } from '../../test-support/requests.js';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';

describe.each(testDatabases())('duplicating a request on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      ...(payload && { payload }),
      headers: { authorization: `Bearer ${tokens[who]}` },
    });

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const who of ['owner', 'anna', 'other'])
      tokens[who] = await signUp(t.app, `${who}@example.org`, who);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('copies a signed request into a new draft: documents as uploaded, signers, observers, fields; not the deadline', async () => {
    const created = await createRequestWithFiles(
      t.app,
      tokens['owner']!,
      {
        title: 'Lease',
        message: 'Please sign',
        quality: 'ses',
        signatures: [{ email: 'anna@example.org', name: 'Anna' }],
        observers: ['boss@example.org'],
      },
      [{ name: 'lease.pdf', bytes: await generatedPdf(1, 'lease') }],
    );
    const original = created.json();
    const doc = original.documents[0].id as string;
    const anna = original.signatures[0].id as string;
    const box = { page: 1, x: 72, y: 100, width: 150, height: 20 };
    await call('PUT', `/v3/signature-requests/${original.id}/fields`, 'owner', {
      fields: [
        { id: 'sig-1-anna', documentId: doc, signerId: anna, kind: 'signature', ...box, height: 70 },
        {
          id: 'text-1-anna',
          documentId: doc,
          signerId: anna,
          kind: 'text',
          label: 'Company',
          ...box,
          y: 300,
        },
      ],
    });
    expect((await call('POST', `/v3/signature-requests/${original.id}/initiate`, 'owner')).statusCode).toBe(
      200,
    );
    await signAs(t.app, tokens['anna']!, original.id, { 'text-1-anna': 'Acme Ltd' });

    const res = await call('POST', `/v3/signature-requests/${original.id}/duplicate`, 'owner');
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json();
    expect(copy.id).not.toBe(original.id);
    expect(copy).toMatchObject({
      status: 'draft',
      title: 'Lease',
      message: 'Please sign',
      expires_at: null,
      observers: [{ email: 'boss@example.org' }],
      signatures: [{ email: 'anna@example.org', name: 'Anna', status: 'pending', has_account: true }],
    });
    expect(copy.documents).toEqual([
      expect.objectContaining({
        title: original.documents[0].title,
        sha256: original.documents[0].sha256,
        revision: 0,
        signed_sha256: null,
      }),
    ]);
    const copiedAnna = copy.signatures[0].id;
    expect(copy.fields).toEqual([
      expect.objectContaining({
        kind: 'signature',
        signer_id: copiedAnna,
        document_id: copy.documents[0].id,
        height: 70,
      }),
      expect.objectContaining({ kind: 'text', label: 'Company', signer_id: copiedAnna, y: 300 }),
    ]);
    // the copy is a draft like any other: it can be sent, and the original is untouched
    expect((await call('POST', `/v3/signature-requests/${copy.id}/initiate`, 'owner')).statusCode).toBe(200);
    const after = (await call('GET', `/v3/signature-requests/${original.id}`, 'owner')).json();
    expect(after.status).toBe('completed');
    const events = (await call('GET', `/v3/signature-requests/${copy.id}/events`, 'owner')).json().events;
    expect(events[0]).toMatchObject({ type: 'created', data: { duplicate_of: original.id } });
  });

  it('answers 404 to strangers and 403 to the signers, who see it but may not copy it', async () => {
    const created = await createRequestWithFiles(
      t.app,
      tokens['owner']!,
      { title: 'Private', signatures: [{ email: 'anna@example.org' }] },
      [{ name: 'p.pdf', bytes: await generatedPdf(1, 'private') }],
    );
    const id = created.json().id as string;
    expect((await call('POST', `/v3/signature-requests/${id}/duplicate`, 'other')).statusCode).toBe(404);
    await call('POST', `/v3/signature-requests/${id}/initiate`, 'owner');
    const bySigner = await call('POST', `/v3/signature-requests/${id}/duplicate`, 'anna');
    expect(bySigner.statusCode).toBe(403);
    expect((await call('POST', `/v3/signature-requests/nope/duplicate`, 'owner')).statusCode).toBe(404);
  });
});
