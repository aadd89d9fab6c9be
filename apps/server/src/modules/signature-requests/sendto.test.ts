// "Send to" over HTTP on both databases: an assistant hands a draft to a manager, who finds it
// through the mailed /sendto link, claims it once and sends it as its owner; nobody else can read
// or claim the hand-off, and the assistant no longer sees the draft.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestWithFiles, mailsTo, signUp } from '../../test-support/accounts.js';
import { generatedPdf } from '../../test-support/pdfs.js';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';

describe.each(testDatabases())('send to on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const call = (method: 'GET' | 'POST', url: string, who: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      ...(payload && { payload }),
      headers: { authorization: `Bearer ${tokens[who]}` },
    });

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const who of ['assistant', 'manager', 'stranger'])
      tokens[who] = await signUp(t.app, `${who}@example.org`, who);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function preparedDraft(title: string) {
    const created = await createRequestWithFiles(
      t.app,
      tokens['assistant']!,
      { title, signatures: [{ email: 'client@example.org' }] },
      [{ name: 'offer.pdf', bytes: await generatedPdf(1, title) }],
    );
    return created.json().id as string;
  }

  it('hands a draft over, once, to the person it is addressed to', async () => {
    const id = await preparedDraft('Offer 42');
    const handed = await call('POST', `/v3/signature-requests/${id}/sendto`, 'assistant', {
      email: 'Manager@example.org',
      message: 'Ready when you are',
    });
    expect(handed.statusCode, handed.body).toBe(201);
    const mail = (await mailsTo(t.app, 'manager@example.org')).find((m) => m.subject.includes('Offer 42'));
    const sendtoId = /\/sendto\/([\w-]+)/.exec(mail!.text)![1]!;
    expect(sendtoId).toBe(handed.json().id);
    expect(mail!.text).toContain('Ready when you are');

    expect((await call('GET', `/v3/sendto/${sendtoId}/get-internal`, 'stranger')).statusCode).toBe(404);
    expect((await call('POST', `/v3/sendto/${sendtoId}/claim`, 'stranger')).statusCode).toBe(404);
    const internal = await call('GET', `/v3/sendto/${sendtoId}/get-internal`, 'manager');
    expect(internal.json()).toMatchObject({
      signature_request_id: id,
      title: 'Offer 42',
      document_count: 1,
      from: { email: 'assistant@example.org' },
      claimed_at: null,
    });

    const claimed = await call('POST', `/v3/sendto/${sendtoId}/claim`, 'manager');
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json().owner.email).toBe('manager@example.org');
    expect((await call('POST', `/v3/sendto/${sendtoId}/claim`, 'manager')).json().code).toBe(
      'sendto.already_claimed',
    );
    // the draft is now the manager's alone, and the manager sends it
    expect((await call('GET', `/v3/signature-requests/${id}`, 'assistant')).statusCode).toBe(404);
    const list = await call('GET', '/v3/signature-requests-redesign?tab=drafts', 'manager');
    expect(list.json().items.map((r: { id: string }) => r.id)).toContain(id);
    expect((await call('POST', `/v3/signature-requests/${id}/initiate`, 'manager')).statusCode).toBe(200);
    const events = (await call('GET', `/v3/signature-requests/${id}/events`, 'manager')).json();
    expect(events.events.map((e: { type: string }) => e.type)).toEqual(
      expect.arrayContaining(['handed_off', 'claimed', 'initiated']),
    );
    expect(events.chain_valid).toBe(true);
  });

  it('only hands over drafts, and only the owner can', async () => {
    const id = await preparedDraft('Sent already');
    expect(
      (
        await call('POST', `/v3/signature-requests/${id}/sendto`, 'stranger', {
          email: 'manager@example.org',
        })
      ).statusCode,
    ).toBe(404);
    const handed = await call('POST', `/v3/signature-requests/${id}/sendto`, 'assistant', {
      email: 'manager@example.org',
    });
    await call('POST', `/v3/signature-requests/${id}/initiate`, 'assistant');
    const late = await call('POST', `/v3/sendto/${handed.json().id}/claim`, 'manager');
    expect(late.statusCode).toBe(409);
    expect(
      (
        await call('POST', `/v3/signature-requests/${id}/sendto`, 'assistant', {
          email: 'manager@example.org',
        })
      ).statusCode,
    ).toBe(409);
  });
});
