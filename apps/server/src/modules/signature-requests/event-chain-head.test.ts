// The audit chain's remembered head over HTTP (ADR 026): every writer moves it, so ordinary work
// keeps the chain valid; removing the newest events straight in the database, which leaves an
// intact but shorter chain, turns GET .../events and the signature protocol to "not valid".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestWithFiles, signUp } from '../../test-support/accounts.js';
import { generatedPdf } from '../../test-support/pdfs.js';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';

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
});
