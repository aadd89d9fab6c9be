// The whole journey over HTTP, on SQLite and PostgreSQL: a sender creates a request with two
// real-world PDFs, a signer with an account and a signer with only a link sign in either order,
// the sender downloads the zip, and pdfsig (not our code) finds every signature valid and the
// documents at B-LTA; the event chain checks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { validatePdf } from '@countersign/pades';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';
import { corpusFile, multipart } from '../../test-support/pdfs.js';
import * as accounts from '../../test-support/accounts.js';
import { createNssDb, runPdfsig } from '../../test-support/pdfsig.js';
import { storedChain } from '../../test-support/requests.js';
import { CONSENT } from '../../test-support/consent.js';

describe.each(testDatabases())('signature requests on %s', (kind) => {
  let t: TestApp;
  let nss: { dir: string; cleanup(): void };
  let root: Uint8Array;
  let pdfA: Buffer;
  let pdfB: Buffer;
  const tokens: Record<string, string> = {};

  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    who?: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      ...(payload !== undefined && { payload: payload as object }),
      headers: who ? { authorization: `Bearer ${tokens[who]}` } : {},
    });

  const mailsTo = (address: string) => accounts.mailsTo(t.app, address);

  async function account(email: string) {
    tokens[email] = await accounts.signUp(t.app, email, email.split('@')[0]);
  }

  async function createRequest(owner: string, title: string, signers: string[]) {
    const body = multipart(
      {
        payload: JSON.stringify({
          title,
          message: 'Please sign',
          signatures: signers.map((email) => ({ email })),
        }),
      },
      [
        { field: 'documents', name: 'letter.pdf', bytes: pdfA },
        { field: 'documents', name: 'article.pdf', bytes: pdfB },
      ],
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/v3/signature-requests',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${tokens[owner]}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    pdfA = corpusFile('002-trivial-libre-office-writer.pdf');
    pdfB = corpusFile('pdflatex-4-pages.pdf');
    root = (await call('GET', '/trust/ca/root.cer')).rawPayload;
    nss = createNssDb(root);
    await account('sender@example.org');
    await account('member@example.org');
    await account('stranger@example.org');
  });
  afterAll(async () => {
    nss?.cleanup();
    await t?.close();
  });

  it.each([
    ['account holder first', ['member', 'direct']],
    ['link holder first', ['direct', 'member']],
  ])('completes with two signers, %s, to valid B-LTA documents', async (_label, order) => {
    const created = await createRequest('sender@example.org', `Contract ${order.join('-')}`, [
      'member@example.org',
      'guest@example.org',
    ]);
    const id = created.id as string;
    expect(created.status).toBe('draft');
    expect(created.documents).toHaveLength(2);
    expect(created.documents[1].page_count).toBe(pdfB === undefined ? 0 : created.documents[1].pages.length);

    // place the account holder's signature visibly on page 1 of the first document
    const firstDoc = created.documents[0].id as string;
    const member = created.signatures.find((s: { email: string }) => s.email === 'member@example.org');
    await call('DELETE', `/v3/signature-requests/${id}/signatures/${member.id}`, 'sender@example.org');
    const withPlacement = await call(
      'POST',
      `/v3/signature-requests/${id}/signatures`,
      'sender@example.org',
      {
        signer_identity_data: { email_address: 'member@example.org' },
        document_signatures: [
          { document_id: firstDoc, placement: { page: 1, x: 50, y: 50, width: 200, height: 80 } },
        ],
      },
    );
    expect(withPlacement.statusCode, withPlacement.body).toBe(201);
    expect(
      (
        await call('POST', `/v3/signature-requests/${id}/observers`, 'sender@example.org', {
          email: 'watcher@example.org',
        })
      ).statusCode,
    ).toBe(201);

    const sent = await call('POST', `/v3/signature-requests/${id}/initiate`, 'sender@example.org');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().status).toBe('open');
    expect(sent.json().documents.every((d: { revision: number }) => d.revision === 1)).toBe(true);

    const invitation = (await mailsTo('guest@example.org')).find((m) => m.text.includes(`/view/${id}/`));
    const link = /\/view\/([\w-]+)\/([\w-]+)\?token=([\w-]+)/.exec(invitation!.text)!;
    const directToken = link[3]!;
    expect(link[1]).toBe(id);

    for (const who of order) {
      const res =
        who === 'member'
          ? await call('POST', '/v3/sign', 'member@example.org', {
              consent: CONSENT,
              signature_requests: [{ signature_request_id: id }],
              language: 'de',
            })
          : await call('POST', `/v3/direct/sign?token=${directToken}`, undefined, {
              consent: CONSENT,
              signature_requests: [{ signature_request_id: id, signing_name: 'Guest Signer' }],
            });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().results[0].ok).toBe(true);
    }

    const done = (await call('GET', `/v3/signature-requests/${id}`, 'sender@example.org')).json();
    expect(done.status).toBe('completed');
    expect(done.signatures.map((s: { status: string }) => s.status)).toEqual(['signed', 'signed']);

    const zip = await call('GET', `/v3/signature-requests/${id}/zip?signed=true`, 'sender@example.org');
    expect(zip.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(files).sort()).toEqual(['article-signed.pdf', 'letter-signed.pdf']);
    for (const [name, bytes] of Object.entries(files)) {
      const original = name.startsWith('letter') ? pdfA : pdfB;
      expect(
        Buffer.from(bytes.subarray(0, original.length)).equals(original),
        `${name} starts with the uploaded bytes`,
      ).toBe(true);
      const judged = await runPdfsig(nss.dir, bytes);
      // two signatures and the document timestamp (which pdfsig lists but does not verify;
      // our validator and, in packages/pades, openssl ts do)
      expect(judged.signatures, judged.output).toHaveLength(3);
      expect(
        judged.signatures.slice(0, 2).every((s) => s.valid && s.trusted),
        judged.output,
      ).toBe(true);
      const report = await validatePdf(bytes, { trustAnchors: [root] });
      const signatures = report.signatures.filter((s) => s.kind === 'signature');
      expect(signatures.map((s) => s.level)).toEqual(['B-LTA', 'B-LTA']);
      expect(report.signatures.every((s) => s.indication === 'TOTAL_PASSED')).toBe(true);
    }

    // every revision after the upload is stored as the bytes it appends (ADR 032): the fields and
    // two signatures take on disk the signed document's length and a header each
    for (const doc of done.documents as { file_name: string; sha256: string; signed_sha256: string }[]) {
      const stored = await storedChain(t.config.dataDir, doc.signed_sha256);
      expect(stored.names.at(-1)).toBe(doc.sha256);
      expect(stored.tails).toBe(3);
      const signedLength = files[doc.file_name.replace('.pdf', '-signed.pdf')]!.length;
      expect(stored.storedBytes).toBeGreaterThan(signedLength);
      expect(stored.storedBytes).toBeLessThan(signedLength + 3 * 128);
    }

    const events = (await call('GET', `/v3/signature-requests/${id}/events`, 'sender@example.org')).json();
    expect(events.chain_valid).toBe(true);
    expect(events.events.map((e: { type: string }) => e.type)).toEqual(
      expect.arrayContaining(['created', 'initiated', 'signed', 'completed']),
    );

    const completedMail = (await mailsTo('watcher@example.org')).find((m) =>
      m.subject.startsWith('Signed by everyone'),
    );
    expect(completedMail).toBeDefined();

    // once the request has ended the link only reads (ADR 041)
    const afterwards = await call('GET', `/v3/direct/signature-requests/${id}?token=${directToken}`);
    expect(afterwards.json().status).toBe('completed');
    const declineLate = await call(
      'POST',
      `/v3/direct/signature-requests/${id}/decline?token=${directToken}`,
      undefined,
      {},
    );
    expect(declineLate.statusCode).toBe(404);
  });

  it('refuses bad input and other people with problems', async () => {
    const created = await createRequest('sender@example.org', 'Guarded', [
      'member@example.org',
      'guest2@example.org',
    ]);
    const id = created.id as string;
    expect((await call('GET', '/v3/signature-requests/no-such-id', 'sender@example.org')).json().code).toBe(
      'signature_request.not_found',
    );
    const strangerView = await call('GET', `/v3/signature-requests/${id}`, 'stranger@example.org');
    expect(strangerView.statusCode).toBe(404);
    // a draft is the owner's private work, even for its signers
    expect((await call('GET', `/v3/signature-requests/${id}`, 'member@example.org')).statusCode).toBe(404);

    const notPdf = multipart({}, [
      { field: 'documents', name: 'notes.pdf', bytes: Buffer.from('just text, not a PDF') },
    ]);
    const upload = await t.app.inject({
      method: 'POST',
      url: `/v3/signature-requests/${id}/documents`,
      payload: notPdf.payload,
      headers: { ...notPdf.headers, authorization: `Bearer ${tokens['sender@example.org']}` },
    });
    expect(upload.statusCode).toBe(422);
    expect(upload.json().code).toBe('pdf.not_pdf');
    const encrypted = corpusFile('libreoffice-writer-password.pdf');
    const enc = multipart({}, [{ field: 'documents', name: 'secret.pdf', bytes: encrypted }]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/v3/signature-requests/${id}/documents`,
      payload: enc.payload,
      headers: { ...enc.headers, authorization: `Bearer ${tokens['sender@example.org']}` },
    });
    expect(res.json().code).toBe('pdf.encrypted');
    expect(
      (await call('GET', `/v3/signature-requests/${id}`, 'sender@example.org')).json().documents,
    ).toHaveLength(2);

    expect(
      (await call('POST', `/v3/signature-requests/${id}/initiate`, 'member@example.org')).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/v3/signature-requests/${id}/initiate`, 'sender@example.org')).statusCode,
    ).toBe(200);
    expect(
      (await call('POST', `/v3/signature-requests/${id}/initiate`, 'sender@example.org')).json().code,
    ).toBe('signature_request.invalid_transition');
    // signers see it now, strangers still do not
    expect(
      (await call('GET', `/v3/signature-requests/${id}`, 'member@example.org')).json().you.allowed_actions,
    ).toContain('sign');
    expect(
      (
        await call('POST', '/v3/sign', 'stranger@example.org', {
          consent: CONSENT,
          signature_requests: [{ signature_request_id: id }],
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/v3/signature-requests/${id}/withdraw`, 'member@example.org', { message: 'no' }))
        .statusCode,
    ).toBe(403);

    const first = await call('POST', '/v3/sign', 'member@example.org', {
      consent: CONSENT,
      signature_requests: [{ signature_request_id: id }],
    });
    expect(first.json().results[0]).toMatchObject({ ok: true, request_status: 'open' });
    const twice = await call('POST', '/v3/sign', 'member@example.org', {
      consent: CONSENT,
      signature_requests: [{ signature_request_id: id }],
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('signature_request.invalid_transition');

    // a link token works for its own request only
    const other = await createRequest('sender@example.org', 'Other', ['guest3@example.org']);
    await call('POST', `/v3/signature-requests/${other.id}/initiate`, 'sender@example.org');
    const otherToken = /token=([\w-]+)/.exec((await mailsTo('guest3@example.org'))[0]!.text)![1];
    expect((await call('GET', `/v3/direct/signature-requests/${id}?token=${otherToken}`)).statusCode).toBe(
      404,
    );

    const withdrawn = await call('POST', `/v3/signature-requests/${id}/withdraw`, 'sender@example.org', {
      message: 'Changed my mind',
    });
    expect(withdrawn.json().status).toBe('withdrawn');
    const late = await call('POST', '/v3/sign', 'member@example.org', {
      consent: CONSENT,
      signature_requests: [{ signature_request_id: id }],
    });
    expect(late.statusCode).toBe(409);

    const list = (
      await call('GET', '/v3/signature-requests-redesign?size=25&status=withdrawn', 'sender@example.org')
    ).json();
    expect(list.items.map((i: { id: string }) => i.id)).toContain(id);
    expect(list.items.every((i: { status: string }) => i.status === 'withdrawn')).toBe(true);
    expect(
      (await call('GET', '/v3/signature-requests-redesign?size=30', 'sender@example.org')).statusCode,
    ).toBe(400);
  });
});
