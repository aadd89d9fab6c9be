// Mobile ID signing (ADR 094) on SQLite and PostgreSQL, against the sandbox phone: a signer who
// never identified signs an advanced request once they approve on their phone, and pdfsig (not our
// code) finds the signature valid and naming the number's registered holder; a refusal on the
// phone and a confirmation left to lapse (the test moves the server's clock) sign nothing; and
// what Mobile ID cannot confirm is refused with its own code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_TOKEN_HEADER } from '@countersign/contract';
import { createTestApp, createTestClock, testDatabases, type TestApp } from '../../test-support/test-app.js';
import { generatedPdf } from '../../test-support/pdfs.js';
import { createRequestWithFiles, signUp } from '../../test-support/accounts.js';
import { createNssDb, runPdfsig } from '../../test-support/pdfsig.js';
import * as help from '../../test-support/identification.js';
import { CONSENT } from '../../test-support/consent.js';

const MARA_MOBILE = '+41 79 555 01 02';

describe.each(testDatabases())('Mobile ID signing on %s', (kind) => {
  let t: TestApp;
  let nss: { dir: string; cleanup(): void };
  const clock = createTestClock(new Date());
  const tokens: Record<string, string> = {};
  let pdf: Buffer;

  const as = (who: string | { link: string }) =>
    typeof who === 'string' ? { authorization: `Bearer ${tokens[who]}` } : { [LINK_TOKEN_HEADER]: who.link };
  const start = (who: string | { link: string }, id: string, body: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/v3/mobile-id/sign/${id}`,
      headers: as(who),
      payload: { consent: CONSENT, ...body },
    });
  const look = (who: string | { link: string }, id: string, transactionId: string) =>
    t.app.inject({ method: 'GET', url: `/v3/mobile-id/sign/${id}/${transactionId}`, headers: as(who) });
  /** what the sandbox phone shows under the transaction */
  const onPhone = async (transactionId: string) => {
    const phone = (await t.app.inject({ method: 'GET', url: '/sandbox/mobile-id.json' })).json();
    return (
      phone.confirmations as { transaction_id: string; mobile: string; message: string; status: string }[]
    ).find((c) => c.transaction_id === transactionId);
  };
  /** the person answers on the sandbox phone */
  const answer = (transactionId: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `/sandbox/mobile-id/${transactionId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  const openRequest = (signer: string, quality: 'aes' | 'qes' = 'aes') =>
    help.openRequest(t.app, tokens.sender!, { quality, legislation: 'zertes', signers: [signer], pdf });
  const statusOf = async (id: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/v3/signature-requests/${id}`,
        headers: as('sender'),
      })
    ).json().status as string;

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
    const root = (await t.app.inject({ method: 'GET', url: '/trust/ca/root.cer' })).rawPayload;
    nss = createNssDb(root);
    pdf = await generatedPdf(1, 'Lease');
    tokens.sender = await signUp(t.app, 'sender@example.org', 'Sender');
    tokens.mara = await signUp(t.app, 'mara@example.org', 'Mara');
    tokens.nomo = await signUp(t.app, 'nomo@example.org', 'Nomo');
    const withMobile = await t.app.inject({
      method: 'PUT',
      url: '/v1/user',
      headers: as('mara'),
      payload: { attributes: { mobile: MARA_MOBILE } },
    });
    expect(withMobile.statusCode, withMobile.body).toBe(200);
  });

  afterAll(async () => {
    await t?.close();
    nss?.cleanup();
  });

  it('signs an advanced request once the signer approves on the phone, naming the holder', async () => {
    const id = await openRequest('mara@example.org');
    // without an identification, the ordinary sign call has no advanced quality to sign with
    const plain = await t.app.inject({
      method: 'POST',
      url: '/v3/sign',
      headers: as('mara'),
      payload: { consent: CONSENT, signature_requests: [{ signature_request_id: id }] },
    });
    expect(plain.json().code).toBe('signing.quality_not_available');

    const started = await start('mara', id, { signing_reason: 'Agreed' });
    expect(started.statusCode, started.body).toBe(200);
    const { transaction_id: tx, status, expires_at: expiresAt } = started.json();
    expect(status).toBe('pending');
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(clock.now().getTime());
    // the confirmation went to the account's number and names the request
    const shown = await onPhone(tx);
    expect(shown).toMatchObject({ mobile: MARA_MOBILE, status: 'pending' });
    expect(shown!.message).toContain(`aes for mara@example.org`);

    const waiting = await look('mara', id, tx);
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(waiting.json()).toMatchObject({ status: 'pending', request_status: null });
    expect(await statusOf(id)).toBe('open');

    const approved = await answer(tx, {
      decision: 'approve',
      given_name: 'Mara',
      surname: 'Muster',
      country: 'CH',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const signed = await look('mara', id, tx);
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json()).toMatchObject({
      transaction_id: tx,
      status: 'signed',
      request_status: 'completed',
    });
    // one approval, one signature: the transaction is spent
    const again = await look('mara', id, tx);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('mobile_id.not_pending');

    const judged = await runPdfsig(nss.dir, await help.signedDocument(t.app, tokens.sender!, id));
    expect(judged.signatures[0], judged.output).toMatchObject({ valid: true, trusted: true });
    expect(judged.output).toContain('Signer Certificate Common Name: Mara Muster');
    // the audit log says which phone confirmation the signature rests on
    const events = await t.app.inject({
      method: 'GET',
      url: `/v3/signature-requests/${id}/events`,
      headers: as('sender'),
    });
    expect(events.body).toContain(tx);
  });

  it('signs nothing when the signer refuses on the phone', async () => {
    const id = await openRequest('mara@example.org');
    const tx = (await start('mara', id)).json().transaction_id as string;
    expect((await answer(tx, { decision: 'refuse' })).statusCode).toBe(200);
    const refused = await look('mara', id, tx);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('mobile_id.refused');
    expect(await statusOf(id)).toBe('open');
    // the signer may start again, and this time approve
    const retry = (await start('mara', id)).json().transaction_id as string;
    await answer(retry, { decision: 'approve', given_name: 'Mara', surname: 'Muster' });
    expect((await look('mara', id, retry)).json().request_status).toBe('completed');
  });

  it('lets a confirmation lapse when nobody answers in time, for a link signer too', async () => {
    const id = await openRequest('lena@example.org');
    const { token } = await help.invitationLink(t.app, 'lena@example.org', id);
    // a link signer has no account: they give the number to confirm on
    const missing = await start({ link: token }, id);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().code).toBe('mobile_id.number_missing');
    const started = await start({ link: token }, id, { mobile: '+41 78 000 11 22' });
    expect(started.statusCode, started.body).toBe(200);
    const tx = started.json().transaction_id as string;
    expect((await onPhone(tx))?.mobile).toBe('+41 78 000 11 22');

    clock.advance(2 * 60_000 + 1_000);
    expect((await onPhone(tx))?.status).toBe('expired');
    // the phone no longer takes an answer, and the wait ends with a timeout
    expect((await answer(tx, { decision: 'approve', given_name: 'Lena', surname: 'Late' })).statusCode).toBe(
      409,
    );
    const lapsed = await look({ link: token }, id, tx);
    expect(lapsed.statusCode).toBe(410);
    expect(lapsed.json().code).toBe('mobile_id.timeout');
    expect(await statusOf(id)).toBe('open');
  });

  it('refuses what Mobile ID cannot confirm, and shows nobody else a transaction', async () => {
    const qualified = await openRequest('mara@example.org', 'qes');
    const notAdvanced = await start('mara', qualified);
    expect(notAdvanced.statusCode).toBe(422);
    expect(notAdvanced.json().code).toBe('mobile_id.not_advanced');

    const forNomo = await openRequest('nomo@example.org');
    const noNumber = await start('nomo', forNomo);
    expect(noNumber.statusCode).toBe(422);
    expect(noNumber.json().code).toBe('mobile_id.number_missing');

    const noConsent = await t.app.inject({
      method: 'POST',
      url: `/v3/mobile-id/sign/${forNomo}`,
      headers: as('nomo'),
      payload: { mobile: '+41 79 111 11 11' },
    });
    expect(noConsent.json().code).toBe('signing.consent_required');

    // a link signer of a request demanding TANs passes one first, before the phone is asked
    const created = await createRequestWithFiles(
      t.app,
      tokens.sender!,
      {
        title: 'With TAN',
        quality: 'aes',
        legislation: 'zertes',
        signatures: [{ email: 'tina@example.org' }],
        tan_required: true,
      },
      [{ name: 'tan.pdf', bytes: pdf }],
    );
    const withTan = created.json().id as string;
    await t.app.inject({
      method: 'POST',
      url: `/v3/signature-requests/${withTan}/initiate`,
      headers: as('sender'),
    });
    const { token } = await help.invitationLink(t.app, 'tina@example.org', withTan);
    const untanned = await start({ link: token }, withTan, { mobile: '+41 79 111 11 12' });
    expect([untanned.statusCode, untanned.json().code]).toEqual([403, 'direct_tan.required']);

    const id = await openRequest('mara@example.org');
    const tx = (await start('mara', id)).json().transaction_id as string;
    // neither the sender nor a stranger learns of the signer's transaction
    for (const who of ['sender', 'nomo']) {
      const seen = await look(who, id, tx);
      expect(seen.statusCode).toBe(404);
    }
    // nor can they start one on a request that is not theirs to sign
    expect((await start('nomo', id, { mobile: '+41 79 111 11 11' })).statusCode).toBe(404);
  });
});
