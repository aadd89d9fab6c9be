// PUT /v3/signature-requests/{id} on both databases: the upload screen edits a draft's title,
// message and signature level after the PDFs are in; once sent, those stay as the signers saw
// them, while observers can still change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestWithFiles, signUp } from '../../test-support/accounts.js';
import { generatedPdf } from '../../test-support/pdfs.js';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';

describe.each(testDatabases())('draft details on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      ...(payload && { payload }),
      headers: { authorization: `Bearer ${tokens[who]}` },
    });

  /** What each event of `type` in the request's audit log recorded. */
  const eventData = async (id: string, type: string) => {
    const log = await call('GET', `/v3/signature-requests/${id}/events`, 'owner');
    return (log.json().events as { type: string; data: object }[])
      .filter((e) => e.type === type)
      .map((e) => e.data);
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const who of ['owner', 'other']) tokens[who] = await signUp(t.app, `${who}@example.org`, who);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("names each signer where a name is known: the one given, else their account's", async () => {
    const created = await createRequestWithFiles(
      t.app,
      tokens['owner']!,
      {
        title: 'Names',
        signatures: [
          { email: 'other@example.org' },
          { email: 'named@example.org', name: 'Named Person' },
          { email: 'nobody@example.org' },
        ],
      },
      [{ name: 'names.pdf', bytes: await generatedPdf(1, 'names') }],
    );
    const view = await call('GET', `/v3/signature-requests/${created.json().id}`, 'owner');
    expect(
      view.json().signatures.map((s: { email: string; name: string | null }) => [s.email, s.name]),
    ).toEqual([
      ['other@example.org', 'other Tester'],
      ['named@example.org', 'Named Person'],
      ['nobody@example.org', null],
    ]);
  });

  it('changes title, message and level of a draft, and nothing else', async () => {
    const created = await createRequestWithFiles(
      t.app,
      tokens['owner']!,
      {
        title: 'contract.pdf',
        signatures: [{ email: 'client@example.org' }],
        observers: ['boss@example.org'],
      },
      [{ name: 'contract.pdf', bytes: await generatedPdf(1, 'contract') }],
    );
    const id = created.json().id as string;
    const changed = await call('PUT', `/v3/signature-requests/${id}`, 'owner', {
      title: 'Rental contract',
      message: 'Please sign by Friday',
      quality: 'aes',
      legislation: 'zertes',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      title: 'Rental contract',
      message: 'Please sign by Friday',
      quality: 'aes',
      legislation: 'zertes',
      observers: [{ email: 'boss@example.org' }],
    });
    // the dashboard index follows the new title
    const list = await call('GET', '/v3/signature-requests-redesign?status=draft&search=rental', 'owner');
    expect(list.json().items.map((r: { id: string }) => r.id)).toEqual([id]);
    expect((await call('PUT', `/v3/signature-requests/${id}`, 'other', { title: 'Mine' })).statusCode).toBe(
      404,
    );
    expect((await call('PUT', `/v3/signature-requests/${id}`, 'owner', { title: '  ' })).statusCode).toBe(
      400,
    );

    await call('PUT', `/v3/signature-requests/${id}`, 'owner', { quality: 'ses' });
    expect((await call('POST', `/v3/signature-requests/${id}/initiate`, 'owner')).statusCode).toBe(200);
    const late = await call('PUT', `/v3/signature-requests/${id}`, 'owner', {
      title: 'Changed after sending',
    });
    expect(late.statusCode).toBe(409);
    const observers = await call('PUT', `/v3/signature-requests/${id}`, 'owner', { observers: [] });
    expect(observers.statusCode, observers.body).toBe(200);
    expect(observers.json()).toMatchObject({ title: 'Rental contract', observers: [] });
  });

  it('logs a change of details only for what changed', async () => {
    const created = await createRequestWithFiles(
      t.app,
      tokens['owner']!,
      { title: 'lease.pdf', message: 'Hello', signatures: [{ email: 'client@example.org' }] },
      [{ name: 'lease.pdf', bytes: await generatedPdf(1, 'lease') }],
    );
    const id = created.json().id as string;
    const detailEvents = () => eventData(id, 'details_changed');
    // a save that sends what the draft already says, as the upload screen does on every save
    const same = { title: 'lease.pdf', message: 'Hello', quality: 'ses', legislation: 'eidas' };
    expect((await call('PUT', `/v3/signature-requests/${id}`, 'owner', same)).statusCode).toBe(200);
    expect(await detailEvents()).toEqual([]);
    await call('PUT', `/v3/signature-requests/${id}`, 'owner', { ...same, title: 'Lease' });
    expect(await detailEvents()).toEqual([{ title: 'Lease' }]);
    // a stranger still gets no answer about it, changed or not
    expect((await call('PUT', `/v3/signature-requests/${id}`, 'other', same)).statusCode).toBe(404);
  });

  it('logs a change of observers only when the set of observers changed', async () => {
    const created = await createRequestWithFiles(
      t.app,
      tokens['owner']!,
      { title: 'nda.pdf', signatures: [{ email: 'client@example.org' }] },
      [{ name: 'nda.pdf', bytes: await generatedPdf(1, 'nda') }],
    );
    const id = created.json().id as string;
    const observerEvents = () => eventData(id, 'observers_set');
    // what the upload screen sends on every save: nobody, then the same people in other words
    await call('PUT', `/v3/signature-requests/${id}`, 'owner', { title: 'NDA', observers: [] });
    expect(await observerEvents()).toEqual([]);
    await call('PUT', `/v3/signature-requests/${id}`, 'owner', { observers: ['boss@example.org'] });
    await call('PUT', `/v3/signature-requests/${id}`, 'owner', { observers: ['Boss@Example.org'] });
    expect(await observerEvents()).toEqual([{ observers: ['boss@example.org'] }]);
    await call('PUT', `/v3/signature-requests/${id}`, 'owner', { observers: [] });
    expect(await observerEvents()).toEqual([{ observers: ['boss@example.org'] }, { observers: [] }]);
  });
});
