// A link holder's link after the request ends (ADR 041), on SQLite and PostgreSQL: it starts with
// the name the sender gave; once the request completes it reads the request and serves the signed
// documents, the zip and the protocol for LINK_GRANT_DAYS, refuses every action, keeps only a hash
// of the token, and afterwards says the request is over and whom to ask.
import { createHash } from 'node:crypto';
import { LINK_GRANT_DAYS } from '@countersign/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as accounts from '../../test-support/accounts.js';
import { CONSENT } from '../../test-support/consent.js';
import { generatedPdf } from '../../test-support/pdfs.js';
import { createTestApp, createTestClock, testDatabases, type TestApp } from '../../test-support/test-app.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(testDatabases())('link grants on %s', (kind) => {
  let t: TestApp;
  const clock = createTestClock();
  const tokens: Record<string, string> = {};

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      ...(payload && { payload }),
      headers: who ? { authorization: `Bearer ${tokens[who]}` } : {},
    });

  /** A sent request with the member and the guest (named by the sender) as signers, and the guest's link token. */
  async function sent(title: string) {
    const created = await accounts.createRequestWithFiles(
      t.app,
      tokens['sender']!,
      {
        title,
        signatures: [
          { email: 'member@example.org' },
          { email: 'guest@example.org', name: 'Anna Maria Rossi' },
        ],
      },
      [{ name: 'g.pdf', bytes: await generatedPdf(1, title) }],
    );
    const id = created.json().id as string;
    expect((await call('POST', `/v3/signature-requests/${id}/initiate`, 'sender')).statusCode).toBe(200);
    const mail = (await accounts.mailsTo(t.app, 'guest@example.org')).find((m) => m.text.includes(`${id}/`));
    return {
      id,
      documentId: created.json().documents[0].id as string,
      token: /token=([\w-]+)/.exec(mail!.text)![1]!,
    };
  }

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
    for (const who of ['sender', 'member'])
      tokens[who] = await accounts.signUp(t.app, `${who}@example.org`, who);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("fills the link holder's name in from the sender's until they give their own", async () => {
    const { token } = await sent('Names');
    expect((await call('GET', `/v1/direct/user?token=${token}`)).json()).toMatchObject({
      first_name: 'Anna Maria',
      last_name: 'Rossi',
    });
    await call('PUT', `/v1/direct/user?token=${token}`, undefined, { first_name: 'Anna' });
    expect((await call('GET', `/v1/direct/user?token=${token}`)).json()).toMatchObject({
      first_name: 'Anna',
      last_name: null,
    });
  });

  it('serves a completed request read-only for a while, then says whom to ask', async () => {
    const { id, documentId, token } = await sent('Completed lease');
    const link = () => call('GET', `/v3/direct/link?token=${token}`);
    expect((await link()).json()).toMatchObject({
      state: 'active',
      request_status: 'open',
      available_until: null,
    });

    await call('POST', '/v3/sign', 'member', {
      consent: CONSENT,
      signature_requests: [{ signature_request_id: id }],
    });
    const last = await call('POST', `/v3/direct/sign?token=${token}`, undefined, {
      consent: CONSENT,
      signature_requests: [{ signature_request_id: id }],
    });
    expect(last.json().results[0].request_status).toBe('completed');

    const ended = (await link()).json();
    const completedAt = (await call('GET', `/v3/signature-requests/${id}`, 'sender')).json()
      .completed_at as string;
    expect(ended).toMatchObject({
      state: 'ended',
      signature_request_id: id,
      title: 'Completed lease',
      request_status: 'completed',
      ended_at: completedAt,
      available_until: new Date(Date.parse(completedAt) + LINK_GRANT_DAYS * DAY_MS).toISOString(),
      sender: { name: 'sender Tester', email: 'sender@example.org' },
    });

    // reading: the request, its history, the signed document, the zip, the protocol
    const view = await call('GET', `/v3/direct/signature-requests/${id}?token=${token}`);
    expect(view.statusCode).toBe(200);
    expect(view.json().status).toBe('completed');
    expect(view.json().you.allowed_actions).not.toContain('sign');
    expect((await call('GET', `/v3/direct/signature-requests/${id}/events?token=${token}`)).statusCode).toBe(
      200,
    );
    const signed = await call(
      'GET',
      `/v3/direct/documents/${documentId}/download?signed=true&token=${token}`,
    );
    expect(signed.statusCode).toBe(200);
    expect(signed.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(
      (await call('GET', `/v3/direct/signature-requests/${id}/zip?signed=true&token=${token}`)).statusCode,
    ).toBe(200);
    expect((await call('GET', `/v3/direct/signature-requests/${id}/report?token=${token}`)).statusCode).toBe(
      200,
    );
    expect((await call('GET', `/v1/direct/user?token=${token}`)).statusCode).toBe(200);

    // acting: nothing, as for any link of an ended request
    for (const [method, url, body] of [
      ['POST', `/v3/direct/signature-requests/${id}/decline?token=${token}`, { message: 'no' }],
      ['POST', `/v3/direct/signature-requests/${id}/delegate?token=${token}`, { email: 'x@example.org' }],
      ['PUT', `/v1/direct/user?token=${token}`, { first_name: 'Changed' }],
      ['GET', `/v3/direct/signature-requests/${id}/lock-status?token=${token}`, undefined],
    ] as const) {
      const res = await call(method, url, undefined, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe('signature_request.not_found');
    }

    // only a hash of the token is kept
    const grants = await t.db.kysely.selectFrom('link_grants').selectAll().execute();
    expect(grants.map((g) => g.token_hash)).toContain(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(grants)).not.toContain(token);

    // once the time is up: over, and whom to ask; the files are gone from this link
    clock.advance(LINK_GRANT_DAYS * DAY_MS + 1000);
    expect((await link()).json()).toMatchObject({ state: 'over', sender: { email: 'sender@example.org' } });
    const late = await call('GET', `/v3/direct/documents/${documentId}/download?signed=true&token=${token}`);
    expect(late.statusCode).toBe(410);
    expect(late.json().code).toBe('auth.token_expired');
    expect((await call('GET', `/v3/direct/signature-requests/${id}?token=${token}`)).statusCode).toBe(410);
  });

  it('does the same for a withdrawn request, and knows no token it never issued', async () => {
    tokens['sender'] = await accounts.signUp(t.app, 'sender2@example.org', 'Second');
    const { id, token } = await sent('Withdrawn lease');
    expect(
      (await call('POST', `/v3/signature-requests/${id}/withdraw`, 'sender', { message: 'Wrong' }))
        .statusCode,
    ).toBe(200);
    expect((await call('GET', `/v3/direct/link?token=${token}`)).json()).toMatchObject({
      state: 'ended',
      request_status: 'withdrawn',
      sender: { email: 'sender2@example.org' },
    });
    expect((await call('GET', `/v3/direct/signature-requests/${id}?token=${token}`)).json().end_message).toBe(
      'Wrong',
    );
    const unknown = await call('GET', `/v3/direct/link?token=${'x'.repeat(40)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('signature_request.not_found');
  });
});
