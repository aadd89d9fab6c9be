// What a client written from the OpenAPI document relies on, on both databases: bodies strict at
// every depth, calls whose body is optional taking none, files with any name, the link token in a
// header as well as the query (a stale session token beside it changes nothing), and a link
// holder's view of one document.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestWithFiles, signUp } from '../../test-support/accounts.js';
import { invitationLink } from '../../test-support/identification.js';
import { generatedPdf } from '../../test-support/pdfs.js';
import { sendRequest } from '../../test-support/requests.js';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';

describe.each(testDatabases())('calls of a generated client on %s', (kind) => {
  let t: TestApp;
  let owner = '';
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signUp(t.app, 'owner@example.org');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses an unknown key deep in a body, naming its path, and adds nothing', async () => {
    const created = await createRequestWithFiles(t.app, owner, { title: 'Strict' }, [
      { name: 'strict.pdf', bytes: await generatedPdf(1, 'Strict') },
    ]);
    const { id, documents } = created.json();
    const placement = { page: 1, x: 50, y: 50, width: 120, heigth: 40 };
    const res = await t.app.inject({
      method: 'POST',
      url: `/v3/signature-requests/${id}/signatures`,
      headers: bearer(owner),
      payload: {
        signer_identity_data: { email_address: 'typo@example.org' },
        document_signatures: [{ document_id: documents[0].id, placement: { ...placement, height: 40 } }],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('request.validation_failed');
    expect(res.json().errors).toEqual([
      { path: 'body.document_signatures.0.placement.heigth', message: 'Unknown field' },
    ]);
    const after = await t.app.inject({ url: `/v3/signature-requests/${id}`, headers: bearer(owner) });
    expect(after.json().signatures).toEqual([]);
    // the multipart payload of a new request is held to the same rule
    const nested = await createRequestWithFiles(
      t.app,
      owner,
      { title: 'Strict', signatures: [{ email: 'a@example.org', langauge: 'de' }] },
      [],
    );
    expect(nested.statusCode).toBe(400);
    expect(nested.json().errors).toEqual([{ path: 'body.signatures.0.langauge', message: 'Unknown field' }]);
  });

  it('withdraws and declines without a body, the message being optional', async () => {
    const pdf = await generatedPdf(1, 'No body');
    const withdrawn = await sendRequest(t.app, owner, pdf, ['w@example.org']);
    const res = await t.app.inject({
      method: 'POST',
      url: `/v3/signature-requests/${withdrawn.id}/withdraw`,
      headers: bearer(owner),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('withdrawn');

    const declined = await sendRequest(t.app, owner, pdf, ['d@example.org']);
    const { token } = await invitationLink(t.app, 'd@example.org', declined.id);
    const decline = await t.app.inject({
      method: 'POST',
      url: `/v3/direct/signature-requests/${declined.id}/decline`,
      headers: { 'x-link-token': token },
    });
    expect(decline.statusCode, decline.body).toBe(200);
    expect(decline.json().status).toBe('declined');
  });

  it('downloads a document whose name is not ASCII (RFC 6266 filename*)', async () => {
    const bytes = await generatedPdf(1, 'Contract');
    const created = await createRequestWithFiles(t.app, owner, { title: '合同' }, [
      { name: '合同.pdf', bytes },
    ]);
    expect(created.statusCode).toBe(201);
    const documentId = created.json().documents[0].id;
    const res = await t.app.inject({ url: `/v3/documents/${documentId}/download`, headers: bearer(owner) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="??.pdf"; filename*=UTF-8''%E5%90%88%E5%90%8C.pdf`,
    );
    expect(Buffer.compare(res.rawPayload, bytes)).toBe(0);
  });

  it('takes the link token from X-Link-Token or the query, and ignores a stale session', async () => {
    const sent = await sendRequest(t.app, owner, await generatedPdf(1, 'Link'), ['link@example.org']);
    const { token, signerId } = await invitationLink(t.app, 'link@example.org', sent.id);
    const url = `/v3/direct/signature-requests/${sent.id}`;
    const stale = { authorization: 'Bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' };
    for (const headers of [{ 'x-link-token': token }, { 'x-link-token': token, ...stale }]) {
      const res = await t.app.inject({ url, headers });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().id).toBe(sent.id);
    }
    expect((await t.app.inject({ url: `${url}?token=${token}`, headers: stale })).statusCode).toBe(200);
    // a call a session or a link may make takes the link, whatever session token comes with it
    const identMethod = await t.app.inject({
      url: `/v3/signature-requests/${sent.id}/signatures/${signerId}/ident-method`,
      headers: { 'x-link-token': token, ...stale },
    });
    expect(identMethod.statusCode, identMethod.body).toBe(200);
    const none = await t.app.inject({ url, headers: stale });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('auth.required');
    // the files of the link's request too
    const download = await t.app.inject({
      url: `/v3/direct/documents/${sent.documentId}/download`,
      headers: { 'x-link-token': token, ...stale },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it("shows a link holder a document of the link's request, and no other", async () => {
    const sent = await sendRequest(t.app, owner, await generatedPdf(2, 'Mine'), ['doc@example.org']);
    const other = await sendRequest(t.app, owner, await generatedPdf(1, 'Other'), ['else@example.org']);
    const { token } = await invitationLink(t.app, 'doc@example.org', sent.id);
    const res = await t.app.inject({
      url: `/v3/direct/documents/${sent.documentId}`,
      headers: { 'x-link-token': token },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: sent.documentId, signature_request_id: sent.id, page_count: 2 });
    const foreign = await t.app.inject({
      url: `/v3/direct/documents/${other.documentId}?token=${token}`,
    });
    expect(foreign.statusCode).toBe(404);
  });
});
