// One signer is one person, on SQLite and PostgreSQL: a call that names one person's account and
// another person's address for the same signer is refused, and a signature's certificate names
// whoever actually signed (the session's account, or the holder of the link mailed to the
// signer's address, with their own identification), never the other person the row names.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validatePdf } from '@countersign/pades';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';
import { generatedPdf } from '../../test-support/pdfs.js';
import { createRequestWithFiles, signUp } from '../../test-support/accounts.js';
import * as help from '../../test-support/identification.js';
import { createNssDb, runPdfsig } from '../../test-support/pdfsig.js';
import { CONSENT } from '../../test-support/consent.js';

describe.each(testDatabases())('signer identity on %s', (kind) => {
  let t: TestApp;
  let pdf: Buffer;
  let root: Uint8Array;
  let nss: { dir: string; cleanup(): void };
  const tokens: Record<string, string> = {};
  const bearer = (who: string) => ({ authorization: `Bearer ${tokens[who]}` });

  async function draft(quality: 'ses' | 'aes') {
    const created = await createRequestWithFiles(
      t.app,
      tokens.sender!,
      { title: `identity ${quality}`, quality, legislation: 'eidas', signatures: [] },
      [{ name: 'contract.pdf', bytes: pdf }],
    );
    expect(created.statusCode, created.body).toBe(201);
    return created.json().id as string;
  }
  const addSigner = (id: string, body: object) =>
    t.app.inject({
      method: 'POST',
      url: `/v3/signature-requests/${id}/signatures`,
      headers: bearer('sender'),
      payload: body,
    });
  const initiate = (id: string) =>
    t.app.inject({ method: 'POST', url: `/v3/signature-requests/${id}/initiate`, headers: bearer('sender') });

  /**
   * A sent request whose signer row for bob@ is tied to Alice's account, as the call above could
   * write it before it refused such bodies: rows like it may be in any database. Bob holds the
   * link mailed to him.
   */
  async function boundToAlice(quality: 'ses' | 'aes'): Promise<string> {
    const id = await draft(quality);
    const added = await addSigner(id, { signer_identity_data: { email_address: 'bob@example.org' } });
    expect(added.statusCode, added.body).toBe(201);
    expect((await initiate(id)).statusCode).toBe(200);
    const alice = await t.db.kysely
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'alice@example.org')
      .executeTakeFirstOrThrow();
    await t.db.kysely
      .updateTable('signers')
      .set({ account_user_id: alice.id })
      .where('request_id', '=', id)
      .execute();
    return id;
  }
  const signInSession = (who: string, id: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v3/sign',
      headers: bearer(who),
      payload: { consent: CONSENT, signature_requests: [{ signature_request_id: id }] },
    });
  const signByLink = (token: string, id: string) =>
    t.app.inject({
      method: 'POST',
      url: `/v3/direct/sign?token=${token}`,
      payload: { consent: CONSENT, signature_requests: [{ signature_request_id: id }] },
    });
  const signerSubject = async (id: string) => {
    const bytes = await help.signedDocument(t.app, tokens.sender!, id);
    const report = validatePdf(bytes, { trustAnchors: [root] });
    return { subject: report.signatures[0]?.certificateChain[0] ?? '', bytes };
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    pdf = await generatedPdf(1, 'Identity');
    root = (await t.app.inject({ method: 'GET', url: '/trust/ca/root.cer' })).rawPayload;
    nss = createNssDb(root);
    for (const who of ['sender', 'alice']) tokens[who] = await signUp(t.app, `${who}@example.org`, who);
    const started = await t.app.inject({
      method: 'POST',
      url: '/v1/user/identification/srs/robo',
      headers: bearer('alice'),
      payload: {},
    });
    const done = await help.decideSandboxIdentification(t.app, started.json().url as string, {
      givenName: 'Alice',
      surname: 'Identified',
      mobile: '+41 79 777 77 77',
    });
    expect(done.statusCode, done.body).toBe(200);
  });
  afterAll(async () => {
    nss?.cleanup();
    await t?.close();
  });

  it('refuses a signer whose account and address name different people, and adds nothing', async () => {
    const id = await draft('ses');
    const refused = await addSigner(id, {
      account_email: 'alice@example.org',
      signer_identity_data: { email_address: 'bob@example.org', name: 'Bob' },
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json().code).toBe('signer.identity_conflict');
    const read = await t.app.inject({
      method: 'GET',
      url: `/v3/signature-requests/${id}`,
      headers: bearer('sender'),
    });
    expect(read.json().signatures).toEqual([]);

    // the same address spelled differently is one person
    const same = await addSigner(id, {
      account_email: 'Alice@Example.org',
      signer_identity_data: { email_address: 'alice@example.org' },
    });
    expect(same.statusCode, same.body).toBe(201);
  });

  it("names the session's account in the certificate, not the address the row was sent to", async () => {
    const id = await boundToAlice('ses');
    const signed = await signInSession('alice', id);
    expect(signed.statusCode, signed.body).toBe(200);
    const { subject, bytes } = await signerSubject(id);
    expect(subject).toContain('alice@example.org');
    expect(subject).not.toContain('bob@example.org');
    const judged = await runPdfsig(nss.dir, bytes);
    expect(judged.output).toContain('Signer full Distinguished Name: E=alice@example.org');
  });

  it("gives a link holder neither the quality nor the name of another person's account", async () => {
    const id = await boundToAlice('aes');
    const { token } = await help.invitationLink(t.app, 'bob@example.org', id);
    const refused = await signByLink(token, id);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().code).toBe('signing.quality_not_available');

    // Alice, identified herself, signs in her session: her name and her address
    const signed = await signInSession('alice', id);
    expect(signed.statusCode, signed.body).toBe(200);
    const { subject } = await signerSubject(id);
    expect(subject).toContain('Alice Identified');
    expect(subject).toContain('alice@example.org');
    expect(subject).not.toContain('bob@example.org');
  });
});
