// Visual signatures over HTTP on SQLite and PostgreSQL: the set with one default, others' ones
// invisible, custom images checked by their bytes and re-encoded, previews drawn by the engine.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test-support/accounts.js';
import { multipart } from '../../test-support/pdfs.js';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';

describe.each(testDatabases())('visual signatures on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      ...(payload !== undefined && { payload: payload as object }),
      headers: { authorization: `Bearer ${tokens[who]}` },
    });
  const upload = (who: string, id: string, bytes: Buffer, name = 'sig.png') => {
    const body = multipart({}, [{ field: 'image', name, bytes, type: 'image/png' }]);
    return t.app.inject({
      method: 'POST',
      url: `/v1/images/signature/${id}`,
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${tokens[who]}` },
    });
  };
  const input = (alias: string, extra: Record<string, unknown> = {}) => ({
    alias,
    name: 'Ada Lovelace',
    optional_line: 'Analytical Engines Ltd',
    location: 'London',
    display_date: true,
    display_claim: true,
    display_standards: true,
    display_qr: true,
    ...extra,
  });

  beforeAll(async () => {
    t = await createTestApp(kind);
    tokens['ada'] = await signUp(t.app, 'ada@example.org', 'Ada');
    tokens['bob'] = await signUp(t.app, 'bob@example.org', 'Bob');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('starts from a default made of the user’s name', async () => {
    const res = await call('bob', 'GET', '/v1/user/visual-signature');
    expect(res.json()).toMatchObject({
      id: 'default',
      name: 'Bob Tester',
      is_default: true,
      has_custom_image: false,
    });
  });

  it('keeps exactly one default through create, update and delete', async () => {
    const first = (await call('ada', 'POST', '/v1/user/visual-signatures', input('Work'))).json();
    expect(first.is_default).toBe(true);
    const second = await call(
      'ada',
      'POST',
      '/v1/user/visual-signatures',
      input('Short', { optional_line: null, display_qr: false }),
    );
    expect(second.statusCode).toBe(201);
    expect(second.json().is_default).toBe(false);
    expect((await call('ada', 'POST', '/v1/user/visual-signatures', input('Work'))).statusCode).toBe(409);

    const promoted = await call(
      'ada',
      'PUT',
      `/v1/user/visual-signatures/${second.json().id}`,
      input('Short', { is_default: true }),
    );
    expect(promoted.json().is_default).toBe(true);
    let items = (await call('ada', 'GET', '/v1/user/visual-signatures')).json().items;
    expect(
      items.filter((v: { is_default: boolean }) => v.is_default).map((v: { alias: string }) => v.alias),
    ).toEqual(['Short']);

    expect((await call('ada', 'DELETE', `/v1/user/visual-signatures/${second.json().id}`)).statusCode).toBe(
      200,
    );
    items = (await call('ada', 'GET', '/v1/user/visual-signatures')).json().items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ alias: 'Work', is_default: true });
    expect((await call('ada', 'GET', '/v1/user/visual-signature')).json().id).toBe(first.id);
  });

  it('hides one user’s visual signatures from another', async () => {
    const own = (await call('ada', 'GET', '/v1/user/visual-signatures')).json().items[0];
    expect((await call('bob', 'GET', `/v1/user/visual-signatures/${own.id}`)).statusCode).toBe(404);
    expect((await call('bob', 'DELETE', `/v1/user/visual-signatures/${own.id}`)).json().code).toBe(
      'visual_signature.not_found',
    );
    expect(
      (
        await upload(
          'bob',
          own.id,
          await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
            .png()
            .toBuffer(),
        )
      ).statusCode,
    ).toBe(404);
  });

  it('accepts PNG and JPEG by their bytes, re-encodes them, and refuses anything else', async () => {
    const id = (await call('ada', 'GET', '/v1/user/visual-signatures')).json().items[0].id;
    const jpeg = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#123456' } })
      .jpeg()
      .withMetadata()
      .toBuffer();
    const stored = await upload('ada', id, jpeg, 'photo.jpg');
    expect(stored.statusCode).toBe(201);
    expect(stored.json().has_custom_image).toBe(true);
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary');
    const refused = await upload('ada', id, gif, 'sig.png');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('visual_signature.image_invalid');
    expect((await upload('ada', id, Buffer.from('just text'), 'sig.png')).json().code).toBe(
      'visual_signature.image_invalid',
    );
    const huge = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(2 * 1024 * 1024 + 10),
    ]);
    const tooLarge = await upload('ada', id, huge);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().code).toBe('upload.too_large');
    expect((await call('ada', 'DELETE', `/v1/images/signature/${id}`)).json().has_custom_image).toBe(false);
  });

  it('previews the default and a draft as PNG images of the requested size', async () => {
    const res = await call('ada', 'GET', '/v1/user/preview-visual-signature');
    expect(res.headers['content-type']).toBe('image/png');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'png', width: 300, height: 140 });
    const draft = await call(
      'ada',
      'POST',
      '/v1/user/preview-visual-signature?width=400&height=160',
      input('Draft'),
    );
    const meta = await sharp(draft.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([400, 160]);
    // the appearance draws something: not a blank page
    const stats = await sharp(draft.rawPayload).stats();
    expect(stats.channels[0]!.min).toBeLessThan(128);
  });

  it('draws a saved signature’s custom image into the preview of its edited draft', async () => {
    const id = (await call('ada', 'GET', '/v1/user/visual-signatures')).json().items[0].id;
    const red = await sharp({ create: { width: 600, height: 280, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    expect((await upload('ada', id, red)).statusCode).toBe(201);
    const redness = async (url: string) => {
      const res = await call('ada', 'POST', url, input('Draft', { display_qr: false }));
      expect(res.statusCode).toBe(200);
      const { channels } = await sharp(res.rawPayload).stats();
      return channels[0]!.mean - channels[1]!.mean;
    };
    // the image takes part of the box; without the id the draft has no image and no red at all
    expect(await redness('/v1/user/preview-visual-signature')).toBeLessThan(1);
    expect(await redness(`/v1/user/preview-visual-signature?id=${id}`)).toBeGreaterThan(5);
    const other = await call('bob', 'POST', `/v1/user/preview-visual-signature?id=${id}`, input('Draft'));
    expect(other.statusCode).toBe(404);
    await call('ada', 'DELETE', `/v1/images/signature/${id}`);
  });
});
