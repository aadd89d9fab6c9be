// The image-resizing endpoint on SQLite and PostgreSQL, over a business logo uploaded as an admin
// does it: sizes by parameters and by preset at densities 1 and 2, WebP unless another format is
// asked, answers a browser may keep for good (ETag, 304); addresses outside the installation, paths
// that name no image source, unknown presets and sizes past the limits are refused with their
// codes; each IP has a bounded number of images drawn a minute, and cached answers are not counted.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_PRESETS } from '@countersign/contract';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';
import { signUp } from '../../test-support/accounts.js';
import { createBusiness, uploadLogo } from '../../test-support/business.js';

describe.each(testDatabases())('image resizing on %s', (kind) => {
  let t: TestApp;
  let logoUrl: string;
  const resize = (query: string, ip = '203.0.113.9', headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/v1/images/resize?${query}`, remoteAddress: ip, headers });
  const of = (url: string) => `url=${encodeURIComponent(url)}`;

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { IMAGE_RENDERS_PER_IP_MINUTE: '6' } });
    const admin = await signUp(t.app, 'admin@images.example', 'Admin');
    const businessId = await createBusiness(t.app, admin, 'Images');
    const logo = await sharp({
      create: { width: 600, height: 200, channels: 3, background: '#0a6fe6' },
    })
      .png()
      .toBuffer();
    const uploaded = await uploadLogo(t.app, businessId, admin, logo);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    logoUrl = uploaded.json().settings.company_branding.logo.url;
    expect(logoUrl).toMatch(/^http:\/\/countersign\.test\/v1\/business-logos\/[0-9a-f]{64}\.png$/);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('draws the logo at the size asked, as WebP unless JPEG or PNG is asked', async () => {
    const webp = await resize(`${of(logoUrl)}&w=120&h=80&fit=contain`);
    expect(webp.statusCode, webp.body).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(await sharp(webp.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 120, height: 80 });

    const png = await resize(`${of(logoUrl)}&w=150&fm=png`);
    expect(png.headers['content-type']).toBe('image/png');
    expect(await sharp(png.rawPayload).metadata()).toMatchObject({ format: 'png', width: 150, height: 50 });

    // a path of the installation names the same image as its full address
    const path = new URL(logoUrl).pathname;
    const jpeg = await resize(`${of(path)}&w=60&h=60&fm=jpeg&q=40&fit=cover&position=left`);
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(jpeg.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 60, height: 60 });
  });

  it('draws a preset at density 1 and 2, and never enlarges the original', async () => {
    const { width, height } = IMAGE_PRESETS['logo-banner'];
    const once = await resize(`${of(logoUrl)}&preset=logo-banner`);
    expect(await sharp(once.rawPayload).metadata()).toMatchObject({ width: 192, height });
    const twice = await resize(`${of(logoUrl)}&preset=logo-banner&w=${width * 2}&h=${height * 2}`);
    expect(await sharp(twice.rawPayload).metadata()).toMatchObject({ width: 384, height: height * 2 });
    const huge = await resize(`${of(logoUrl)}&w=1200&h=1200&fit=inside`);
    expect(await sharp(huge.rawPayload).metadata()).toMatchObject({ width: 600, height: 200 });
  });

  it('answers for good: an ETag naming source and parameters, and 304 when the browser has it', async () => {
    const ip = '192.0.2.77'; // an IP of its own: the drawings above used up the default one's minute
    const first = await resize(`${of(logoUrl)}&w=100`, ip);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = first.headers['etag'] as string;
    expect(etag).toMatch(/^"[\w-]{32}"$/);
    const again = await resize(`${of(logoUrl)}&w=100`, ip, { 'if-none-match': etag });
    expect([again.statusCode, again.body]).toEqual([304, '']);
    const other = await resize(`${of(logoUrl)}&w=101`, ip);
    expect(other.headers['etag']).not.toBe(etag);
  });

  it.each([
    ['another host', 'http://169.254.169.254/latest/meta-data/'],
    ['a host without scheme', '//internal.example/logo.png'],
    ['another port of this host', 'http://countersign.test:8080/v1/business-logos/x.png'],
    ['another scheme', 'file:///etc/passwd'],
    ['credentials in the address', 'http://me:pw@countersign.test/v1/business-logos/x.png'],
  ])('refuses %s without fetching it', async (_what, url) => {
    const answer = await resize(of(url));
    expect([answer.statusCode, answer.json().code]).toEqual([400, 'image.source_not_allowed']);
  });

  it('refuses an address of the installation that is no image source, an unknown preset, bad sizes', async () => {
    const documentPath = await resize(of('/v3/documents/abc/download'));
    expect([documentPath.statusCode, documentPath.json().code]).toEqual([400, 'image.unknown_provider']);
    const encoded = await resize(of('/v1/business-logos%2f..%2fsecret.png'));
    expect(encoded.json().code).toBe('image.unknown_provider');
    const preset = await resize(`${of(logoUrl)}&preset=poster`);
    expect([preset.statusCode, preset.json().code]).toEqual([400, 'image.unknown_preset']);
    for (const query of ['w=1201', 'h=0', 'q=101', 'fm=gif', 'fit=stretch', 'position=middle']) {
      const answer = await resize(`${of(logoUrl)}&${query}`);
      expect([answer.statusCode, answer.json().code], query).toEqual([400, 'request.validation_failed']);
    }
    const missing = await resize(of(`/v1/business-logos/${'0'.repeat(64)}.png`));
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'image.not_found']);
  });

  it('draws a bounded number of images a minute for one IP; cached answers are free', async () => {
    const ip = '198.51.100.4';
    for (const w of [11, 12, 13, 14, 15, 16])
      expect((await resize(`${of(logoUrl)}&w=${w}`, ip)).statusCode).toBe(200);
    const past = await resize(`${of(logoUrl)}&w=17`, ip);
    expect([past.statusCode, past.json().code]).toEqual([429, 'rate_limit.exceeded']);
    expect((await resize(`${of(logoUrl)}&w=11`, ip)).statusCode).toBe(200);
    expect((await resize(`${of(logoUrl)}&w=17`, '198.51.100.5')).statusCode).toBe(200);
  });
});
