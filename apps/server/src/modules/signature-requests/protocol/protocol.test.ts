// The signature protocol over HTTP, on SQLite and PostgreSQL: a two-signer request with two
// documents; the protocol names both documents with hashes computed here, every audit event, and
// every signature valid; its own seal passes pdfsig and its text reads back with pdftotext; the
// policy keeps strangers out and lets link holders in with their token; long logs break pages.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabases, type TestApp } from '../../../test-support/test-app.js';
import { corpusFile, generatedPdf } from '../../../test-support/pdfs.js';
import * as accounts from '../../../test-support/accounts.js';
import { createNssDb, runPdfsig } from '../../../test-support/pdfsig.js';
import { appendEvent } from '../events-repo.js';
import { pdfText } from '../../../test-support/pdftotext.js';
import { CONSENT } from '../../../test-support/consent.js';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe.each(testDatabases())('signature protocol on %s', (kind) => {
  let t: TestApp;
  let nss: { dir: string; cleanup(): void };
  const tokens: Record<string, string> = {};
  const docs: { name: string; bytes: Buffer }[] = [];
  let id = '';
  let directToken = '';

  const get = (url: string, who?: string) =>
    t.app.inject({ method: 'GET', url, headers: who ? { authorization: `Bearer ${tokens[who]}` } : {} });
  const post = (url: string, who: string | undefined, payload: object = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: who ? { authorization: `Bearer ${tokens[who]}` } : {},
    });

  /** The link token in the latest mail to `email` about the request. */
  const linkToken = async (email: string, requestId: string) => {
    const mail = (await accounts.mailsTo(t.app, email)).find((m) => m.text.includes(`${requestId}/`));
    return /token=([\w-]+)/.exec(mail!.text)![1]!;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    nss = createNssDb((await get('/trust/ca/root.cer')).rawPayload);
    for (const email of ['sender@example.org', 'member@example.org', 'stranger@example.org'])
      tokens[email] = await accounts.signUp(t.app, email, email.split('@')[0]);
    // the member reads German
    await t.app.inject({
      method: 'PUT',
      url: '/v1/user',
      headers: { authorization: `Bearer ${tokens['member@example.org']}` },
      payload: { attributes: { lang: 'de' } },
    });
    docs.push(
      {
        name: 'letter.pdf',
        bytes: corpusFile('002-trivial-libre-office-writer.pdf'),
      },
      {
        name: 'article.pdf',
        bytes: corpusFile('pdflatex-4-pages.pdf'),
      },
    );
    const created = await accounts.createRequestWithFiles(
      t.app,
      tokens['sender@example.org']!,
      {
        title: 'Lease Protocol',
        message: 'Please sign',
        signatures: [{ email: 'member@example.org' }, { email: 'guest@example.org' }],
        observers: ['watcher@example.org'],
      },
      docs,
    );
    expect(created.statusCode, created.body).toBe(201);
    id = created.json().id as string;
    expect((await post(`/v3/signature-requests/${id}/initiate`, 'sender@example.org')).statusCode).toBe(200);
    directToken = await linkToken('guest@example.org', id);
    const first = await post('/v3/sign', 'member@example.org', {
      consent: CONSENT,
      signature_requests: [{ signature_request_id: id }],
    });
    expect(first.json().results[0].request_status, first.body).toBe('open');
  });
  afterAll(async () => {
    nss?.cleanup();
    await t?.close();
  });

  it('gives a link holder the protocol with their token while the link is valid', async () => {
    const json = await get(`/v3/direct/signature-requests/${id}/report?token=${directToken}&type=json`);
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json().request.status).toBe('open');
    expect(json.json().signers.map((s: { status: string }) => s.status)).toEqual(['signed', 'pending']);
    const pdf = await get(`/v3/direct/signature-requests/${id}/report?token=${directToken}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdfText(pdf.rawPayload)).toContain('Signature protocol');
    // the token is for this request only, and is needed at all
    expect((await get(`/v3/direct/signature-requests/other-id/report?token=${directToken}`)).statusCode).toBe(
      404,
    );
    expect((await get(`/v3/direct/signature-requests/${id}/report`)).statusCode).toBe(401);
  });

  it('keeps strangers out and refuses an unknown type', async () => {
    const stranger = await get(`/v3/signature-requests/${id}/report`, 'stranger@example.org');
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().code).toBe('signature_request.not_found');
    expect(
      (await get(`/v3/signature-requests/${id}/report?type=docx`, 'sender@example.org')).statusCode,
    ).toBe(400);
  });

  it('reports a completed request: both documents with their hashes, every event, every signature valid', async () => {
    const last = await post(`/v3/direct/sign?token=${directToken}`, undefined, {
      consent: CONSENT,
      signature_requests: [{ signature_request_id: id, signing_name: 'Guest Signer' }],
    });
    expect(last.json().results[0].request_status, last.body).toBe('completed');

    const res = await get(`/v3/signature-requests/${id}/report?type=json`, 'sender@example.org');
    expect(res.statusCode, res.body).toBe(200);
    const protocol = res.json();
    expect(protocol.request).toMatchObject({ id, title: 'Lease Protocol', status: 'completed' });
    expect(protocol.documents).toHaveLength(2);
    for (const [i, doc] of protocol.documents.entries()) {
      expect(doc.original_sha256).toBe(sha256(docs[i]!.bytes));
      const signed = await get(`/v3/documents/${doc.id}/download?signed=true`, 'sender@example.org');
      expect(doc.signed_sha256).toBe(sha256(signed.rawPayload));
      expect(doc.is_storage_intact).toBe(true);
      const signatures = doc.signatures.filter((s: { kind: string }) => s.kind === 'signature');
      expect(signatures).toHaveLength(2);
      expect(doc.signatures.every((s: { indication: string }) => s.indication === 'TOTAL_PASSED')).toBe(true);
      expect(signatures.map((s: { signer_id: string }) => s.signer_id)).toEqual(
        protocol.signers.map((s: { id: string }) => s.id),
      );
      expect(
        signatures.every(
          (s: { level: string; timestamp_time: string }) => s.level === 'B-LTA' && s.timestamp_time,
        ),
      ).toBe(true);
    }
    const log = (await get(`/v3/signature-requests/${id}/events`, 'sender@example.org')).json();
    expect(protocol.events.map((e: { seq: number; hash: string }) => [e.seq, e.hash])).toEqual(
      log.events.map((e: { seq: number; hash: string }) => [e.seq, e.hash]),
    );
    expect(protocol.events.map((e: { type: string }) => e.type)).toEqual(
      expect.arrayContaining(['created', 'initiated', 'signed', 'completed']),
    );
    expect(protocol.chain_valid).toBe(true);
    expect(protocol.events.every((e: { is_chain_intact: boolean }) => e.is_chain_intact)).toBe(true);
    expect(protocol.observers).toEqual([{ email: 'watcher@example.org' }]);
    // each signer under the name they signed with
    expect(protocol.signers.map((s: { name: string }) => s.name)).toEqual(['member Tester', 'Guest Signer']);

    // the PDF: sealed by the platform (pdfsig judges), and its text carries the evidence
    const pdf = await get(`/v3/signature-requests/${id}/report`, 'sender@example.org');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const judged = await runPdfsig(nss.dir, pdf.rawPayload);
    // the seal and the document time-stamp that keeps it checkable (B-LTA)
    expect(judged.signatures, judged.output).toHaveLength(2);
    expect(judged.signatures[0]!.valid && judged.signatures[0]!.trusted, judged.output).toBe(true);
    expect(judged.output).toContain('Countersign');
    const text = pdfText(pdf.rawPayload);
    for (const expected of [
      'Signature protocol',
      'Lease Protocol',
      id,
      'member@example.org',
      'guest@example.org',
      'Guest Signer',
      'watcher@example.org',
      'Sent for signature',
      ...protocol.documents.flatMap((d: { original_sha256: string; signed_sha256: string }) => [
        d.original_sha256,
        d.signed_sha256,
      ]),
    ])
      expect(text).toContain(expected);
    expect(text).not.toMatch(/BROKEN|invalid/);
  });

  it('writes the protocol in the reader’s language', async () => {
    const pdf = await get(`/v3/signature-requests/${id}/report`, 'member@example.org');
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Signaturprotokoll');
    expect(text).toContain('Ereignisprotokoll');
    expect(
      (await get(`/v3/signature-requests/${id}/report?type=json`, 'member@example.org')).json().language,
    ).toBe('de');
  });

  it('names delegations and declines among the parties', async () => {
    const created = await accounts.createRequestWithFiles(
      t.app,
      tokens['sender@example.org']!,
      { title: 'Passed On', signatures: [{ email: 'first@example.org' }] },
      [{ name: 'one.pdf', bytes: await generatedPdf(1, 'One') }],
    );
    const other = created.json().id as string;
    await post(`/v3/signature-requests/${other}/initiate`, 'sender@example.org');
    const delegated = await post(
      `/v3/direct/signature-requests/${other}/delegate?token=${await linkToken('first@example.org', other)}`,
      undefined,
      { email: 'second@example.org', name: 'Second Person' },
    );
    expect(delegated.statusCode, delegated.body).toBe(200);
    const declined = await post(
      `/v3/direct/signature-requests/${other}/decline?token=${await linkToken('second@example.org', other)}`,
      undefined,
      { message: 'Not my department' },
    );
    expect(declined.statusCode, declined.body).toBe(200);

    const protocol = (
      await get(`/v3/signature-requests/${other}/report?type=json`, 'sender@example.org')
    ).json();
    expect(protocol.request).toMatchObject({ status: 'declined', end_message: 'Not my department' });
    const [first, second] = protocol.signers;
    expect(first).toMatchObject({ status: 'delegated', delegated_to: { email: 'second@example.org' } });
    expect(second).toMatchObject({
      status: 'declined',
      name: 'Second Person',
      delegated_from: { email: 'first@example.org' },
      decline_message: 'Not my department',
    });
    // nobody signed: the document has no signed revision and no signatures to validate
    expect(protocol.documents[0]).toMatchObject({ signed_sha256: null, signatures: [] });
    // cells wrap inside their column: read the text in drawing order, spaces normalised
    const text = pdfText(
      (await get(`/v3/signature-requests/${other}/report`, 'sender@example.org')).rawPayload,
      'raw',
    ).replace(/\s+/g, ' ');
    for (const expected of [
      'delegated to second@example.org',
      'on behalf of first@example.org',
      'Not my department',
      'Declined',
    ])
      expect(text).toContain(expected);
  });

  it('breaks a long audit log across pages, repeating the table header', async () => {
    const at = new Date().toISOString();
    for (let i = 0; i < 300; i++)
      await appendEvent(t.db.kysely, id, {
        type: 'reminded',
        at,
        actor: { kind: 'user', id: null, email: 'sender@example.org' },
        ip: '192.0.2.7',
        data: { signers: [] },
      });
    const res = await get(`/v3/signature-requests/${id}/report`, 'sender@example.org');
    const pages = pdfText(res.rawPayload)
      .split('\f')
      .filter((p) => p.trim());
    const logPages = pages.filter((p) => /Reminder sent/.test(p));
    expect(logPages.length).toBeGreaterThan(3);
    // every page of the log starts its table with the header row
    for (const page of logPages) expect(page).toMatch(/#\s+Time \(UTC\)\s+Actor\s+IP\s+Action\s+Chain/);
    const protocol = (
      await get(`/v3/signature-requests/${id}/report?type=json`, 'sender@example.org')
    ).json();
    expect(pages.at(-1)).toContain(`${protocol.events.length} `);
    expect(protocol.chain_valid).toBe(true);
    expect(runPdfsigIsValid(await runPdfsig(nss.dir, res.rawPayload))).toBe(true);
  });

  it('shows an edited event as a broken link in the chain', async () => {
    const seq = 2;
    await t.db.kysely
      .updateTable('events')
      .set({ data: JSON.stringify({ edited: true }) })
      .where('request_id', '=', id)
      .where('seq', '=', seq)
      .execute();
    const protocol = (
      await get(`/v3/signature-requests/${id}/report?type=json`, 'sender@example.org')
    ).json();
    expect(protocol.chain_valid).toBe(false);
    expect(
      protocol.events
        .filter((e: { is_chain_intact: boolean }) => !e.is_chain_intact)
        .map((e: { seq: number }) => e.seq),
    ).toEqual([seq]);
    const text = pdfText((await get(`/v3/signature-requests/${id}/report`, 'sender@example.org')).rawPayload);
    expect(text).toContain('BROKEN');
  });

  it('says so when a stored original no longer hashes to its name', async () => {
    const letter = await t.db.kysely
      .selectFrom('documents')
      .select('original_sha256')
      .where('request_id', '=', id)
      .where('file_name', '=', 'letter.pdf')
      .executeTakeFirstOrThrow();
    const sha = letter.original_sha256;
    const file = path.join(t.config.dataDir, 'blobs', sha.slice(0, 2), sha);
    const bytes = fs.readFileSync(file);
    // a byte inside the first stream: the file still reads as a PDF
    const at = bytes.indexOf('stream') + 20;
    bytes[at] = bytes[at]! ^ 0xff;
    fs.writeFileSync(file, bytes);
    const protocol = (
      await get(`/v3/signature-requests/${id}/report?type=json`, 'sender@example.org')
    ).json();
    const intact = Object.fromEntries(
      protocol.documents.map((d: { file_name: string; is_storage_intact: boolean }) => [
        d.file_name,
        d.is_storage_intact,
      ]),
    );
    expect(intact).toEqual({ 'letter.pdf': false, 'article.pdf': true });
  });
});

function runPdfsigIsValid(judged: { signatures: { valid: boolean; trusted: boolean }[] }): boolean {
  return judged.signatures[0]?.valid === true && judged.signatures[0].trusted;
}
