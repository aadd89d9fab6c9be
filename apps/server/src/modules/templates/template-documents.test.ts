// Documents uploaded straight into a saved template, over HTTP on SQLite and PostgreSQL (ADR 100): a
// template made from scratch gets a PDF, its pages are drawn, fields are placed on it and a request
// is made from it; the document is then replaced (its fields kept, a replacement they would fall off
// refused) and removed with its fields, while the request made before keeps its document. Uploads
// are refused as a draft's are, to members who may not change the template (403) and to another
// tenant (404); an API user uploads into its own template.
import { PDFDocument } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test-support/accounts.js';
import { createApiUser, createBusiness, jsonCaller } from '../../test-support/business.js';
import { generatedPdf, multipart } from '../../test-support/pdfs.js';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';

const bearer = (token: string) => `Bearer ${token}`;

async function smallPagePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  return Buffer.from(await doc.save());
}

describe.each(testDatabases())('documents uploaded into a template on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let member: string;
  let stranger: string;
  let businessId: string;
  let templateId: string;
  let documentId: string;
  let requestId: string;
  const call = (...args: Parameters<ReturnType<typeof jsonCaller>>) => jsonCaller(t.app)(...args);
  const upload = (
    authorization: string,
    method: 'POST' | 'PUT',
    url: string,
    field: string,
    files: { name: string; bytes: Buffer }[],
  ) => {
    const body = multipart(
      {},
      files.map((f) => ({ field, ...f })),
    );
    return t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, authorization } });
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await signUp(t.app, 'admin@forms.example', 'Ada');
    member = await signUp(t.app, 'bob@forms.example', 'Bob');
    stranger = await signUp(t.app, 'eve@other.example', 'Eve');
    businessId = await createBusiness(t.app, admin, 'Forms Ltd');
    await call('POST', `/v1/businesses/${businessId}/members`, admin, {
      users: [{ email: 'bob@forms.example' }],
    });
    expect((await call('POST', '/v1/user/accept', member, { business_invite: true })).statusCode).toBe(200);
    const made = await call('POST', '/v3/templates', admin, {
      name: 'Consent form',
      roles: [{ id: 'patient', name: 'Patient' }],
    });
    expect(made.statusCode, made.body).toBe(201);
    templateId = made.json().id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('adds an uploaded PDF, draws its pages, and makes requests with it once fields are placed', async () => {
    const added = await upload(bearer(admin), 'POST', `/v3/templates/${templateId}/documents`, 'documents', [
      { name: 'consent.pdf', bytes: await generatedPdf(2, 'Consent') },
    ]);
    expect(added.statusCode, added.body).toBe(201);
    const [document] = added.json().documents;
    expect(document).toMatchObject({ title: 'consent', file_name: 'consent.pdf', page_count: 2 });
    documentId = document.id;

    const page = await t.app.inject({
      method: 'GET',
      url: `/v3/templates/${templateId}/documents/${documentId}/pages/2?scale=50`,
      headers: { authorization: bearer(member) },
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-type']).toBe('image/webp');
    expect(page.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    const beyond = await call('GET', `/v3/templates/${templateId}/documents/${documentId}/pages/3`, member);
    expect([beyond.statusCode, beyond.json().code]).toEqual([404, 'pdf.page_out_of_range']);

    const placed = await call('PUT', `/v3/templates/${templateId}`, admin, {
      fields: [
        {
          id: 'sig-patient',
          document_id: documentId,
          role_id: 'patient',
          kind: 'signature',
          page: 2,
          x: 300,
          y: 500,
          width: 150,
          height: 70,
        },
      ],
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const used = await call('POST', `/v3/templates/${templateId}/signature-requests`, member, {
      roles: [{ role_id: 'patient', email: 'pat@clinic.example' }],
      send: false,
    });
    expect(used.statusCode, used.body).toBe(201);
    requestId = used.json().signature_request_id;
    const request = (await call('GET', `/v3/signature-requests/${requestId}`, member)).json();
    expect(request.documents.map((d: { sha256: string }) => d.sha256)).toEqual([document.sha256]);
    expect(request.fields).toHaveLength(1);
  });

  it('replaces the document keeping its id and fields, and refuses one the fields would fall off', async () => {
    const before = (await call('GET', `/v3/templates/${templateId}`, admin)).json();
    const offPage = await upload(
      bearer(admin),
      'PUT',
      `/v3/templates/${templateId}/documents/${documentId}`,
      'document',
      [{ name: 'small.pdf', bytes: await smallPagePdf() }],
    );
    expect([offPage.statusCode, offPage.json().code]).toEqual([422, 'template.invalid_field']);
    const notPdf = await upload(
      bearer(admin),
      'PUT',
      `/v3/templates/${templateId}/documents/${documentId}`,
      'document',
      [{ name: 'notes.pdf', bytes: Buffer.from('not a PDF at all') }],
    );
    expect(notPdf.statusCode).toBe(422);
    expect(notPdf.json().code).toMatch(/^pdf\./);
    expect((await call('GET', `/v3/templates/${templateId}`, admin)).json()).toEqual(before);

    const replaced = await upload(
      bearer(admin),
      'PUT',
      `/v3/templates/${templateId}/documents/${documentId}`,
      'document',
      [{ name: 'consent-2027.pdf', bytes: await generatedPdf(3, 'Consent 2027') }],
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    const after = replaced.json();
    expect(after.documents).toHaveLength(1);
    expect(after.documents[0]).toMatchObject({
      id: documentId,
      file_name: 'consent-2027.pdf',
      page_count: 3,
    });
    expect(after.documents[0].sha256).not.toBe(before.documents[0].sha256);
    expect(after.fields).toEqual(before.fields);

    // the request made before keeps the document it was made with, and its bytes
    const request = (await call('GET', `/v3/signature-requests/${requestId}`, member)).json();
    expect(request.documents[0].sha256).toBe(before.documents[0].sha256);
    const download = await call('GET', `/v3/documents/${request.documents[0].id}/download`, member);
    expect(download.statusCode).toBe(200);
  });

  it('refuses members who may not change it (403) and other tenants (404)', async () => {
    const url = `/v3/templates/${templateId}/documents`;
    const pdf = [{ name: 'x.pdf', bytes: await generatedPdf(1, 'X') }];
    const byMember = await upload(bearer(member), 'POST', url, 'documents', pdf);
    expect([byMember.statusCode, byMember.json().code]).toEqual([403, 'template.forbidden']);
    const byStranger = await upload(bearer(stranger), 'POST', url, 'documents', pdf);
    expect([byStranger.statusCode, byStranger.json().code]).toEqual([404, 'template.not_found']);
    for (const [method, path] of [
      ['GET', `/v3/templates/${templateId}/documents/${documentId}/pages/1`],
      ['DELETE', `/v3/templates/${templateId}/documents/${documentId}`],
    ] as const) {
      const res = await call(method, path, stranger);
      expect([res.statusCode, res.json().code], `${method} ${path}`).toEqual([404, 'template.not_found']);
    }
    const unknown = await call('DELETE', `/v3/templates/${templateId}/documents/nope`, admin);
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'template.document_not_found']);
  });

  it('removes a document with the fields placed on it', async () => {
    const removed = await call('DELETE', `/v3/templates/${templateId}/documents/${documentId}`, admin);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ documents: [], fields: [] });
    const used = await call('POST', `/v3/templates/${templateId}/signature-requests`, member, {
      roles: [{ role_id: 'patient', email: 'pat@clinic.example' }],
    });
    expect([used.statusCode, used.json().code]).toEqual([422, 'template.no_documents']);
  });

  it("lets an API user upload into a template it made, not into its business's others", async () => {
    const erp = await createApiUser(t.app, admin, businessId, 'ERP');
    const credentials = `Basic ${Buffer.from(`${erp.username}:${erp.secret}`).toString('base64')}`;
    const pdf = [{ name: 'order.pdf', bytes: await generatedPdf(1, 'Order') }];
    const others = await upload(
      credentials,
      'POST',
      `/v3/templates/${templateId}/documents`,
      'documents',
      pdf,
    );
    expect([others.statusCode, others.json().code]).toEqual([403, 'template.forbidden']);
    const own = await t.app.inject({
      method: 'POST',
      url: '/v3/templates',
      headers: { authorization: credentials },
      payload: { name: 'Order', roles: [{ id: 'buyer', name: 'Buyer' }] },
    });
    expect(own.statusCode, own.body).toBe(201);
    const added = await upload(
      credentials,
      'POST',
      `/v3/templates/${own.json().id}/documents`,
      'documents',
      pdf,
    );
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().documents).toHaveLength(1);
  });
});
