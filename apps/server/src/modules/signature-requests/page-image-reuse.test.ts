// Page images across revisions, on both databases (ADR 082): a page that no signature or filled
// field draws on is served to the next signer from the image drawn before, without drawing it
// again; a page that a visible signature was drawn on gets a new image. With PDF threads, the
// pages are drawn in the background once sent, before anyone asks for them, and after each
// signature that leaves a signer to come, the pages it drew on are drawn again for them.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RenderOptions } from '@countersign/pdf';
import { CONSENT } from '../../test-support/consent.js';
import { createRequestWithFiles, mailsTo, signUp } from '../../test-support/accounts.js';
import { generatedPdf } from '../../test-support/pdfs.js';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';
import { within } from '../../test-support/within.js';
import { inlinePdfEngine, type PdfEngine } from './pdf-engine.js';

/** The inline engine, counting the pages it draws as `page:scale`. */
function countingEngine() {
  const drawn: string[] = [];
  const engine: PdfEngine = {
    ...inlinePdfEngine,
    render: async (source, pageIndex, options: RenderOptions) => {
      drawn.push(`${pageIndex + 1}:${options.scale}`);
      return inlinePdfEngine.render(source, pageIndex, options);
    },
  };
  return { engine, drawn };
}

describe.each(testDatabases())('page images across revisions on %s', (kind) => {
  let t: TestApp;
  const counting = countingEngine();
  let owner = '';
  let member = '';

  const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      ...(token && { headers: { authorization: `Bearer ${token}` } }),
      ...(payload && { payload }),
    });

  beforeAll(async () => {
    t = await createTestApp(kind, { pdf: counting.engine });
    owner = await signUp(t.app, 'sender@example.org');
    member = await signUp(t.app, 'member@example.org');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves the second signer the pages the first signature left alone without drawing them again', async () => {
    const created = await createRequestWithFiles(
      t.app,
      owner,
      { title: 'Reuse', signatures: [{ email: 'guest@example.org' }] },
      [{ name: 'two-pages.pdf', bytes: await generatedPdf(2, 'Reuse') }],
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const documentId = created.json().documents[0].id as string;
    // the account holder signs visibly on page 1; page 2 carries no field
    const placed = await inject('POST', `/v3/signature-requests/${id}/signatures`, owner, {
      signer_identity_data: { email_address: 'member@example.org' },
      document_signatures: [
        { document_id: documentId, placement: { page: 1, x: 50, y: 50, width: 200, height: 80 } },
      ],
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await inject('POST', `/v3/signature-requests/${id}/initiate`, owner)).statusCode).toBe(200);

    const memberPage = (n: number) =>
      inject('GET', `/v3/documents/${documentId}/pages/${n}?scale=60`, member);
    const before = [await memberPage(1), await memberPage(2)];
    for (const res of before) expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(counting.drawn.filter((d) => d.endsWith(':60'))).toEqual(['1:60', '2:60']);

    const signed = await inject('POST', '/v3/sign', member, {
      consent: CONSENT,
      signature_requests: [{ signature_request_id: id }],
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().results[0].ok).toBe(true);

    const invitation = (await mailsTo(t.app, 'guest@example.org')).find((m) =>
      m.text.includes(`/view/${id}/`),
    );
    const linkToken = /\/view\/[\w-]+\/[\w-]+\?token=([\w-]+)/.exec(invitation!.text)![1]!;
    const guestPage = (n: number) =>
      inject('GET', `/v3/direct/documents/${documentId}/pages/${n}?scale=60&token=${linkToken}`);

    // page 2: the image drawn before the signature, not drawn again
    const untouched = await guestPage(2);
    expect(untouched.statusCode).toBe(200);
    expect(untouched.headers['etag']).toBe(before[1]!.headers['etag']);
    expect(untouched.rawPayload.equals(before[1]!.rawPayload)).toBe(true);
    expect(counting.drawn.filter((d) => d.endsWith(':60'))).toEqual(['1:60', '2:60']);

    // page 1 shows the signature now: a new image, drawn from the signed revision
    const withSignature = await guestPage(1);
    expect(withSignature.statusCode).toBe(200);
    expect(withSignature.headers['etag']).not.toBe(before[0]!.headers['etag']);
    expect(withSignature.rawPayload.equals(before[0]!.rawPayload)).toBe(false);
    expect(counting.drawn.filter((d) => d.endsWith(':60'))).toEqual(['1:60', '2:60', '1:60']);
  });
});

describe.each(testDatabases())('pages drawn in advance on %s', (kind) => {
  let t: TestApp;
  const counting = countingEngine();
  /** The images of page `page` at the viewer scale kept in the cache, of every document. */
  const keptImagesOfPage = (page: number) =>
    fs
      .readdirSync(path.join(t.config.dataDir, 'cache', 'pages'), { recursive: true })
      .filter((name) => String(name).endsWith(`-${page}-150.webp`)).length;

  /** A draft of a three-page document with one signer by e-mail; its id and its document's. */
  const threePageDraft = async (owner: string, title: string) => {
    const created = await createRequestWithFiles(
      t.app,
      owner,
      { title, signatures: [{ email: 'signer@example.org' }] },
      [{ name: 'three-pages.pdf', bytes: await generatedPdf(3, title) }],
    );
    expect(created.statusCode, created.body).toBe(201);
    return { id: created.json().id as string, documentId: created.json().documents[0].id as string };
  };
  const send = (owner: string, id: string) =>
    t.app.inject({
      method: 'POST',
      url: `/v3/signature-requests/${id}/initiate`,
      headers: { authorization: `Bearer ${owner}` },
    });

  beforeAll(async () => {
    // with PDF threads, as served (the counting engine stands in for them)
    t = await createTestApp(kind, { pdf: counting.engine, env: { PDF_THREADS: '1' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('draws the pages of a sent request at the viewer scale before anyone asks, not of a draft', async () => {
    const owner = await signUp(t.app, 'ahead@example.org');
    const { id, documentId } = await threePageDraft(owner, 'Ahead');
    // a draft is drawn as its sender looks at it: an upload nobody sends costs no drawing
    expect(counting.drawn).toEqual([]);
    const sent = await send(owner, id);
    expect(sent.statusCode, sent.body).toBe(200);
    await within(10_000, async () => (counting.drawn.length >= 3 ? true : undefined));
    expect(counting.drawn).toEqual(['1:150', '2:150', '3:150']);

    const page = await t.app.inject({
      method: 'GET',
      url: `/v3/documents/${documentId}/pages/2?scale=150`,
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('image/webp');
    expect(counting.drawn).toHaveLength(3);
  });

  it('draws again, after a signature, the pages it drew on for the signer still to come', async () => {
    const owner = await signUp(t.app, 'after@example.org');
    const first = await signUp(t.app, 'first@example.org');
    const { id, documentId } = await threePageDraft(owner, 'After');
    // the first signer signs visibly on page 2; nobody draws on pages 1 and 3
    const placed = await t.app.inject({
      method: 'POST',
      url: `/v3/signature-requests/${id}/signatures`,
      headers: { authorization: `Bearer ${owner}` },
      payload: {
        signer_identity_data: { email_address: 'first@example.org' },
        document_signatures: [
          { document_id: documentId, placement: { page: 2, x: 50, y: 50, width: 200, height: 80 } },
        ],
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    counting.drawn.length = 0;
    const sent = await send(owner, id);
    expect(sent.statusCode, sent.body).toBe(200);
    await within(10_000, async () => (counting.drawn.length >= 3 ? true : undefined));
    // page 2's image was kept before page 3 was drawn; the one drawn after the signature adds one
    const keptBefore = keptImagesOfPage(2);

    const signed = await t.app.inject({
      method: 'POST',
      url: '/v3/sign',
      headers: { authorization: `Bearer ${first}` },
      payload: { consent: CONSENT, signature_requests: [{ signature_request_id: id }] },
    });
    expect(signed.json().results[0].ok, signed.body).toBe(true);
    await within(10_000, async () => (keptImagesOfPage(2) > keptBefore ? true : undefined));
    // only page 2, which now shows the signature, is drawn again, and then served as kept
    expect(counting.drawn).toEqual(['1:150', '2:150', '3:150', '2:150']);
    const page = await t.app.inject({
      method: 'GET',
      url: `/v3/documents/${documentId}/pages/2?scale=150`,
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(page.statusCode).toBe(200);
    expect(counting.drawn).toHaveLength(4);
  });
});
