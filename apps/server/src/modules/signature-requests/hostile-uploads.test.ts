// Hostile uploads on both databases, read on a PDF thread as served: a document beyond one of the
// PDF limits is refused with 422 and that limit's own code, a document that needs more memory than
// a thread may have costs that thread only (422, and the next document is read and drawn), a
// document without pages is refused at upload (not when the request is sent), page images of
// very large pages come back clamped to the pixel limit, a page of arrays of a million numbers is
// drawn, one that needs more than the renderer's memory is refused with that limit's code, and no
// refusal echoes the reader's insides.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  goodPdf,
  hostilePdf,
  nestedClips,
  pageWithArrays,
  seededRandom,
} from '@countersign/pdf/test-support/hostile-pdfs';
import { createRequestWithFiles, signUp } from '../../test-support/accounts.js';
import { jsonCaller } from '../../test-support/business.js';
import { protocolJson, sendRequest, signAs } from '../../test-support/requests.js';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';

describe.each(testDatabases())('hostile uploads on %s', (kind) => {
  let t: TestApp;
  let token = '';
  const upload = (bytes: Buffer, name = 'hostile.pdf') =>
    createRequestWithFiles(t.app, token, { title: 'Hostile' }, [{ name, bytes }]);
  const pageImage = (documentId: string, scale: number) =>
    t.app.inject({
      method: 'GET',
      url: `/v3/documents/${documentId}/pages/1?scale=${scale}`,
      headers: { authorization: `Bearer ${token}` },
    });

  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: {
        PDF_THREADS: '1',
        PDF_THREAD_MEMORY_MB: '64',
        PDF_MAX_STRING_MB: '1',
        PDF_MAX_RENDER_PIXELS: '2000000',
        PDF_MAX_RENDER_MEMORY_MB: '64',
      },
    });
    token = await signUp(t.app, 'hostile@example.org');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a document without pages at upload', async () => {
    const res = await upload(await hostilePdf('zero-pages', seededRandom(1)));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'pdf.no_pages', detail: 'hostile.pdf has no pages' });
  });

  it('refuses a document beyond a limit with the code of that limit, as configured', async () => {
    const long = await upload(goodPdf('long', `/Long (${'x'.repeat(1_100_000)}) `));
    expect(long.statusCode).toBe(422);
    expect(long.json().code).toBe('pdf.limit.string_size');
    const deep = await upload(goodPdf('deep', `/Deep ${'['.repeat(100_000)}${']'.repeat(100_000)} `));
    expect(deep.statusCode).toBe(422);
    expect(deep.json().code).toBe('pdf.limit.nesting_depth');
    expect(deep.json().detail).not.toMatch(/RangeError|call stack/);
    const endless = await upload(goodPdf('endless', '', `0 0 1${'0'.repeat(30)} 100`));
    expect(endless.json().code).toBe('pdf.limit.page_size');
  });

  it('draws a page larger than the pixel limit allows at the largest scale under it', async () => {
    const created = await upload(goodPdf('poster', '', '0 0 2384 3370'));
    expect(created.statusCode).toBe(201);
    const res = await t.app.inject({
      method: 'GET',
      url: `/v3/documents/${created.json().documents[0].id}/pages/1?scale=400&format=png`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.width! * meta.height!).toBeLessThanOrEqual(2_000_000);
    expect(meta.height! / meta.width!).toBeCloseTo(3370 / 2384, 2);
  });

  it('draws a page that names an array of a million numbers, and refuses one beyond the limit', async () => {
    const created = await upload(pageWithArrays(1_000_000, { inAnnotations: false }));
    expect(created.statusCode, created.body).toBe(201);
    // this page image once failed with a stack overflow, answered 500
    const image = await pageImage(created.json().documents[0].id, 10);
    expect(image.statusCode, image.body).toBe(200);
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 60, height: 84 });
    // the upload does not read that array; the page image does, and names the limit
    const beyond = await upload(pageWithArrays(1_000_001, { inAnnotations: false }));
    expect(beyond.statusCode, beyond.body).toBe(201);
    const refused = await pageImage(beyond.json().documents[0].id, 10);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('pdf.limit.array_length');
  });

  it("answers a page that needs more than the renderer's memory with 422, and draws the next one", async () => {
    const created = await upload(nestedClips(5000));
    expect(created.statusCode, created.body).toBe(201);
    const heavy = await pageImage(created.json().documents[0].id, 400);
    expect(heavy.statusCode).toBe(422);
    expect(heavy.json().code).toBe('pdf.limit.render_memory');
    const good = await upload(goodPdf('after the heavy page'));
    expect((await pageImage(good.json().documents[0].id, 400)).statusCode).toBe(200);
  });

  it("answers a document that exhausts its thread's memory with 422, and reads the next one", async () => {
    // four million empty dictionaries in four arrays: far more heap than the thread's 64 MB
    const million = `[${'<<>>'.repeat(1_000_000)}] `;
    const hog = await upload(goodPdf('hog', `/Hog [${million.repeat(4)}] `));
    expect(hog.statusCode).toBe(422);
    expect(hog.json().code).toBe('pdf.limit.memory');
    const good = await upload(goodPdf('after the hog'));
    expect(good.statusCode).toBe(201);
    const image = await pageImage(good.json().documents[0].id, 50);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
  });

  it('validates a signed document for the signature protocol on the PDF thread', async () => {
    const { id } = await sendRequest(t.app, token, goodPdf('to be signed'), ['hostile@example.org']);
    await signAs(t.app, token, id);
    const res = await protocolJson(t.app, token, id);
    expect(res.statusCode, res.body).toBe(200);
    const signatures = res.json().documents[0].signatures as { indication: string }[];
    // the signature and the document time-stamp that closes it
    expect(signatures.map((s) => s.indication)).toEqual(['TOTAL_PASSED', 'TOTAL_PASSED']);
  });

  it('answers a broken multipart body to every upload with 400: no boundary, cut short, malformed', async () => {
    /** Broken bodies whose file part is named `field`. */
    const bodies = (field: string): [string, string][] => [
      ['multipart/form-data', 'no boundary was given'],
      [
        'multipart/form-data; boundary=xyz',
        `--xyz\r\nContent-Disposition: form-data; name="${field}"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7 cut`,
      ],
      [
        'multipart/form-data; boundary=xyz',
        '--xyz\r\nContent-Disposition: form-data; name="payload"\r\n\r\n{"title":"x"}',
      ],
      [
        'multipart/form-data; boundary=xyz',
        `--xyz\r\nContent-Disposition: form-data; name="${field}"; filename="a.pdf"\r\n`,
      ],
    ];
    const business = await jsonCaller(t.app)('POST', '/v2/businesses', token, {
      name: 'Hostile',
      email: 'help@hostile.example',
      accept_gtc: true,
      accept_dpa: true,
    });
    expect(business.statusCode, business.body).toBe(201);
    const uploads: [string, string][] = [
      ['/v3/signature-requests', 'documents'],
      ['/v3/signature-requests/unknown/documents', 'documents'],
      ['/v1/images/signature/unknown', 'image'],
      [`/v1/businesses/${business.json().id}/settings/logo`, 'logo'],
    ];
    for (const [url, field] of uploads) {
      for (const [type, payload] of bodies(field)) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { authorization: `Bearer ${token}`, 'content-type': type },
          payload,
        });
        expect(res.statusCode, `${url} ${type} ${payload}`).toBe(400);
        // a body cut short before any file may also be answered as the file missing
        const codes = payload.includes('name="payload"')
          ? ['request.malformed_multipart', 'request.validation_failed']
          : ['request.malformed_multipart'];
        expect(codes, `${url} ${payload}`).toContain(res.json().code);
      }
    }
  });
});
