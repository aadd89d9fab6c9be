// The consent to sign electronically on both sign calls, on SQLite and PostgreSQL: without it (or
// with words we never had) nothing is signed and the answer is 422 with a stable code; with it,
// the exact words in the signer's language go into the audit log and the signature protocol.
import { SIGNING_CONSENT_VERSION, signingConsentText } from '@countersign/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as accounts from '../../test-support/accounts.js';
import { generatedPdf } from '../../test-support/pdfs.js';
import { pdfText } from '../../test-support/pdftotext.js';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';

describe.each(testDatabases())('consent to sign electronically on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let id = '';
  let linkToken = '';

  const call = (method: 'GET' | 'POST', url: string, who?: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      ...(payload && { payload }),
      headers: who ? { authorization: `Bearer ${tokens[who]}` } : {},
    });
  const signerStatuses = async () =>
    (await call('GET', `/v3/signature-requests/${id}`, 'sender'))
      .json()
      .signatures.map((s: { status: string }) => s.status);

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const who of ['sender', 'member'])
      tokens[who] = await accounts.signUp(t.app, `${who}@example.org`, who);
    const created = await accounts.createRequestWithFiles(
      t.app,
      tokens['sender']!,
      { title: 'Consent', signatures: [{ email: 'member@example.org' }, { email: 'guest@example.org' }] },
      [{ name: 'c.pdf', bytes: await generatedPdf(1, 'Consent') }],
    );
    id = created.json().id as string;
    expect((await call('POST', `/v3/signature-requests/${id}/initiate`, 'sender')).statusCode).toBe(200);
    const mail = (await accounts.mailsTo(t.app, 'guest@example.org')).find((m) => m.text.includes(`${id}/`));
    linkToken = /token=([\w-]+)/.exec(mail!.text)![1]!;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('tells anyone the current words in the language asked for', async () => {
    const res = await call('GET', '/v3/signing-consent?language=fr');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      version: SIGNING_CONSENT_VERSION,
      language: 'fr',
      text: signingConsentText(SIGNING_CONSENT_VERSION, 'fr'),
    });
  });

  it('refuses a signature without consent, or with words it never had, and signs nothing', async () => {
    const item = { signature_requests: [{ signature_request_id: id }] };
    const missing = await call('POST', '/v3/sign', 'member', item);
    expect(missing.statusCode).toBe(422);
    expect(missing.headers['content-type']).toContain('application/problem+json');
    expect(missing.json().code).toBe('signing.consent_required');
    const unknown = await call('POST', '/v3/sign', 'member', {
      ...item,
      consent: { accepted: true, version: '1999-01', language: 'en' },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().code).toBe('signing.consent_unknown');
    const notAccepted = await call('POST', `/v3/direct/sign?token=${linkToken}`, undefined, {
      ...item,
      consent: { accepted: false, version: SIGNING_CONSENT_VERSION, language: 'en' },
    });
    expect(notAccepted.statusCode).toBe(400);
    const direct = await call('POST', `/v3/direct/sign?token=${linkToken}`, undefined, item);
    expect(direct.json().code).toBe('signing.consent_required');
    expect(await signerStatuses()).toEqual(['pending', 'pending']);
  });

  it('records the exact words, version and language with each signature and in the protocol', async () => {
    const member = await call('POST', '/v3/sign', 'member', {
      signature_requests: [{ signature_request_id: id }],
      consent: { accepted: true, version: SIGNING_CONSENT_VERSION, language: 'de' },
    });
    expect(member.json().results[0], member.body).toMatchObject({ ok: true, request_status: 'open' });
    const guest = await call('POST', `/v3/direct/sign?token=${linkToken}`, undefined, {
      signature_requests: [{ signature_request_id: id }],
      consent: { accepted: true, version: SIGNING_CONSENT_VERSION, language: 'it' },
    });
    expect(guest.json().results[0], guest.body).toMatchObject({ ok: true, request_status: 'completed' });

    const events = (await call('GET', `/v3/signature-requests/${id}/events`, 'sender')).json();
    const signed = events.events.filter((e: { type: string }) => e.type === 'signed');
    expect(signed.map((e: { data: { consent: unknown } }) => e.data.consent)).toEqual([
      {
        version: SIGNING_CONSENT_VERSION,
        language: 'de',
        text: signingConsentText(SIGNING_CONSENT_VERSION, 'de'),
      },
      {
        version: SIGNING_CONSENT_VERSION,
        language: 'it',
        text: signingConsentText(SIGNING_CONSENT_VERSION, 'it'),
      },
    ]);
    expect(events.chain_valid).toBe(true);

    const protocol = (await call('GET', `/v3/signature-requests/${id}/report?type=json`, 'sender')).json();
    expect(
      protocol.signers.map((s: { consent: { language: string; at: string } }) => s.consent.language),
    ).toEqual(['de', 'it']);
    expect(protocol.signers[0].consent.text).toBe(signingConsentText(SIGNING_CONSENT_VERSION, 'de'));
    const pdf = await call('GET', `/v3/signature-requests/${id}/report`, 'sender');
    const text = pdfText(pdf.rawPayload, 'raw').replace(/\s+/g, ' ');
    expect(text).toContain('Consent to sign electronically');
    expect(text).toContain('member@example.org');
    // the German words as the member was shown them, quoted in the sender's English protocol
    expect(text).toContain('Ich bin einverstanden, diese Dokumente elektronisch zu unterschreiben');
  });
});
