// GET /v3/documents/{id}/pages/{n} on both databases: WebP unless PNG is asked for, immutable
// with an ETag that If-None-Match answers with 304, rendered once per revision, page, scale and
// format and then served from the cache directory, also when two requests render at once.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestWithFiles, signUp } from '../../test-support/accounts.js';
import { generatedPdf } from '../../test-support/pdfs.js';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';

describe.each(testDatabases())('page images on %s', (kind) => {
  let t: TestApp;
  let token = '';
  let documentId = '';

  const page = (query = '', headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: `/v3/documents/${documentId}/pages/1${query}`,
      headers: { authorization: `Bearer ${token}`, ...headers },
    });
  /** Where the server caches an image: the ETag names the file (revision, page, scale, format). */
  const cacheFile = (etag: string) => {
    const key = etag.replace(/"/g, '');
    return path.join(t.config.dataDir, 'cache', 'pages', key.slice(0, 2), key);
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    token = await signUp(t.app, 'pages@example.org');
    const created = await createRequestWithFiles(t.app, token, { title: 'Pages' }, [
      { name: 'pages.pdf', bytes: await generatedPdf(2, 'Pages') },
    ]);
    documentId = created.json().documents[0].id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends WebP by default, immutable and with an ETag', async () => {
    const res = await page('?scale=30');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(res.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(res.headers['cache-control']).toMatch(/max-age=\d+.*immutable/);
    expect(res.headers['etag']).toMatch(/^".+\.webp"$/);
  });

  it('sends PNG when asked', async () => {
    const res = await page('?scale=30&format=png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect([...res.rawPayload.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(res.headers['etag']).toMatch(/\.png"$/);
  });

  it('sends a placeholder fitted inside 10x10 pixels whatever the scale, cached apart from the page', async () => {
    const { default: sharp } = await import('sharp');
    const res = await page('?scale=200&placeholder=true');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    const meta = await sharp(res.rawPayload).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(10);
    const full = await page('?scale=200');
    expect(full.headers['etag']).not.toBe(res.headers['etag']);
    expect((await sharp(full.rawPayload).metadata()).height).toBeGreaterThan(100);
    const png = await page('?placeholder=true&format=png');
    expect(png.headers['content-type']).toBe('image/png');
    expect((await sharp(png.rawPayload).metadata()).height).toBe(10);
  });

  it('refuses a placeholder flag other than true or false', async () => {
    const res = await page('?placeholder=yes');
    expect(res.statusCode).toBe(400);
  });

  it('answers a matching If-None-Match with 304 and no body', async () => {
    const etag = (await page('?scale=30')).headers['etag'] as string;
    const res = await page('?scale=30', { 'if-none-match': etag });
    expect(res.statusCode).toBe(304);
    expect(res.rawPayload.length).toBe(0);
    expect(res.headers['etag']).toBe(etag);
  });

  it('renders once and serves the cached image afterwards', async () => {
    const first = await page('?scale=40');
    const file = cacheFile(first.headers['etag'] as string);
    expect(fs.readFileSync(file).equals(first.rawPayload)).toBe(true);
    // Replace the cached image: a second request returns it, so it did not render again.
    const marker = Buffer.from('cached image stands in for the rendering');
    fs.writeFileSync(file, marker);
    const second = await page('?scale=40');
    expect(second.rawPayload.equals(marker)).toBe(true);
  });

  it('lets two requests render the same new page at once', async () => {
    const results = await Promise.all([1, 2, 3].map(() => page('?scale=55')));
    for (const res of results) expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(results[1]!.rawPayload.equals(results[0]!.rawPayload)).toBe(true);
    const dir = path.dirname(cacheFile(results[0]!.headers['etag'] as string));
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});
