// Attachments over HTTP on both databases: sent along at creation or added to a draft, typed by
// their bytes, readable by every party (link holders too) with a download disposition and
// nosniff, in the zip, removable only while a draft, and never leaving a file behind.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestWithFiles, signUp } from '../../test-support/accounts.js';
import { generatedPdf, multipart } from '../../test-support/pdfs.js';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';
import { sniffAttachmentType } from './attachments.js';

describe.each(testDatabases())('attachments on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let png: Buffer;
  const terms = Buffer.from('Terms and conditions\nAll prices in CHF.\n', 'utf8');

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who?: string) =>
    t.app.inject({ method, url, headers: who ? { authorization: `Bearer ${tokens[who]}` } : {} });
  const blobCount = () => {
    const root = path.join(t.config.dataDir, 'blobs');
    return fs.existsSync(root)
      ? fs
          .readdirSync(root)
          // the shard folders; not the write journals of .writes (ADR 046)
          .filter((d) => /^[0-9a-f]{2}$/.test(d))
          .flatMap((d) => fs.readdirSync(path.join(root, d))).length
      : 0;
  };
  const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const who of ['owner', 'stranger']) tokens[who] = await signUp(t.app, `${who}@example.org`);
    png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends attachments along, typed by their content, to every party', async () => {
    const created = await createRequestWithFiles(
      t.app,
      tokens['owner']!,
      { title: 'With annexes', signatures: [{ email: 'guest@example.org' }] },
      [
        { name: 'contract.pdf', bytes: await generatedPdf(1, 'Contract') },
        { name: 'plan.pdf', bytes: png, field: 'attachments' }, // the name lies; the bytes decide
        { name: 'terms.txt', bytes: terms, field: 'attachments' },
      ],
    );
    expect(created.statusCode, created.body).toBe(201);
    const request = created.json();
    expect(request.documents).toHaveLength(1);
    expect(request.attachments).toEqual([
      expect.objectContaining({ file_name: 'plan.pdf', content_type: 'image/png', sha256: sha256(png) }),
      expect.objectContaining({ file_name: 'terms.txt', content_type: 'text/plain; charset=utf-8' }),
    ]);
    const [image, text] = request.attachments as { id: string }[];

    const meta = await call('GET', `/v3/signature-requests/${request.id}/attachments/${text!.id}`, 'owner');
    expect(meta.json()).toMatchObject({ size: terms.length, sha256: sha256(terms) });
    const content = await call(
      'GET',
      `/v3/signature-requests/${request.id}/attachments/${image!.id}/content`,
      'owner',
    );
    expect(content.headers['content-type']).toBe('image/png');
    expect(content.headers['x-content-type-options']).toBe('nosniff');
    expect(content.headers['content-disposition']).toContain('attachment;');
    expect(content.rawPayload.equals(png)).toBe(true);
    expect(
      (await call('GET', `/v3/signature-requests/${request.id}/attachments/${image!.id}`, 'stranger'))
        .statusCode,
    ).toBe(404);

    // after sending: the link holder reads them; the owner can no longer remove them
    await call('POST', `/v3/signature-requests/${request.id}/initiate`, 'owner');
    const mail = (await t.app.inject({ method: 'GET', url: '/sandbox/mail.json' }))
      .json()
      .messages.find((m: { to: string }) => m.to === 'guest@example.org');
    const token = /token=([\w-]+)/.exec(mail.text)![1];
    const direct = await call(
      'GET',
      `/v3/direct/signature-requests/${request.id}/attachments/${text!.id}/content?token=${token}`,
    );
    expect(direct.statusCode).toBe(200);
    expect(direct.body).toContain('All prices in CHF');
    const removal = await call(
      'DELETE',
      `/v3/signature-requests/${request.id}/attachments/${text!.id}`,
      'owner',
    );
    expect(removal.statusCode).toBe(409);

    const zip = unzipSync(
      new Uint8Array((await call('GET', `/v3/signature-requests/${request.id}/zip`, 'owner')).rawPayload),
    );
    expect(Object.keys(zip).sort()).toEqual([
      'attachments/plan.pdf',
      'attachments/terms.txt',
      'contract.pdf',
    ]);
  });

  it('refuses types a browser could run, and a failed upload leaves nothing behind', async () => {
    const before = blobCount();
    const refused = await createRequestWithFiles(t.app, tokens['owner']!, { title: 'Refused' }, [
      { name: 'contract.pdf', bytes: await generatedPdf(1, 'Refused') },
      { name: 'tool.exe', bytes: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]), field: 'attachments' },
    ]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('attachment.type_not_allowed');
    expect(blobCount()).toBe(before);
  });

  it('adds to and removes from a draft, up to ten attachments', async () => {
    const created = await createRequestWithFiles(t.app, tokens['owner']!, { title: 'Draft annexes' }, []);
    const id = created.json().id as string;
    const upload = (count: number) => {
      const body = multipart(
        {},
        Array.from({ length: count }, (_, i) => ({
          field: 'attachments',
          name: `note-${i}.txt`,
          bytes: Buffer.from(`note ${i} for ${kind}`),
        })),
      );
      return t.app.inject({
        method: 'POST',
        url: `/v3/signature-requests/${id}/attachments`,
        payload: body.payload,
        headers: { ...body.headers, authorization: `Bearer ${tokens['owner']}` },
      });
    };
    const added = await upload(10);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().attachments).toHaveLength(10);
    const tooMany = await upload(1);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().code).toBe('attachment.too_many');

    const first = added.json().attachments[0];
    const before = blobCount();
    expect(
      (await call('DELETE', `/v3/signature-requests/${id}/attachments/${first.id}`, 'stranger')).statusCode,
    ).toBe(404);
    expect(
      (await call('DELETE', `/v3/signature-requests/${id}/attachments/${first.id}`, 'owner')).statusCode,
    ).toBe(200);
    expect(blobCount()).toBe(before - 1);
    const events = (await call('GET', `/v3/signature-requests/${id}/events`, 'owner')).json();
    expect(events.events.map((e: { type: string }) => e.type)).toEqual(
      expect.arrayContaining(['attachments_added', 'attachment_removed']),
    );
    expect(events.chain_valid).toBe(true);
  });
});

describe('the type of an attachment, read a chunk at a time', () => {
  async function* chunked(...chunks: (string | number[])[]) {
    for (const chunk of chunks) yield typeof chunk === 'string' ? Buffer.from(chunk) : Uint8Array.from(chunk);
  }
  const euro = [...Buffer.from('€')]; // three bytes in UTF-8

  it('takes text whose characters are cut across chunks, and refuses a NUL or a cut character anywhere', async () => {
    const text = 'text/plain; charset=utf-8';
    expect(await sniffAttachmentType(chunked('costs 5 ', euro.slice(0, 1), euro.slice(1), ' a month'))).toBe(
      text,
    );
    expect(await sniffAttachmentType(chunked('plain words', 'and then', [0x41, 0x00]))).toBeUndefined();
    expect(await sniffAttachmentType(chunked('ends in half a euro ', euro.slice(0, 2)))).toBeUndefined();
    expect(
      await sniffAttachmentType(chunked([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0], [0, 0])),
    ).toBe('image/png');
  });
});
