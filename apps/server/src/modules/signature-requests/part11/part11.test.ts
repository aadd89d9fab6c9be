// Part 11 mode end to end over HTTP, on SQLite and PostgreSQL: a business admin turns it on; a
// signer of the business's request re-authenticates (password and a one-time code sent to them)
// and states the meaning; refusals have their codes and change nothing; the manifestation (printed
// name, date and time, meaning) is in the signature dictionary as pdfsig and qpdf read it, in the
// visible signature, in the audit log and in the protocol; the person keeps it as their default.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as accounts from '../../../test-support/accounts.js';
import { createBusiness, jsonCaller } from '../../../test-support/business.js';
import { CONSENT } from '../../../test-support/consent.js';
import { generatedPdf } from '../../../test-support/pdfs.js';
import { pdfText } from '../../../test-support/pdftotext.js';
import { signerSignatures } from '../../../test-support/pdfsig.js';
import {
  createTestApp,
  createTestClock,
  testDatabases,
  type TestApp,
} from '../../../test-support/test-app.js';

/** The PDF with every stream uncompressed (qpdf --qdf), as text: what another reader finds in it. */
function qdfText(pdf: Uint8Array): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-qdf-'));
  try {
    fs.writeFileSync(path.join(dir, 'in.pdf'), pdf);
    execFileSync('qpdf', ['--qdf', '--object-streams=disable', 'in.pdf', 'out.pdf'], { cwd: dir });
    return fs.readFileSync(path.join(dir, 'out.pdf'), 'latin1');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The text lines drawn with hex operands (`<...> Tj`), as the visible signature's appearance draws them. */
const drawnLines = (qdf: string): string[] =>
  [...qdf.matchAll(/<([0-9a-f]+)> Tj/gi)].map((m) => Buffer.from(m[1]!, 'hex').toString('latin1'));

describe.each(testDatabases())('Part 11 signatures on %s', (kind) => {
  let t: TestApp;
  const clock = createTestClock(new Date('2026-11-22T10:00:00Z'));
  let call: ReturnType<typeof jsonCaller>;
  let admin = '';
  let signer = '';
  let businessId = '';

  const lastCode = async (to: string) => {
    const mails = await accounts.mailsTo(t.app, to);
    const mail = mails.filter((m) => m.subject.includes('Part 11')).at(-1);
    return /: (\d{6})\./.exec(mail?.text ?? '')?.[1] ?? '';
  };

  /** A request of the admin's business with signer@ (an account) and guest@ (a link) on one placed field each. */
  async function openRequest(title: string): Promise<{ id: string; documentId: string; guestToken: string }> {
    const created = await accounts.createRequestWithFiles(t.app, admin, { title, signatures: [] }, [
      { name: 'p11.pdf', bytes: await generatedPdf(1, title) },
    ]);
    const id = created.json().id as string;
    const documentId = created.json().documents[0].id as string;
    for (const [email, y] of [
      ['signer@example.org', 40],
      ['guest@example.org', 200],
    ] as const) {
      const added = await call('POST', `/v3/signature-requests/${id}/signatures`, admin, {
        signer_identity_data: { email_address: email },
        document_signatures: [
          { document_id: documentId, placement: { page: 1, x: 40, y, width: 220, height: 90 } },
        ],
      });
      expect(added.statusCode, added.body).toBe(201);
    }
    expect((await call('POST', `/v3/signature-requests/${id}/initiate`, admin)).statusCode).toBe(200);
    const invitation = (await accounts.mailsTo(t.app, 'guest@example.org')).find((m) =>
      m.text.includes(`${id}/`),
    );
    return { id, documentId, guestToken: /token=([\w-]+)/.exec(invitation!.text)![1]! };
  }

  const signAs = (
    token: string,
    id: string,
    extra: Record<string, unknown>,
    item: Record<string, unknown> = {},
  ) =>
    call('POST', '/v3/sign', token, {
      consent: CONSENT,
      signature_requests: [{ signature_request_id: id, ...item }],
      ...extra,
    });

  const statuses = async (id: string) =>
    (await call('GET', `/v3/signature-requests/${id}`, admin))
      .json()
      .signatures.map((s: { status: string }) => s.status);

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
    call = jsonCaller(t.app);
    admin = await accounts.signUp(t.app, 'admin@example.org', 'Ada');
    signer = await accounts.signUp(t.app, 'signer@example.org', 'Sam');
    businessId = await createBusiness(t.app, admin, 'Pharma AG');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is turned on by an admin of the business; another person cannot see or change it', async () => {
    const outsider = await call('PUT', `/v1/businesses/${businessId}/settings`, signer, {
      signature_requests: { part11: { enabled: true } },
    });
    expect([403, 404]).toContain(outsider.statusCode);
    const res = await call('PUT', `/v1/businesses/${businessId}/settings`, admin, {
      signature_requests: { part11: { enabled: true } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const settings = (await call('GET', `/v1/businesses/${businessId}/settings`, admin)).json().settings;
    expect(settings.signature_requests.part11.enabled).toBe(true);
  });

  it('refuses a signature without meaning, re-authentication, code, or with a wrong password or code, and signs nothing', async () => {
    const { id, guestToken } = await openRequest('Refusals');
    const status = (await call('GET', `/v3/signature-requests/${id}/part11`, signer)).json();
    expect(status).toEqual({ required: true, printed_name: 'Sam Tester', meaning: null, pending_code: null });

    const refused = async (
      extra: Record<string, unknown>,
      item: Record<string, unknown>,
      statusCode: number,
      code: string,
    ) => {
      const res = await signAs(signer, id, extra, item);
      expect(res.statusCode, res.body).toBe(statusCode);
      expect(res.json().code).toBe(code);
    };
    const good = { password: accounts.TEST_PASSWORD, code: '000000' };
    await refused({ part11: good }, {}, 422, 'part11.meaning_required');
    await refused({}, { signing_reason: 'Approval' }, 422, 'part11.reauthentication_required');
    await refused({ part11: good }, { signing_reason: 'Approval' }, 409, 'part11.code_missing');

    const sent = await call('POST', `/v3/signature-requests/${id}/part11/code`, signer);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ channel: 'mail', sent_to: 's***@example.org' });
    const code = await lastCode('signer@example.org');
    expect(code).toMatch(/^\d{6}$/);
    const wrongCode = code === '999999' ? '999998' : '999999';
    await refused(
      { part11: { ...good, password: 'wrong password', code } },
      { signing_reason: 'Approval' },
      403,
      'part11.password_invalid',
    );
    await refused(
      { part11: { ...good, code: wrongCode } },
      { signing_reason: 'Approval' },
      403,
      'part11.code_invalid',
    );

    // a link holder has no password to give: they sign in first
    const direct = await call('POST', `/v3/direct/sign?token=${guestToken}`, undefined, {
      consent: CONSENT,
      signature_requests: [{ signature_request_id: id, signing_reason: 'Approval' }],
    });
    expect(direct.statusCode, direct.body).toBe(403);
    expect(direct.json().code).toBe('part11.account_required');

    expect(await statuses(id)).toEqual(['pending', 'pending']);
    const events = (await call('GET', `/v3/signature-requests/${id}/events`, admin)).json().events;
    expect(events.filter((e: { type: string }) => e.type === 'signed')).toEqual([]);
    // the two wrong tries counted; the code still waits
    expect(
      (await call('GET', `/v3/signature-requests/${id}/part11`, signer)).json().pending_code,
    ).toMatchObject({ channel: 'mail' });
  });

  it('locks the code after five wrong tries, expires it after ten minutes, and sends at most five an hour', async () => {
    const { id } = await openRequest('Limits');
    await call('POST', `/v3/signature-requests/${id}/part11/code`, signer);
    const code = await lastCode('signer@example.org');
    const wrong = code === '111111' ? '111112' : '111111';
    const codes = [];
    for (let i = 0; i < 5; i++) {
      const res = await signAs(
        signer,
        id,
        { part11: { password: accounts.TEST_PASSWORD, code: wrong } },
        { signing_reason: 'Review' },
      );
      codes.push(res.json().code);
    }
    expect(codes).toEqual([
      'part11.code_invalid',
      'part11.code_invalid',
      'part11.code_invalid',
      'part11.code_invalid',
      'part11.code_locked',
    ]);
    const right = await signAs(
      signer,
      id,
      { part11: { password: accounts.TEST_PASSWORD, code } },
      { signing_reason: 'Review' },
    );
    expect(right.statusCode).toBe(423);
    expect(right.json().code).toBe('part11.code_locked');

    await call('POST', `/v3/signature-requests/${id}/part11/code`, signer);
    const late = await lastCode('signer@example.org');
    clock.advance(10 * 60_000 + 1);
    const expired = await signAs(
      signer,
      id,
      { part11: { password: accounts.TEST_PASSWORD, code: late } },
      { signing_reason: 'Review' },
    );
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('part11.code_expired');
    expect(await statuses(id)).toEqual(['pending', 'pending']);

    // the account has now been sent five or more within the hour
    for (let i = 0; i < 5; i++) await call('POST', `/v3/signature-requests/${id}/part11/code`, signer);
    const limited = await call('POST', `/v3/signature-requests/${id}/part11/code`, signer);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('part11.code_limit');
    clock.advance(3_600_000 + 60_000);
  });

  it('signs with the stated meaning: in the signature dictionary, the appearance, the audit log and the protocol', async () => {
    const { id, documentId } = await openRequest('Batch record');
    // the code goes by SMS once the account has a mobile number
    await call('PUT', '/v1/user', signer, { attributes: { mobile: '+41790000042' } });
    const sent = await call('POST', `/v3/signature-requests/${id}/part11/code`, signer);
    expect(sent.json().channel).toBe('sms');
    const sms = (await t.app.inject({ method: 'GET', url: '/sandbox/sms.json' })).json().messages;
    const code = /: (\d{6})\./.exec(sms.find((m: { to: string }) => m.to === '+41790000042').text)![1]!;

    const signedAt = clock.now().toISOString();
    const res = await signAs(
      signer,
      id,
      { part11: { password: accounts.TEST_PASSWORD, code } },
      { signing_name: 'Samuel Tester', signing_reason: 'Approved for release' },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results[0]).toMatchObject({ ok: true, request_status: 'open' });

    const download = await call('GET', `/v3/documents/${documentId}/download?signed=true`, admin);
    expect(download.statusCode, download.body.slice(0, 300)).toBe(200);
    const pdf = download.rawPayload;
    const [signature] = signerSignatures(pdf);
    expect(signature).toMatchObject({ commonName: expect.any(String), valid: true });
    const qdf = qdfText(pdf);
    expect(qdf).toContain('/Reason (Approved for release)');
    expect(qdf).toContain('/Name (Samuel Tester)');
    // the visible signature: printed name, date and time, meaning
    expect(drawnLines(qdf)).toEqual(
      expect.arrayContaining([
        'Samuel Tester',
        'Meaning: Approved for release',
        `${signedAt.slice(0, 10)} ${signedAt.slice(11, 19)} UTC`,
        'Electronic signature (21 CFR Part 11)',
      ]),
    );

    const events = (await call('GET', `/v3/signature-requests/${id}/events`, admin)).json();
    const signed = events.events.find((e: { type: string }) => e.type === 'signed');
    expect(signed.data.part11).toEqual({
      printed_name: 'Samuel Tester',
      meaning: 'Approved for release',
      at: signedAt,
      reauthenticated: ['password', 'sms'],
    });
    expect(events.chain_valid).toBe(true);

    const protocol = (await call('GET', `/v3/signature-requests/${id}/report?type=json`, admin)).json();
    expect(protocol.signers[0].part11).toEqual({
      printed_name: 'Samuel Tester',
      meaning: 'Approved for release',
      at: signedAt,
    });
    const text = pdfText(
      (await call('GET', `/v3/signature-requests/${id}/report`, admin)).rawPayload,
      'raw',
    ).replace(/\s+/g, ' ');
    expect(text).toContain('Signature manifestations (21 CFR Part 11)');
    expect(text).toContain('Samuel Tester <signer@example.org> signed on');
    expect(text).toContain('Meaning: Approved for release');

    // kept as the person's defaults for the next Part 11 signature
    const user = (await call('GET', '/v1/user', signer)).json();
    expect(user.attributes).toMatchObject({
      p11_signing_name: 'Samuel Tester',
      p11_signing_reason: 'Approved for release',
    });
    const next = await openRequest('Next batch');
    expect((await call('GET', `/v3/signature-requests/${next.id}/part11`, signer)).json()).toMatchObject({
      printed_name: 'Samuel Tester',
      meaning: 'Approved for release',
    });
    // a used code does not sign again
    const again = await signAs(
      signer,
      next.id,
      { part11: { password: accounts.TEST_PASSWORD, code } },
      { signing_reason: 'Approved' },
    );
    expect(again.json().code).toBe('part11.code_missing');
  });

  it('asks nothing more of signers when the business has the mode off', async () => {
    await call('PUT', `/v1/businesses/${businessId}/settings`, admin, {
      signature_requests: { part11: { enabled: false } },
    });
    const { id } = await openRequest('Plain');
    expect((await call('GET', `/v3/signature-requests/${id}/part11`, signer)).json().required).toBe(false);
    const sent = await call('POST', `/v3/signature-requests/${id}/part11/code`, signer);
    expect(sent.json().code).toBe('part11.not_required');
    const res = await signAs(signer, id, {});
    expect(res.json().results[0], res.body).toMatchObject({ ok: true });
  });
});
