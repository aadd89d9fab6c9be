// A link holder's drawn or uploaded signature image over HTTP, on SQLite and PostgreSQL: it is
// checked and re-encoded like an account holder's, belongs to that link's signature only (another
// link neither sees nor changes it), is previewed, and is what the signed page shows where the
// sender placed the signature; bad images are 4xx and change nothing; once signed it is fixed.
import { renderPage } from '@countersign/pdf';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as accounts from '../../../test-support/accounts.js';
import { CONSENT } from '../../../test-support/consent.js';
import { generatedPdf, multipart } from '../../../test-support/pdfs.js';
import { createTestApp, testDatabases, type TestApp } from '../../../test-support/test-app.js';

/** where the guest's signature sits on page 1, in PDF points from the bottom left */
const BOX = { page: 1, x: 50, y: 50, width: 240, height: 100 };
const PAGE_HEIGHT = 842;

const solid = (background: string, format: 'png' | 'jpeg' = 'png') =>
  sharp({ create: { width: 480, height: 200, channels: 3, background } })
    .toFormat(format)
    .toBuffer();

/** How much redder than green an image is on average (0 for grey or white). */
async function redness(image: Buffer | Uint8Array): Promise<number> {
  const { channels } = await sharp(image).stats();
  return channels[0]!.mean - channels[1]!.mean;
}

describe.each(testDatabases())("a link holder's signature image on %s", (kind) => {
  let t: TestApp;
  let sender = '';

  const direct = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    t.app.inject({
      method,
      url: `${url}${url.includes('?') ? '&' : '?'}token=${token}`,
      ...(payload && { payload }),
    });
  const upload = (token: string, bytes: Buffer, type = 'image/png') => {
    const body = multipart({}, [{ field: 'image', name: 'signature.png', bytes, type }]);
    return t.app.inject({
      method: 'POST',
      url: `/v1/direct/images/signature?token=${token}`,
      payload: body.payload,
      headers: body.headers,
    });
  };

  /** A sent request whose two link holders sign document 1, the first one's signature in BOX. */
  async function sent(title: string) {
    const created = await accounts.createRequestWithFiles(t.app, sender, { title, signatures: [] }, [
      { name: 'contract.pdf', bytes: await generatedPdf(1, title) },
    ]);
    const id = created.json().id as string;
    const documentId = created.json().documents[0].id as string;
    for (const [email, placement] of [
      ['guest@example.org', BOX],
      ['other@example.org', undefined],
    ] as const) {
      const added = await t.app.inject({
        method: 'POST',
        url: `/v3/signature-requests/${id}/signatures`,
        headers: { authorization: `Bearer ${sender}` },
        payload: {
          signer_identity_data: { email_address: email },
          document_signatures: [{ document_id: documentId, ...(placement && { placement }) }],
        },
      });
      expect(added.statusCode, added.body).toBe(201);
    }
    const initiated = await t.app.inject({
      method: 'POST',
      url: `/v3/signature-requests/${id}/initiate`,
      headers: { authorization: `Bearer ${sender}` },
    });
    expect(initiated.statusCode, initiated.body).toBe(200);
    const tokenOf = async (address: string) => {
      const mail = (await accounts.mailsTo(t.app, address)).find((m) => m.text.includes(`${id}/`));
      return /token=([\w-]+)/.exec(mail!.text)![1]!;
    };
    return {
      id,
      documentId,
      guest: await tokenOf('guest@example.org'),
      other: await tokenOf('other@example.org'),
    };
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    sender = await accounts.signUp(t.app, 'sender@example.org', 'Sender');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps an uploaded image for that link only, previews it and lets it go again', async () => {
    const { guest, other } = await sent('Image for one link');
    const stored = await upload(guest, await solid('#ff0000', 'jpeg'), 'image/jpeg');
    expect(stored.statusCode, stored.body).toBe(201);
    expect(stored.json()).toMatchObject({ id: 'direct', has_custom_image: true });
    expect((await direct('GET', '/v1/direct/visual-signature', guest)).json().has_custom_image).toBe(true);
    // the other signer's link neither sees the image nor signs with it
    expect((await direct('GET', '/v1/direct/visual-signature', other)).json().has_custom_image).toBe(false);
    const preview = async (token: string) => {
      const res = await direct('GET', '/v1/direct/preview-visual-signature?width=400&height=160', token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width: 400, height: 160 });
      return redness(res.rawPayload);
    };
    expect(await preview(guest)).toBeGreaterThan(5);
    expect(await preview(other)).toBeLessThan(1);

    const removed = await direct('DELETE', '/v1/direct/images/signature', guest);
    expect(removed.json().has_custom_image).toBe(false);
    expect(await preview(guest)).toBeLessThan(1);
  });

  it('refuses what is not a readable PNG or JPEG of at most 2 MB with a 4xx, keeping the image it had', async () => {
    const { guest } = await sent('Bad images');
    expect((await upload(guest, await solid('#ff0000'))).statusCode).toBe(201);
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary');
    const truncatedPng = (await solid('#00ff00')).subarray(0, 60);
    for (const bytes of [gif, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), truncatedPng]) {
      const refused = await upload(guest, bytes);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().code).toBe('visual_signature.image_invalid');
    }
    const huge = Buffer.concat([(await solid('#0000ff')).subarray(0, 8), Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const tooLarge = await upload(guest, huge);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().code).toBe('upload.too_large');
    const notMultipart = await direct('POST', '/v1/direct/images/signature', guest, { image: 'x' });
    expect(notMultipart.statusCode).toBe(415);
    const wrongPart = multipart({}, [{ field: 'file', name: 'a.png', bytes: await solid('#000') }]);
    const misnamed = await t.app.inject({
      method: 'POST',
      url: `/v1/direct/images/signature?token=${guest}`,
      payload: wrongPart.payload,
      headers: wrongPart.headers,
    });
    expect(misnamed.statusCode).toBe(400);
    // nothing half-made: the red image uploaded first is still the one
    const preview = await direct('GET', '/v1/direct/preview-visual-signature', guest);
    expect(await redness(preview.rawPayload)).toBeGreaterThan(5);
    expect((await upload('not-a-real-token-at-all-0123456789', await solid('#000'))).statusCode).toBe(404);
  });

  it('draws the image where the sender placed the signature, and fixes it once signed', async () => {
    const { documentId, guest } = await sent('Drawn into the page');
    expect((await upload(guest, await solid('#ff0000'))).statusCode).toBe(201);
    const signed = await direct('POST', '/v3/direct/sign', guest, {
      signature_requests: [
        { signature_request_id: (await direct('GET', '/v1/direct/user', guest)).json().signature_request_id },
      ],
      language: 'en',
      consent: CONSENT,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().results[0].ok).toBe(true);

    const pdf = await direct('GET', `/v3/direct/documents/${documentId}/download?signed=true`, guest);
    expect(pdf.statusCode).toBe(200);
    const page = Buffer.from(await renderPage(pdf.rawPayload, 0, { scale: 100, format: 'png' }));
    const region = (left: number, top: number) =>
      sharp(page).extract({ left, top, width: BOX.width, height: BOX.height }).toBuffer();
    // the signature's box shows red; the same area higher up the page does not
    expect(await redness(await region(BOX.x, PAGE_HEIGHT - BOX.y - BOX.height))).toBeGreaterThan(5);
    expect(await redness(await region(BOX.x, 300))).toBeLessThan(1);

    const late = await upload(guest, await solid('#0000ff'));
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('signature_request.invalid_transition');
    expect((await direct('DELETE', '/v1/direct/images/signature', guest)).statusCode).toBe(409);
  });
});
