// The audit chain's remembered head over HTTP (ADR 026): every writer moves it, so ordinary work
// keeps the chain valid; removing the newest events straight in the database, which leaves an
// intact but shorter chain, turns GET .../events and the signature protocol to "not valid", and
// stays visible after later events (they grow from the remembered head). Two writers appending
// to one request at once take turns.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestWithFiles, signUp } from '../../test-support/accounts.js';
import { generatedPdf } from '../../test-support/pdfs.js';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';
import { verifyEventChain } from './events.js';
import { appendEvent, readEvents, readChainHead } from './events-repo.js';
import { pdfText } from '../../test-support/pdftotext.js';
import { CONSENT } from '../../test-support/consent.js';

describe.each(testDatabases())('event chain head on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};

  const call = (method: 'GET' | 'POST', url: string, who = 'owner', payload?: object) =>
    t.app.inject({
      method,
      url,
      ...(payload && { payload }),
      headers: { authorization: `Bearer ${tokens[who]}` },
    });
  const chainValid = async (id: string) => {
    const events = (await call('GET', `/v3/signature-requests/${id}/events`)).json();
    const protocol = (await call('GET', `/v3/signature-requests/${id}/report?type=json`)).json();
    expect(protocol.chain_valid).toBe(events.chain_valid);
    return { valid: events.chain_valid as boolean, count: (events.events as unknown[]).length };
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const who of ['owner', 'signer', 'second'])
      tokens[who] = await signUp(t.app, `${who}@example.org`, who);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stays valid through a request’s life and notices its newest events removed', async () => {
    const created = await createRequestWithFiles(
      t.app,
      tokens['owner']!,
      { title: 'Head', signatures: [{ email: 'signer@example.org' }, { email: 'second@example.org' }] },
      [{ name: 'head.pdf', bytes: await generatedPdf(1, 'Head') }],
    );
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as { id: string };
    expect((await call('POST', `/v3/signature-requests/${id}/initiate`)).statusCode).toBe(200);
    expect((await call('POST', `/v3/signature-requests/${id}/remind`)).statusCode).toBe(200);
    for (const who of ['signer', 'second']) {
      const signed = await call('POST', '/v3/sign', who, {
        consent: CONSENT,
        signature_requests: [{ signature_request_id: id }],
      });
      expect(signed.json().results[0].ok, signed.body).toBe(true);
    }
    const intact = await chainValid(id);
    expect(intact.valid).toBe(true);

    // the completion and the last signature disappear: what is left still links up
    await t.db.kysely
      .deleteFrom('events')
      .where('request_id', '=', id)
      .where('seq', '>', intact.count - 2)
      .execute();
    const truncated = await chainValid(id);
    expect(truncated.count).toBe(intact.count - 2);
    expect(truncated.valid).toBe(false);
    // the protocol names the event the log should end with, in the JSON and in the sealed PDF
    const json = (await call('GET', `/v3/signature-requests/${id}/report?type=json`)).json();
    expect(json.chain_head.seq).toBe(intact.count);
    const pdf = (await call('GET', `/v3/signature-requests/${id}/report`)).rawPayload;
    expect(pdfText(pdf).replace(/\s+/g, ' ')).toContain(
      `The request recorded event #${intact.count} (${String(json.chain_head.sha256).slice(0, 12)}) as its last`,
    );
  });

  it('is valid for a draft whose only event is its creation', async () => {
    const created = await createRequestWithFiles(
      t.app,
      tokens['owner']!,
      { title: 'Draft head', signatures: [] },
      [{ name: 'draft.pdf', bytes: await generatedPdf(1, 'Draft head') }],
    );
    const { id } = created.json() as { id: string };
    const events = (await call('GET', `/v3/signature-requests/${id}/events`)).json();
    expect(events.events.length).toBeGreaterThan(0);
    expect(events.chain_valid).toBe(true);
  });

  async function openRequest(title: string) {
    const created = await createRequestWithFiles(
      t.app,
      tokens['owner']!,
      { title, signatures: [{ email: 'signer@example.org' }] },
      [{ name: 'head.pdf', bytes: await generatedPdf(1, title) }],
    );
    const { id } = created.json() as { id: string };
    expect((await call('POST', `/v3/signature-requests/${id}/initiate`)).statusCode).toBe(200);
    return id;
  }

  it('keeps a removed end visible after later events', async () => {
    const id = await openRequest('Cut end');
    expect((await call('POST', `/v3/signature-requests/${id}/remind`)).statusCode).toBe(200);
    const before = await chainValid(id);
    expect(before.valid).toBe(true);
    // the reminder's event disappears; then the owner reminds again
    await t.db.kysely
      .deleteFrom('events')
      .where('request_id', '=', id)
      .where('seq', '=', before.count)
      .execute();
    expect((await call('POST', `/v3/signature-requests/${id}/remind`)).statusCode).toBe(200);
    const after = await chainValid(id);
    expect(after.count).toBe(before.count);
    expect(after.valid).toBe(false);
  });

  it('lets two writers append to one request at the same time, one after the other', async () => {
    const id = await openRequest('Two writers');
    const event = (writer: string) => ({
      type: 'reminded' as const,
      at: new Date().toISOString(),
      actor: { kind: 'system' as const, id: null, email: null },
      ip: null,
      data: { writer },
    });
    // the first writer holds its transaction open while the second one appends
    let appended!: () => void;
    const firstAppended = new Promise<void>((resolve) => (appended = resolve));
    const first = t.db.kysely.transaction().execute(async (trx) => {
      await appendEvent(trx, id, event('first'));
      appended();
      await new Promise((resolve) => setTimeout(resolve, 200));
    });
    await firstAppended;
    const second =
      kind === 'postgres'
        ? t.db.kysely.transaction().execute((trx) => appendEvent(trx, id, event('second')))
        : first.then(() => appendEvent(t.db.kysely, id, event('second')));
    await Promise.all([first, second]);
    const events = await readEvents(t.db.kysely, id);
    expect(events.slice(-2).map((e) => e.data['writer'])).toEqual(['first', 'second']);
    expect(verifyEventChain(id, events, (await readChainHead(t.db.kysely, id))!)).toBe(true);
  });
});
