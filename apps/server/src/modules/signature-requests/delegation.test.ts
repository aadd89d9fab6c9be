// Delegation and the link holder's own details, over HTTP on both databases: a signer passes
// their signature on, the delegate (a person with only a link) gives their name and language and
// signs into the field prepared for the one who delegated; the certificate carries the name they
// gave, the mails go out in their language, and nobody can delegate twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validatePdf } from '@countersign/pades';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';
import { generatedPdf } from '../../test-support/pdfs.js';
import * as accounts from '../../test-support/accounts.js';
import { CONSENT } from '../../test-support/consent.js';

describe.each(testDatabases())('delegation on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      ...(payload !== undefined && { payload: payload as object }),
      headers: who ? { authorization: `Bearer ${tokens[who]}` } : {},
    });

  async function linkToken(address: string, requestId: string): Promise<string> {
    const mail = (await accounts.mailsTo(t.app, address)).reverse().find((m) => m.text.includes(requestId));
    if (!mail) throw new Error(`no mail to ${address} about ${requestId}`);
    return /token=([\w-]+)/.exec(mail.text)![1]!;
  }

  async function openRequest(title: string, signers: string[]) {
    const res = await accounts.createRequestWithFiles(
      t.app,
      tokens['owner@example.org']!,
      { title, signatures: signers.map((email) => ({ email })) },
      [{ name: 'contract.pdf', bytes: await generatedPdf(2, title) }],
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    expect(
      (await call('POST', `/v3/signature-requests/${id}/initiate`, 'owner@example.org')).statusCode,
    ).toBe(200);
    return id;
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const email of ['owner@example.org', 'anna@example.org', 'bob@example.org'])
      tokens[email] = await accounts.signUp(t.app, email, email.split('@')[0]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('hands a signature to someone with only a link, who signs it under their own name', async () => {
    const id = await openRequest('Lease', ['anna@example.org', 'bob@example.org']);
    const delegated = await call('POST', `/v3/signature-requests/${id}/delegate`, 'anna@example.org', {
      email: 'Dora@Example.org',
      name: 'Dora',
      message: 'I am on holiday; Dora signs for the team',
    });
    expect(delegated.statusCode, delegated.body).toBe(200);
    const signatures = delegated.json().signatures as { id: string; email: string; status: string }[];
    const anna = signatures.find((s) => s.email === 'anna@example.org')!;
    const dora = delegated.json().signatures.find((s: { email: string }) => s.email === 'dora@example.org');
    expect(anna.status).toBe('delegated');
    expect(dora).toMatchObject({ status: 'pending', delegated_from: anna.id, has_account: false });
    expect(delegated.json().you.allowed_actions).not.toContain('sign');

    const ownerNotice = (await accounts.mailsTo(t.app, 'owner@example.org')).find((m) =>
      m.subject.startsWith('Delegated:'),
    );
    expect(ownerNotice?.text).toContain('dora@example.org');
    expect(ownerNotice?.text).toContain('I am on holiday');

    // the one who delegated can neither sign nor delegate any more
    const annaSigns = await call('POST', '/v3/sign', 'anna@example.org', {
      consent: CONSENT,
      signature_requests: [{ signature_request_id: id }],
    });
    expect(annaSigns.statusCode).toBe(409);
    expect(
      (
        await call('POST', `/v3/signature-requests/${id}/delegate`, 'anna@example.org', {
          email: 'carl@example.org',
        })
      ).statusCode,
    ).toBe(409);

    // the delegate describes themselves and may not pass the signature on again
    const token = await linkToken('dora@example.org', id);
    const me = await call('GET', `/v1/direct/user?token=${token}`);
    expect(me.json()).toMatchObject({
      email: 'dora@example.org',
      // the name the one who delegated gave, until Dora gives hers
      first_name: 'Dora',
      signature_request_id: id,
    });
    const updated = await call('PUT', `/v1/direct/user?token=${token}`, undefined, {
      first_name: 'Dora',
      last_name: 'Delegata',
      lang: 'de',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ first_name: 'Dora', last_name: 'Delegata', lang: 'de' });
    expect((await call('GET', `/v1/direct/visual-signature?token=${token}`)).json()).toMatchObject({
      name: 'Dora Delegata',
      display_qr: true,
    });
    const again = await call(
      'POST',
      `/v3/direct/signature-requests/${id}/delegate?token=${token}`,
      undefined,
      {
        email: 'erin@example.org',
      },
    );
    expect(again.statusCode).toBe(403);

    const doraSigns = await call('POST', `/v3/direct/sign?token=${token}`, undefined, {
      consent: CONSENT,
      signature_requests: [{ signature_request_id: id }],
      language: 'de',
    });
    expect(doraSigns.statusCode, doraSigns.body).toBe(200);
    // once signed, the name is part of the signature and cannot change
    expect(
      (await call('PUT', `/v1/direct/user?token=${token}`, undefined, { first_name: 'Eve' })).statusCode,
    ).toBe(409);

    const bobSigns = await call('POST', '/v3/sign', 'bob@example.org', {
      consent: CONSENT,
      signature_requests: [{ signature_request_id: id }],
    });
    expect(bobSigns.json().results[0].request_status).toBe('completed');

    const request = (await call('GET', `/v3/signature-requests/${id}`, 'owner@example.org')).json();
    const signed = (
      await call('GET', `/v3/documents/${request.documents[0].id}/download?signed=true`, 'owner@example.org')
    ).rawPayload;
    const report = validatePdf(new Uint8Array(signed), { trustAnchors: [] });
    // simple-signature certificates name the verified address; the name given goes into /Name
    const signers = report.signatures.filter((s) => s.kind === 'signature').map((s) => s.signer?.email);
    expect(signers.sort()).toEqual(['bob@example.org', 'dora@example.org']);
    expect(Buffer.from(signed).toString('latin1')).toContain('/Name (Dora Delegata)');

    // the delegate's completion mail is in the language they chose
    const doraMails = await accounts.mailsTo(t.app, 'dora@example.org');
    expect(doraMails.some((m) => m.subject.startsWith('Von allen unterschrieben'))).toBe(true);
    const events = (await call('GET', `/v3/signature-requests/${id}/events`, 'owner@example.org')).json();
    expect(events.chain_valid).toBe(true);
    expect(events.events.find((e: { type: string }) => e.type === 'delegated').data).toMatchObject({
      from: 'anna@example.org',
      to: 'dora@example.org',
    });
  });

  it('refuses to delegate to someone already taking part', async () => {
    const id = await openRequest('Offer', ['anna@example.org', 'bob@example.org']);
    for (const email of ['bob@example.org', 'owner@example.org']) {
      const res = await call('POST', `/v3/signature-requests/${id}/delegate`, 'anna@example.org', { email });
      expect(res.statusCode, email).toBe(409);
      expect(res.json().code).toBe('signature_request.duplicate_signer');
    }
  });

  it('places the visual signature the signer chose, and refuses one that is not theirs', async () => {
    const created = await call('POST', '/v1/user/visual-signatures', 'bob@example.org', {
      alias: 'Formal',
      name: 'Robert Tester',
    });
    expect(created.statusCode, created.body).toBe(201);
    const res = await accounts.createRequestWithFiles(
      t.app,
      tokens['owner@example.org']!,
      { title: 'Visible', signatures: [] },
      [{ name: 'visible.pdf', bytes: await generatedPdf(1, 'Visible') }],
    );
    const id = res.json().id as string;
    const added = await call('POST', `/v3/signature-requests/${id}/signatures`, 'owner@example.org', {
      signer_identity_data: { email_address: 'bob@example.org' },
      document_signatures: [
        {
          document_id: res.json().documents[0].id,
          placement: { page: 1, x: 40, y: 40, width: 180, height: 84 },
        },
      ],
    });
    expect(added.statusCode, added.body).toBe(201);
    await call('POST', `/v3/signature-requests/${id}/initiate`, 'owner@example.org');
    const before = (await call('GET', `/v3/signature-requests/${id}`, 'owner@example.org')).json();

    const foreign = await call('POST', '/v3/sign', 'bob@example.org', {
      consent: CONSENT,
      signature_requests: [{ signature_request_id: id, visual_signature_id: 'not-mine' }],
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('visual_signature.not_found');
    const unchanged = (await call('GET', `/v3/signature-requests/${id}`, 'owner@example.org')).json();
    expect(unchanged.documents[0].revision).toBe(before.documents[0].revision);

    const ok = await call('POST', '/v3/sign', 'bob@example.org', {
      consent: CONSENT,
      signature_requests: [{ signature_request_id: id, visual_signature_id: created.json().id }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
