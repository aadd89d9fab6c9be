// Qualified signing by redirect to the trust service provider (the MAB calls, ADR 076), against the
// sandbox QTSP running as its own process, on SQLite and PostgreSQL: a link holder identified for
// the signature signs a request of three documents with one authorisation on the provider's page;
// pdfsig (not our code) finds every signature valid and naming them. Then the refusals an account
// signer can meet: cancelling at the provider, wrong codes up to a locked credential, a state that
// is not pending, a request that is not qualified, a certificate renewed between create-par and
// redirect-sign.
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_TOKEN_HEADER } from '@countersign/contract';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';
import { generatedPdf } from '../../test-support/pdfs.js';
import { createRequestWithFiles, signUp } from '../../test-support/accounts.js';
import { createNssDb, runPdfsig } from '../../test-support/pdfsig.js';
import * as help from '../../test-support/identification.js';
import { consentAtSandbox } from '../../test-support/csc-sandbox.js';
import { CONSENT } from '../../test-support/consent.js';
import { createBusiness } from '../../test-support/business.js';

describe.each(testDatabases())('signing by redirect to the QTSP on %s', (kind) => {
  let t: TestApp;
  let nss: { dir: string; cleanup(): void };
  let sender: string;
  let quinn: string;
  /** the account holders among the signers: their signature is read with their session */
  const accountOf: Record<string, string> = {};

  const as = (who: { bearer?: string; link?: string }) =>
    who.link ? { [LINK_TOKEN_HEADER]: who.link } : { authorization: `Bearer ${who.bearer}` };
  const createPar = (who: { bearer?: string; link?: string }, id: string, signerId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/v3/mab/create-par/${id}/signatures/${signerId}`,
      headers: as(who),
      payload: { consent: CONSENT, redirect_query_params: { back_to: `/sign/${id}` } },
    });
  const redirectSign = (who: { bearer?: string; link?: string }, id: string, params: object) =>
    t.app.inject({
      method: 'POST',
      url: `/v3/mab/redirect-sign/${id}`,
      headers: as(who),
      payload: { params },
    });
  /** the query the provider sent the browser back to /mab/redirect with */
  const backAt = (location: string | undefined) => {
    const url = new URL(location!);
    expect(`${url.origin}${url.pathname}`).toBe('http://countersign.test/mab/redirect');
    return Object.fromEntries(url.searchParams);
  };
  async function openRequest(quality: 'ses' | 'qes', signer: string, documents: number) {
    const files = await Promise.all(
      Array.from({ length: documents }, async (_, i) => ({
        name: `part-${i + 1}.pdf`,
        bytes: await generatedPdf(1, `Part ${i + 1}`),
      })),
    );
    const created = await createRequestWithFiles(
      t.app,
      sender,
      { title: 'By redirect', quality, legislation: 'eidas', signatures: [{ email: signer }] },
      files,
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const sent = await t.app.inject({
      method: 'POST',
      url: `/v3/signature-requests/${id}/initiate`,
      headers: { authorization: `Bearer ${sender}` },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const bearer = accountOf[signer];
    if (bearer) {
      const detail = await t.app.inject({
        method: 'GET',
        url: `/v3/signature-requests/${id}`,
        headers: { authorization: `Bearer ${bearer}` },
      });
      return { id, signerId: detail.json().signatures[0].id as string, token: '' };
    }
    return { id, ...(await help.invitationLink(t.app, signer, id)) };
  }

  beforeAll(async () => {
    t = await createTestApp(kind, { csc: true });
    const root = (await t.app.inject({ method: 'GET', url: '/trust/ca/root.cer' })).rawPayload;
    nss = createNssDb(root);
    sender = await signUp(t.app, 'sender@example.org', 'Sender');
    for (const [givenName, mobile] of [
      ['Quinn', '+41 79 111 11 11'],
      ['Rita', '+41 79 555 55 55'],
    ] as const) {
      const email = `${givenName.toLowerCase()}@example.org`;
      const token = await signUp(t.app, email, givenName);
      accountOf[email] = token;
      const started = await t.app.inject({
        method: 'POST',
        url: '/v1/user/identification/srs/video',
        headers: { authorization: `Bearer ${token}` },
        payload: {},
      });
      await help.decideSandboxIdentification(t.app, started.json().url as string, {
        givenName,
        surname: 'Qualified',
        mobile,
      });
    }
    quinn = accountOf['quinn@example.org']!;
  }, 180_000);
  afterAll(async () => {
    nss?.cleanup();
    await t?.close();
  });

  it('lets a link holder sign three documents with one authorisation at the provider; pdfsig accepts each', async () => {
    const { id, signerId, token } = await openRequest('qes', 'gina@example.org', 3);
    const started = await t.app.inject({
      method: 'POST',
      url: '/v1/direct/user/identification/srs/video',
      headers: as({ link: token }),
      payload: {},
    });
    expect(started.statusCode, started.body).toBe(201);
    await help.decideSandboxIdentification(t.app, started.json().url as string, {
      givenName: 'Gina',
      surname: 'Guest',
      mobile: '+41 79 444 44 44',
    });

    const par = await createPar({ link: token }, id, signerId);
    expect(par.statusCode, par.body).toBe(200);
    expect(par.json().url).toContain('/oauth2/authorize?client_id=');
    expect(par.json().state.startsWith(`${id}.`)).toBe(true);
    const consent = await consentAtSandbox(par.json().url as string);
    expect(consent.page).not.toContain('invalid_otp');
    const back = backAt(consent.location);
    expect(back.state).toBe(par.json().state);

    const done = await redirectSign({ link: token }, id, back);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({
      request_status: 'completed',
      redirect_query_params: { back_to: `/sign/${id}` },
    });
    // the code and the pending signature are spent, and the link acts no more on the ended request
    expect((await redirectSign({ link: token }, id, back)).statusCode).toBe(404);

    const zip = await t.app.inject({
      method: 'GET',
      url: `/v3/signature-requests/${id}/zip?signed=true`,
      headers: { authorization: `Bearer ${sender}` },
    });
    const signed = Object.values(unzipSync(new Uint8Array(zip.rawPayload)));
    expect(signed).toHaveLength(3);
    for (const bytes of signed) {
      const judged = await runPdfsig(nss.dir, bytes);
      expect(judged.signatures[0], judged.output).toMatchObject({ valid: true, trusted: true });
      expect(judged.output).toContain('Signer Certificate Common Name: Gina Guest');
    }
  });

  it('answers what the provider sent an account signer back with: a cancel, then a locked credential', async () => {
    const { id, signerId } = await openRequest('qes', 'quinn@example.org', 1);
    const cancelled = await consentAtSandbox((await createPar({ bearer: quinn }, id, signerId)).json().url, {
      action: 'deny',
    });
    const denied = await redirectSign({ bearer: quinn }, id, backAt(cancelled.location));
    expect([denied.statusCode, denied.json().code]).toEqual([403, 'signing.authorisation_denied']);

    const par = await createPar({ bearer: quinn }, id, signerId);
    // the sender, who sees the request, cannot complete the signer's signature
    const owner = await redirectSign({ bearer: sender }, id, { state: par.json().state, code: 'x' });
    expect([owner.statusCode, owner.json().code]).toEqual([403, 'signature_request.forbidden']);
    for (let i = 0; i < 2; i++) await consentAtSandbox(par.json().url, { otp: 'wrong' });
    const third = await consentAtSandbox(par.json().url, { otp: 'wrong' });
    const locked = await redirectSign({ bearer: quinn }, id, backAt(third.location));
    expect([locked.statusCode, locked.json().code]).toEqual([423, 'signing.credential_locked']);
    const again = await createPar({ bearer: quinn }, id, signerId);
    expect([again.statusCode, again.json().code]).toEqual([423, 'signing.credential_locked']);

    // once the lock has passed, the same request is signed
    await t.qtsp!.advance(16 * 60_000);
    try {
      const par2 = await createPar({ bearer: quinn }, id, signerId);
      expect(par2.statusCode, par2.body).toBe(200);
      const back = backAt((await consentAtSandbox(par2.json().url)).location);
      const done = await redirectSign({ bearer: quinn }, id, back);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().request_status).toBe('completed');
    } finally {
      await t.qtsp!.advance(-16 * 60_000);
    }
  });

  it('refuses a signature whose certificate the provider renewed after create-par, signing nothing', async () => {
    const rita = accountOf['rita@example.org']!;
    const { id, signerId } = await openRequest('qes', 'rita@example.org', 1);
    const par = await createPar({ bearer: rita }, id, signerId);
    expect(par.statusCode, par.body).toBe(200);
    const back = backAt((await consentAtSandbox(par.json().url as string)).location);
    // meanwhile the provider renews rita's certificate after a new identification: a new serial
    const me = await t.app.inject({ method: 'GET', url: '/v1/user', headers: as({ bearer: rita }) });
    await t.qtsp!.renew({
      userId: `${me.json().id as string}:eidas`,
      legislation: 'eidas',
      email: 'rita@example.org',
      name: 'Rita Qualified',
      givenName: 'Rita',
      surname: 'Qualified',
      country: 'CH',
      mobile: '+41 79 555 55 55',
    });
    const refused = await redirectSign({ bearer: rita }, id, back);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'signing.serial_number_mismatch']);
    // nothing half-signed: the request and the signature are still open, no signature recorded
    const detail = await t.app.inject({
      method: 'GET',
      url: `/v3/signature-requests/${id}`,
      headers: as({ bearer: sender }),
    });
    expect(detail.json().status).toBe('open');
    expect(detail.json().signatures[0].status).toBe('pending');
    const events = await t.app.inject({
      method: 'GET',
      url: `/v3/signature-requests/${id}/events`,
      headers: as({ bearer: sender }),
    });
    expect((events.json().events as { type: string }[]).map((e) => e.type)).not.toContain('signed');
    // prepared again with the renewed certificate, the signature is made
    const again = await createPar({ bearer: rita }, id, signerId);
    const done = await redirectSign(
      { bearer: rita },
      id,
      backAt((await consentAtSandbox(again.json().url)).location),
    );
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().request_status).toBe('completed');
  });

  it('refuses an unknown state and a request that is not qualified', async () => {
    const { id, signerId, token } = await openRequest('ses', 'sam@example.org', 1);
    const par = await createPar({ link: token }, id, signerId);
    expect([par.statusCode, par.json().code]).toEqual([422, 'mab.not_qualified']);
    const unknown = await redirectSign({ link: token }, id, { state: `${id}.nothing`, code: 'x' });
    expect([unknown.statusCode, unknown.json().code]).toEqual([409, 'mab.not_pending']);
  });

  it("keeps a business's link signers from signing by redirect when mabSettings.directSign is off", async () => {
    const businessId = await createBusiness(t.app, sender, 'Redirect AG');
    const off = await t.app.inject({
      method: 'PUT',
      url: `/v1/businesses/${businessId}/settings`,
      headers: { authorization: `Bearer ${sender}` },
      payload: { mab_settings: { direct_sign: { enabled: false } } },
    });
    expect(off.statusCode, off.body).toBe(200);
    const { id, signerId, token } = await openRequest('qes', 'lina@example.org', 1);
    const refused = await createPar({ link: token }, id, signerId);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'mab.direct_sign_disabled']);
  });
});
