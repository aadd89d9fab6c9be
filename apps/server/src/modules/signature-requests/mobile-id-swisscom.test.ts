// Mobile ID signing (ADR 094) with the Swisscom adapter configured (ADR 107), on SQLite and
// PostgreSQL, against a stand-in service over mutual TLS: the confirmation goes to the service,
// the signer's calls answer "pending" until the phone answers, and an approval signs the request
// with a certificate naming the holder the phone's certificate names, which pdfsig (not our code)
// finds valid; a cancel on the phone is a refusal, an expiry a lapse, and a number without Mobile
// ID is refused at the start.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestClock, testDatabases, type TestApp } from '../../test-support/test-app.js';
import { generatedPdf } from '../../test-support/pdfs.js';
import { signUp } from '../../test-support/accounts.js';
import { createNssDb, runPdfsig } from '../../test-support/pdfsig.js';
import * as help from '../../test-support/identification.js';
import { CONSENT } from '../../test-support/consent.js';
import { startMobileIdService } from '../../test-support/mobile-id-service.js';

describe.each(testDatabases())('Mobile ID signing through Swisscom Mobile ID on %s', (kind) => {
  let t: TestApp;
  let service: Awaited<ReturnType<typeof startMobileIdService>>;
  let nss: { dir: string; cleanup(): void };
  const clock = createTestClock(new Date());
  const tokens: Record<string, string> = {};
  let pdf: Buffer;

  const as = (who: string) => ({ authorization: `Bearer ${tokens[who]}` });
  const start = (who: string, id: string, body: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/v3/mobile-id/sign/${id}`,
      headers: as(who),
      payload: { consent: CONSENT, ...body },
    });
  const look = (who: string, id: string, transactionId: string) =>
    t.app.inject({ method: 'GET', url: `/v3/mobile-id/sign/${id}/${transactionId}`, headers: as(who) });
  const openRequest = (signer: string) =>
    help.openRequest(t.app, tokens.sender!, {
      quality: 'aes',
      legislation: 'zertes',
      signers: [signer],
      pdf,
    });

  beforeAll(async () => {
    service = await startMobileIdService();
    t = await createTestApp(kind, { clock, env: service.env() });
    const root = (await t.app.inject({ method: 'GET', url: '/trust/ca/root.cer' })).rawPayload;
    nss = createNssDb(root);
    pdf = await generatedPdf(1, 'Lease');
    tokens.sender = await signUp(t.app, 'sender@example.org', 'Sender');
    tokens.mara = await signUp(t.app, 'mara@example.org', 'Mara');
  });

  afterAll(async () => {
    await t?.close();
    await service?.close();
    nss?.cleanup();
  });

  it('signs once the holder approves on the phone, naming them in the certificate', async () => {
    const id = await openRequest('mara@example.org');
    const started = await start('mara', id, { mobile: '+41 79 555 01 02', signing_reason: 'Agreed' });
    expect(started.statusCode, started.body).toBe(200);
    const { transaction_id: tx, status } = started.json();
    expect(status).toBe('pending');
    // the service shows the request's title on the phone
    expect(service.shown(tx)).toContain('aes for mara@example.org');

    const waiting = await look('mara', id, tx);
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(waiting.json()).toMatchObject({ status: 'pending', request_status: null });

    service.answer(tx, 'approve');
    const signed = await look('mara', id, tx);
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json()).toMatchObject({
      transaction_id: tx,
      status: 'signed',
      request_status: 'completed',
    });

    const judged = await runPdfsig(nss.dir, await help.signedDocument(t.app, tokens.sender!, id));
    expect(judged.signatures[0], judged.output).toMatchObject({ valid: true, trusted: true });
    expect(judged.output).toContain('Signer Certificate Common Name: Mara Muster');
  });

  it('refuses after a cancel on the phone and lapses after an expiry, signing nothing', async () => {
    const id = await openRequest('mara@example.org');
    const cancelled = (await start('mara', id, { mobile: '+41795550102' })).json().transaction_id as string;
    service.answer(cancelled, 'cancel');
    const refused = await look('mara', id, cancelled);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().code).toBe('mobile_id.refused');

    const expiring = (await start('mara', id, { mobile: '+41795550102' })).json().transaction_id as string;
    service.answer(expiring, 'expire');
    const lapsed = await look('mara', id, expiring);
    expect(lapsed.statusCode, lapsed.body).toBe(410);
    expect(lapsed.json().code).toBe('mobile_id.timeout');

    const blocked = (await start('mara', id, { mobile: '+41795550102' })).json().transaction_id as string;
    service.answer(blocked, { fault: 402 });
    const failed = await look('mara', id, blocked);
    expect(failed.statusCode, failed.body).toBe(503);
    expect(failed.json().code).toBe('mobile_id.unavailable');
    // the transaction is spent: a second look finds nothing pending
    expect((await look('mara', id, blocked)).json().code).toBe('mobile_id.not_pending');

    const unknown = await start('mara', id, { mobile: '+41000092105' });
    expect(unknown.statusCode, unknown.body).toBe(503);
    expect(unknown.json().code).toBe('mobile_id.unavailable');
    const request = await t.app.inject({
      method: 'GET',
      url: `/v3/signature-requests/${id}`,
      headers: as('sender'),
    });
    expect(request.json().status).toBe('open');
  });
});
