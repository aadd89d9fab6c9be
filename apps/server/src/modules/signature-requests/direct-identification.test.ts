// Identification for link holders over HTTP, on SQLite and PostgreSQL (ADR 025): a person with
// only an invitation link identifies through the sandbox provider for their one signature, then
// signs qes with the TAN from the sandbox SMS box, or aes; pdfsig (not our code) finds the
// signature valid, trusted and naming the identified person. The identification serves that
// signature only, ident-method says what a signature needs, and the link stops working when the
// request ends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validatePdf } from '@countersign/pades';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';
import { generatedPdf } from '../../test-support/pdfs.js';
import { signUp } from '../../test-support/accounts.js';
import { createNssDb, runPdfsig } from '../../test-support/pdfsig.js';
import * as help from '../../test-support/identification.js';
import { CONSENT } from '../../test-support/consent.js';

describe.each(testDatabases())('direct identification on %s', (kind) => {
  let t: TestApp;
  let nss: { dir: string; cleanup(): void };
  let root: Uint8Array;
  let pdf: Buffer;
  let sender: string;

  const direct = (method: 'GET' | 'POST' | 'DELETE', path: string, token: string, payload?: object) =>
    t.app.inject({
      method,
      url: `${path}${path.includes('?') ? '&' : '?'}token=${token}`,
      ...(payload && { payload }),
    });
  const sign = (id: string, token: string, tan?: string) =>
    direct('POST', '/v3/direct/sign', token, {
      consent: CONSENT,
      signature_requests: [{ signature_request_id: id }],
      ...(tan && { tan }),
    });
  const identMethod = (id: string, signerId: string, token?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/v3/signature-requests/${id}/signatures/${signerId}/ident-method${token ? `?token=${token}` : ''}`,
      ...(!token && { headers: { authorization: `Bearer ${sender}` } }),
    });
  const open = (
    quality: 'aes' | 'qes',
    legislation: 'eidas' | 'zertes',
    signers: string[] = ['guest@example.org'],
  ) => help.openRequest(t.app, sender, { quality, legislation, signers, pdf });

  beforeAll(async () => {
    t = await createTestApp(kind, { csc: true });
    pdf = await generatedPdf(1, 'Direct');
    root = (await t.app.inject({ method: 'GET', url: '/trust/ca/root.cer' })).rawPayload;
    nss = createNssDb(root);
    sender = await signUp(t.app, 'sender@example.org', 'Sender');
  });
  afterAll(async () => {
    nss?.cleanup();
    await t?.close();
  });

  it('identifies a link holder for a qes signature, which they sign with the SMS TAN', async () => {
    const id = await open('qes', 'eidas', ['guest@example.org', 'other@example.org']);
    const { signerId, token } = await help.invitationLink(t.app, 'guest@example.org', id);

    const needs = (await identMethod(id, signerId, token)).json();
    expect(needs).toMatchObject({
      quality: 'qes',
      legislation: 'eidas',
      is_satisfied: false,
      identification: null,
    });
    expect(needs.methods).toEqual([
      { provider: 'srs', method: 'video' },
      { provider: 'srs', method: 'robo' },
    ]);
    expect((await sign(id, token)).json().code).toBe('signing.quality_not_available');

    const started = await direct('POST', '/v1/direct/user/identification/srs/video', token, {});
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json()).toMatchObject({ legislation: 'eidas', status: 'initialized' });
    const page = await t.app.inject({ method: 'GET', url: new URL(started.json().url).pathname });
    expect(page.body).toContain('name="given_name"');
    expect((await direct('GET', '/v1/direct/user/identification/srs/video', token)).json()).toMatchObject({
      status: 'inprogress',
      progress: 'inprogress',
    });
    const during = (await direct('GET', '/v3/direct/user/signature-qualities-detail', token)).json();
    expect(during).toMatchObject({ identification_ongoing: true, highest_quality: 'ses' });

    const done = await help.decideSandboxIdentification(t.app, started.json().url, {
      givenName: 'Gina',
      surname: 'Guest',
      mobile: '+41 79 444 44 44',
    });
    expect(done.statusCode).toBe(200);
    // the provider page leads the link holder back to their identification screen
    expect(done.body).toContain(`/direct-sign/identification/${id}/${signerId}`);
    expect((await direct('GET', '/v1/direct/user/identification/srs/video', token)).json()).toMatchObject({
      status: 'success',
      url: null,
    });
    const detail = (await direct('GET', '/v3/direct/user/signature-qualities-detail', token)).json();
    expect(detail.highest_quality).toBe('qes');
    expect(detail.signature_qualities.qes.eidas).toEqual({ status: 'active' });
    expect(detail.identifications).toHaveLength(1);
    const satisfied = (await identMethod(id, signerId, token)).json();
    expect(satisfied).toMatchObject({
      is_satisfied: true,
      methods: [],
      identification: { status: 'success' },
    });
    // the sender learns whether the signer is ready, not the signer's identification
    expect((await identMethod(id, signerId)).json()).toMatchObject({
      is_satisfied: true,
      identification: null,
    });

    const first = await sign(id, token);
    expect(first.statusCode, first.body).toBe(409);
    expect(first.json().code).toBe('signing.tan_required');
    const tan = await help.lastTan(t.app, '+41 79 444 44 44');
    expect((await sign(id, token, tan === '000000' ? '111111' : '000000')).json().code).toBe(
      'signing.tan_invalid',
    );
    const signed = await sign(id, token, tan);
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().results[0]).toMatchObject({ ok: true, request_status: 'open' });

    const bytes = await help.signedDocument(t.app, sender, id);
    const judged = await runPdfsig(nss.dir, bytes);
    expect(judged.signatures[0], judged.output).toMatchObject({ valid: true, trusted: true });
    expect(judged.output).toContain('Signer Certificate Common Name: Gina Guest');
    const report = await validatePdf(bytes, { trustAnchors: [root] });
    expect(report.signatures[0]?.certificateChain[1]).toContain('Qualified Signature CA (eIDAS)');

    // signed: no further identification for this signature; withdrawn: the link is dead
    const again = await direct('POST', '/v1/direct/user/identification/srs/robo', token, {});
    expect(again.statusCode).toBe(409);
    const withdrawn = await t.app.inject({
      method: 'POST',
      url: `/v3/signature-requests/${id}/withdraw`,
      headers: { authorization: `Bearer ${sender}` },
      payload: { message: 'no longer needed' },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const dead = await direct('GET', '/v1/direct/user/identification/srs/video', token);
    expect(dead.statusCode).toBe(404);
    expect(dead.json().code).toBe('signature_request.not_found');
  });

  it('serves one signature only: the same address on another request starts over', async () => {
    const first = await open('qes', 'zertes', ['hugo@example.org']);
    const link = await help.invitationLink(t.app, 'hugo@example.org', first);
    const started = (
      await direct('POST', '/v1/direct/user/identification/intrum/autoident', link.token, {})
    ).json();
    await help.decideSandboxIdentification(t.app, started.url, {
      givenName: 'Hugo',
      surname: 'Helvetic',
      mobile: '+41 79 555 55 55',
    });
    expect((await identMethod(first, link.signerId, link.token)).json().is_satisfied).toBe(true);

    const second = await open('qes', 'zertes', ['hugo@example.org']);
    const other = await help.invitationLink(t.app, 'hugo@example.org', second);
    const detail = (await direct('GET', '/v3/direct/user/signature-qualities-detail', other.token)).json();
    expect(detail).toMatchObject({ highest_quality: 'ses', identifications: [] });
    expect((await sign(second, other.token)).json().code).toBe('signing.quality_not_available');
    expect(
      (await direct('GET', '/v1/direct/user/identification/intrum/autoident', other.token)).statusCode,
    ).toBe(404);
  });

  it('signs aes for an identified link holder with a certificate naming them', async () => {
    const id = await open('aes', 'eidas', ['ada@example.org']);
    const { token } = await help.invitationLink(t.app, 'ada@example.org', id);
    const started = (await direct('POST', '/v1/direct/user/identification/srs/robo', token, {})).json();
    await help.decideSandboxIdentification(t.app, started.url, {
      givenName: 'Ada',
      surname: 'Advanced',
      mobile: '+41 79 666 66 66',
    });
    const signed = await sign(id, token);
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().results[0].request_status).toBe('completed');
    const bytes = await help.signedDocument(t.app, sender, id);
    const judged = await runPdfsig(nss.dir, bytes);
    expect(judged.signatures[0], judged.output).toMatchObject({ valid: true, trusted: true });
    expect(judged.output).toContain('Signer Certificate Common Name: Ada Advanced');
    const report = await validatePdf(bytes, { trustAnchors: [root] });
    expect(report.signatures[0]?.certificateChain[1]).toContain('Advanced Signature CA (eIDAS)');
    // completed: the link no longer reads the identification
    expect((await direct('GET', '/v1/direct/user/identification/srs/robo', token)).statusCode).toBe(404);
  });

  it('records a rejection and a cancel without granting anything', async () => {
    const id = await open('qes', 'zertes', ['rene@example.org']);
    const { signerId, token } = await help.invitationLink(t.app, 'rene@example.org', id);
    const video = (await direct('POST', '/v1/direct/user/identification/intrum/video', token, {})).json();
    await help.decideSandboxIdentification(t.app, video.url, 'reject');
    expect((await direct('GET', '/v1/direct/user/identification/intrum/video', token)).json().status).toBe(
      'failure',
    );
    await direct('POST', '/v1/direct/user/identification/intrum/autoident', token, {});
    const cancelled = await direct('DELETE', '/v1/direct/user/identification/intrum/autoident', token);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', url: null });
    expect(
      (await direct('DELETE', '/v1/direct/user/identification/intrum/autoident', token)).statusCode,
    ).toBe(409);
    const needs = (await identMethod(id, signerId, token)).json();
    expect(needs).toMatchObject({ is_satisfied: false, identification: { status: 'cancelled' } });
    // an unknown link, and a signature that is not in the request
    expect(
      (await direct('GET', '/v1/direct/user/identification/intrum/video', 'x'.repeat(40))).statusCode,
    ).toBe(404);
    expect((await identMethod(id, 'nobody', token)).statusCode).toBe(404);
  });
});
