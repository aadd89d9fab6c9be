// PUT /v3/signature-requests/{id}/fields on both databases: a draft's fields of every kind, the
// older per-signer placement kept working beside them, and the revision sending adds (judged by
// qpdf, which lists a PDF's form fields).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestWithFiles, signUp } from '../../../test-support/accounts.js';
import { generatedPdf } from '../../../test-support/pdfs.js';
import { signAs } from '../../../test-support/requests.js';
import { createTestApp, testDatabases, type TestApp } from '../../../test-support/test-app.js';

interface QpdfField {
  fullname: string;
  fieldtype: string;
  fieldflags: number;
  pageposfrom1: number;
  alternativename: string;
  ischeckbox: boolean;
}

/** The form fields qpdf finds in a PDF. */
function qpdfFields(bytes: Buffer): QpdfField[] {
  const dir = mkdtempSync(join(tmpdir(), 'fields-'));
  try {
    writeFileSync(join(dir, 'sent.pdf'), bytes);
    const out = execFileSync('qpdf', ['--json', '--json-key=acroform', join(dir, 'sent.pdf')]);
    return (JSON.parse(out.toString()) as { acroform: { fields: QpdfField[] } }).acroform.fields;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(testDatabases())('fields on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      ...(payload && { payload }),
      headers: { authorization: `Bearer ${tokens[who]}` },
    });

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const who of ['owner', 'other', 'anna'])
      tokens[who] = await signUp(t.app, `${who}@example.org`, who);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function draft() {
    const created = await createRequestWithFiles(
      t.app,
      tokens['owner']!,
      {
        title: 'Lease',
        signatures: [{ email: 'anna@example.org' }, { email: 'ben@example.org', name: 'Ben' }],
      },
      [{ name: 'lease.pdf', bytes: await generatedPdf(2, 'lease') }],
    );
    const body = created.json();
    return {
      id: body.id as string,
      doc: body.documents[0].id as string,
      anna: body.signatures[0].id as string,
      ben: body.signatures[1].id as string,
    };
  }

  const box = { page: 1, x: 72, y: 100, width: 150, height: 20 };

  it('saves fields of every kind, shows a signature field as the signer placement, and sends them as PDF fields', async () => {
    const d = await draft();
    const fields = [
      { id: 'sig-anna-1', documentId: d.doc, signerId: d.anna, kind: 'signature', ...box, height: 70 },
      { id: 'ini-anna-1', documentId: d.doc, signerId: d.anna, kind: 'initials', ...box, page: 2 },
      { id: 'date-anna-1', documentId: d.doc, signerId: d.anna, kind: 'date_signed', ...box, y: 200 },
      { id: 'name-ben-1', documentId: d.doc, signerId: d.ben, kind: 'name', ...box, y: 300 },
      {
        id: 'text-ben-1',
        documentId: d.doc,
        signerId: d.ben,
        kind: 'text',
        label: 'Company',
        ...box,
        y: 400,
      },
      {
        id: 'box-ben-1',
        documentId: d.doc,
        signerId: d.ben,
        kind: 'checkbox',
        required: false,
        ...box,
        y: 500,
        width: 16,
        height: 16,
      },
    ];
    const saved = await call('PUT', `/v3/signature-requests/${d.id}/fields`, 'owner', { fields });
    expect(saved.statusCode, saved.body).toBe(200);
    const body = saved.json();
    expect(body.fields).toHaveLength(6);
    expect(body.fields[4]).toMatchObject({
      id: 'text-ben-1',
      kind: 'text',
      label: 'Company',
      required: true,
      signer_id: d.ben,
    });
    expect(body.fields[5]).toMatchObject({ kind: 'checkbox', required: false });
    expect(body.signatures[0].document_signatures).toEqual([
      { document_id: d.doc, placement: { page: 1, x: 72, y: 100, width: 150, height: 70 } },
    ]);
    expect(body.signatures[1].document_signatures).toEqual([{ document_id: d.doc, placement: null }]);
    // the same list again is no change
    const again = await call('PUT', `/v3/signature-requests/${d.id}/fields`, 'owner', { fields });
    expect(again.json().updated_at).toBe(body.updated_at);

    expect((await call('POST', `/v3/signature-requests/${d.id}/initiate`, 'owner')).statusCode).toBe(200);
    const pdf = await call('GET', `/v3/documents/${d.doc}/download?signed=true`, 'owner');
    const found = qpdfFields(pdf.rawPayload);
    const types = found.map((f) => f.fieldtype).sort();
    expect(types).toEqual(['/Btn', '/Sig', '/Sig', '/Tx', '/Tx', '/Tx', '/Tx']);
    const text = found.filter((f) => f.fieldtype === '/Tx');
    expect(text.map((f) => f.pageposfrom1).sort()).toEqual([1, 1, 1, 2]);
    // required fields carry the Required flag; the optional check box does not
    expect(text.every((f) => (f.fieldflags & 2) === 2)).toBe(true);
    expect(found.find((f) => f.fieldtype === '/Btn')?.fieldflags).toBe(0);
    // the text field's label is its alternative name, which assistive technology reads out
    expect(found.find((f) => f.alternativename === 'Company')?.fullname).toMatch(/^Text-/);
    expect(found.find((f) => f.fieldtype === '/Btn')?.ischeckbox).toBe(true);

    // once sent, fields are fixed; the signature still validates over the prepared revision
    const late = await call('PUT', `/v3/signature-requests/${d.id}/fields`, 'owner', { fields: [] });
    expect(late.statusCode).toBe(409);
    await signAs(t.app, tokens['anna']!, d.id);
  });

  it('refuses fields that do not fit the draft, with a 422 naming the field, and writes nothing', async () => {
    const d = await draft();
    const bad: [object, number][] = [
      [{ page: 3 }, 422],
      [{ x: 590 }, 422],
      [{ signerId: 'someone-else' }, 422],
      [{ documentId: 'no-such-doc' }, 422],
      [{ kind: 'stamp' }, 400],
      [{ width: 4 }, 400],
    ];
    for (const [over, status] of bad) {
      const res = await call('PUT', `/v3/signature-requests/${d.id}/fields`, 'owner', {
        fields: [{ id: 'field-1', documentId: d.doc, signerId: d.anna, kind: 'text', ...box, ...over }],
      });
      expect(res.statusCode, JSON.stringify(over)).toBe(status);
      if (status === 422) {
        expect(res.json().code).toBe('signature_request.invalid_placement');
        expect(res.json().detail).toContain('field-1');
      }
    }
    const two = await call('PUT', `/v3/signature-requests/${d.id}/fields`, 'owner', {
      fields: ['a', 'b'].map((n) => ({
        id: `sig-${n}-000`,
        documentId: d.doc,
        signerId: d.anna,
        kind: 'signature',
        ...box,
        height: 70,
      })),
    });
    expect(two.statusCode).toBe(422);
    expect(two.json().detail).toContain('second signature');
    const read = await call('GET', `/v3/signature-requests/${d.id}`, 'owner');
    expect(read.json().fields).toEqual([]);
    // another account's draft is not found
    const foreign = await call('PUT', `/v3/signature-requests/${d.id}/fields`, 'other', { fields: [] });
    expect(foreign.statusCode).toBe(404);
  });

  it('keeps the older API: a placement given with a new signer is their signature field; removing the signer removes their fields', async () => {
    const d = await draft();
    const added = await call('POST', `/v3/signature-requests/${d.id}/signatures`, 'owner', {
      signer_identity_data: { email_address: 'carla@example.org' },
      document_signatures: [
        { document_id: d.doc, placement: { page: 2, x: 300, y: 72, width: 150, height: 70 } },
      ],
    });
    expect(added.statusCode, added.body).toBe(201);
    const carla = added.json().signatures[2];
    expect(added.json().fields).toEqual([
      expect.objectContaining({ signer_id: carla.id, kind: 'signature', page: 2, x: 300, required: true }),
    ]);
    expect(carla.document_signatures[0].placement).toEqual({
      page: 2,
      x: 300,
      y: 72,
      width: 150,
      height: 70,
    });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/v3/signature-requests/${d.id}/signatures/${carla.id}`,
      headers: { authorization: `Bearer ${tokens['owner']}` },
    });
    expect(removed.json().fields).toEqual([]);
  });

  it('hands the fields of a signer to the person they delegate to', async () => {
    const d = await draft();
    const fields = [
      { id: 'sig-anna-2', documentId: d.doc, signerId: d.anna, kind: 'signature', ...box, height: 70 },
      { id: 'text-anna-2', documentId: d.doc, signerId: d.anna, kind: 'text', ...box, y: 400 },
    ];
    expect((await call('PUT', `/v3/signature-requests/${d.id}/fields`, 'owner', { fields })).statusCode).toBe(
      200,
    );
    expect((await call('POST', `/v3/signature-requests/${d.id}/initiate`, 'owner')).statusCode).toBe(200);
    const moved = await call('POST', `/v3/signature-requests/${d.id}/delegate`, 'anna', {
      email: 'dora@example.org',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const read = (await call('GET', `/v3/signature-requests/${d.id}`, 'owner')).json();
    const dora = read.signatures.find((s: { email: string }) => s.email === 'dora@example.org');
    expect(read.fields.map((f: { signer_id: string }) => f.signer_id)).toEqual([dora.id, dora.id]);
    expect(dora.document_signatures[0].placement).toMatchObject({ page: 1, height: 70 });
  });
});
