// Advanced and qualified signing over HTTP, on SQLite and PostgreSQL (ADR 021): a person
// identifies through the sandbox provider, then signs a qes request through the sandbox QTSP
// with the TAN read from the sandbox SMS box; pdfsig (not our code) finds the signature valid,
// trusted and naming the identified person. Wrong, expired and locked TANs, an advanced
// signature, and signers without the quality.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validatePdf } from '@countersign/pades';
import { createTestApp, createTestClock, testDatabases, type TestApp } from '../../test-support/test-app.js';
import { generatedPdf } from '../../test-support/pdfs.js';
import * as accounts from '../../test-support/accounts.js';
import { createNssDb, runPdfsig } from '../../test-support/pdfsig.js';
import * as help from '../../test-support/identification.js';
import { currentRevision, storedChain } from '../../test-support/requests.js';
import { CONSENT } from '../../test-support/consent.js';

describe.each(testDatabases())('qualified and advanced signing on %s', (kind) => {
  let t: TestApp;
  let nss: { dir: string; cleanup(): void };
  let root: Uint8Array;
  let pdf: Buffer;
  const clock = createTestClock(new Date());
  const tokens: Record<string, string> = {};

  const call = (method: 'GET' | 'POST', url: string, who: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${tokens[who]}` },
      ...(payload && { payload }),
    });
  const sign = (who: string, id: string, tan?: string) =>
    call('POST', '/v3/sign', who, {
      consent: CONSENT,
      signature_requests: [{ signature_request_id: id }],
      ...(tan && { tan }),
    });

  async function identify(who: string, path: string, givenName: string, surname: string, mobile: string) {
    const started = await call('POST', `/v1/user/identification/${path}`, who, {});
    const done = await help.decideSandboxIdentification(t.app, started.json().url as string, {
      givenName,
      surname,
      mobile,
    });
    expect(done.statusCode, done.body).toBe(200);
  }
  const openRequest = (quality: 'aes' | 'qes', legislation: 'eidas' | 'zertes', signer: string) =>
    help.openRequest(t.app, tokens.sender!, {
      quality,
      legislation,
      signers: [`${signer}@example.org`],
      pdf,
    });
  const lastTan = (mobile: string) => help.lastTan(t.app, mobile);
  const signedDocument = (id: string) => help.signedDocument(t.app, tokens.sender!, id);

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, csc: true });
    pdf = await generatedPdf(1, 'Qualified');
    root = (await t.app.inject({ method: 'GET', url: '/trust/ca/root.cer' })).rawPayload;
    nss = createNssDb(root);
    for (const who of ['sender', 'quinn', 'zora', 'ava', 'rolf'])
      tokens[who] = await accounts.signUp(t.app, `${who}@example.org`, who);
    await identify('quinn', 'srs/video', 'Quinn', 'Qualified', '+41 79 111 11 11');
    await identify('zora', 'intrum/autoident', 'Zora', 'Zertes', '+41 79 222 22 22');
    await identify('ava', 'srs/robo', 'Ava', 'Advanced', '+41 79 333 33 33');
  });
  afterAll(async () => {
    nss?.cleanup();
    await t?.close();
  });

  it('signs qes after identification with the TAN from the SMS box; pdfsig names the identified person', async () => {
    const id = await openRequest('qes', 'eidas', 'quinn');
    const first = await sign('quinn', id);
    expect(first.statusCode, first.body).toBe(409);
    expect(first.json().code).toBe('signing.tan_required');
    const tan = await lastTan('+41 79 111 11 11');

    const wrong = await sign('quinn', id, tan === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('signing.tan_invalid');

    const done = await sign('quinn', id, tan);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().results[0]).toMatchObject({ ok: true, request_status: 'completed' });

    const bytes = await signedDocument(id);
    // the remote signature's revision too is stored as what it appends (ADR 032)
    const stored = await storedChain(t.config.dataDir, await currentRevision(t.app, tokens.sender!, id));
    expect(stored.tails).toBe(2);
    expect(stored.storedBytes).toBeLessThan(bytes.length + 2 * 128);
    const judged = await runPdfsig(nss.dir, bytes);
    expect(judged.signatures[0], judged.output).toMatchObject({ valid: true, trusted: true });
    expect(judged.output).toContain('Signer Certificate Common Name: Quinn Qualified');
    const report = await validatePdf(bytes, { trustAnchors: [root] });
    expect(report.signatures.every((s) => s.indication === 'TOTAL_PASSED')).toBe(true);
    const signature = report.signatures.find((s) => s.kind === 'signature');
    expect(signature?.level).toBe('B-LTA');
    // issued to the credential by the qualified CA (whose certificates carry the QC statements)
    expect(signature?.certificateChain[1]).toContain('Qualified Signature CA (eIDAS)');
    // the TAN is single use
    expect((await sign('quinn', await openRequest('qes', 'eidas', 'quinn'), tan)).json().code).toBe(
      'signing.tan_invalid',
    );
  });

  it('refuses an expired TAN and locks after three wrong ones', async () => {
    const id = await openRequest('qes', 'zertes', 'zora');
    expect((await sign('zora', id)).json().code).toBe('signing.tan_required');
    const expired = await lastTan('+41 79 222 22 22');
    clock.advance(6 * 60_000);
    await t.qtsp!.advance(6 * 60_000);
    const late = await sign('zora', id, expired);
    expect(late.statusCode).toBe(410);
    expect(late.json().code).toBe('signing.tan_expired');
    // back to real time: pdfsig judges OCSP answers and certificates against the wall clock
    clock.advance(-6 * 60_000);
    await t.qtsp!.advance(-6 * 60_000);

    expect((await sign('zora', id)).json().code).toBe('signing.tan_required');
    const tan = await lastTan('+41 79 222 22 22');
    const wrong = tan === '000000' ? '111111' : '000000';
    expect((await sign('zora', id, wrong)).json().code).toBe('signing.tan_invalid');
    expect((await sign('zora', id, wrong)).json().code).toBe('signing.tan_invalid');
    const third = await sign('zora', id, wrong);
    expect(third.statusCode).toBe(423);
    expect(third.json().code).toBe('signing.tan_locked');
    expect((await sign('zora', id, tan)).json().code).toBe('signing.tan_locked');
    // a new TAN unlocks, and the request is still pending meanwhile
    expect((await call('GET', `/v3/signature-requests/${id}`, 'sender')).json().status).toBe('open');
    expect((await sign('zora', id)).json().code).toBe('signing.tan_required');
    expect((await sign('zora', id, await lastTan('+41 79 222 22 22'))).statusCode).toBe(200);
  });

  it('signs aes with a server-side key and a certificate naming the identified person', async () => {
    const id = await openRequest('aes', 'eidas', 'ava');
    const done = await sign('ava', id);
    expect(done.statusCode, done.body).toBe(200);
    const bytes = await signedDocument(id);
    const judged = await runPdfsig(nss.dir, bytes);
    expect(judged.signatures[0], judged.output).toMatchObject({ valid: true, trusted: true });
    expect(judged.output).toContain('Signer Certificate Common Name: Ava Advanced');
    const report = await validatePdf(bytes, { trustAnchors: [root] });
    expect(report.signatures[0]?.certificateChain[1]).toContain('Advanced Signature CA (eIDAS)');
  });

  it('refuses signers without the quality, and qes of the other legislation', async () => {
    for (const [quality, legislation, who] of [
      ['qes', 'eidas', 'rolf'],
      ['aes', 'zertes', 'rolf'],
      ['qes', 'zertes', 'ava'],
      ['qes', 'eidas', 'zora'],
    ] as const) {
      const res = await sign(who, await openRequest(quality, legislation, who));
      expect(res.statusCode, `${who} ${quality} ${legislation}`).toBe(403);
      expect(res.json().code).toBe('signing.quality_not_available');
    }
    const box = (await t.app.inject({ method: 'GET', url: '/sandbox/sms.json' })).json();
    expect((box.messages as { to: string }[]).some((m) => m.to === '+41 79 333 33 33')).toBe(false);
  });

  it('tells a link holder they hold the simple level only, and refuses their qes signature', async () => {
    const id = await openRequest('qes', 'eidas', 'guest');
    const { token } = await help.invitationLink(t.app, 'guest@example.org', id);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/v3/direct/user/signature-qualities-detail?token=${token}`,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({ highest_quality: 'ses', identifications: [] });
    expect(detail.json().signature_qualities.qes.eidas).toEqual({});
    const res = await t.app.inject({
      method: 'POST',
      url: `/v3/direct/sign?token=${token}`,
      payload: { consent: CONSENT, signature_requests: [{ signature_request_id: id }] },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('signing.quality_not_available');
  });
});
