// The Swisscom step-up of a qualified ZertES signature over HTTP, on SQLite and PostgreSQL (ADR
// 087), against the sandbox QTSP as its own process playing Swisscom: the sign call texts a code
// and answers signing.pwdotp_required; proceed signs with the password at the provider and that
// code. The sandbox's rules hold: the first password is chosen (and must follow its rules), a
// wrong password or code costs one of three tries, the third locks the credential, codes expire.
// Link holders proceed through the direct twin. A Part 11 business's signer re-authenticates and
// states the meaning with proceed too. pdfsig judges the result.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestClock, testDatabases, type TestApp } from '../../test-support/test-app.js';
import { generatedPdf } from '../../test-support/pdfs.js';
import * as accounts from '../../test-support/accounts.js';
import { createNssDb, runPdfsig } from '../../test-support/pdfsig.js';
import * as help from '../../test-support/identification.js';
import { CONSENT } from '../../test-support/consent.js';
import { createBusiness } from '../../test-support/business.js';

const PASSWORD = 'matterhorn4478';

describe.each(testDatabases())('Swisscom proceed on %s', (kind) => {
  let t: TestApp;
  let pdf: Buffer;
  const clock = createTestClock(new Date());
  const tokens: Record<string, string> = {};

  const call = (url: string, who: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${tokens[who]}` }, payload });
  const sign = (who: string, id: string) =>
    call('/v3/sign', who, { consent: CONSENT, signature_requests: [{ signature_request_id: id }] });
  const proceed = (who: string, id: string, pwdotp: { password: string; otp: string }) =>
    call(`/v3/swisscom/proceed/${id}`, who, { consent: CONSENT, pwdotp });
  const openRequest = (signer: string) =>
    help.openRequest(t.app, tokens.sender!, {
      quality: 'qes',
      legislation: 'zertes',
      signers: [signer],
      pdf,
    });
  const codeFor = (mobile: string) => help.lastTan(t.app, mobile);
  const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, csc: 'pwdotp' });
    pdf = await generatedPdf(1, 'ZertES');
    for (const who of ['sender', 'zora', 'zeno'])
      tokens[who] = await accounts.signUp(t.app, `${who}@example.org`, who);
    for (const [who, givenName, mobile] of [
      ['zora', 'Zora', '+41 79 222 22 22'],
      ['zeno', 'Zeno', '+41 79 666 66 66'],
    ] as const) {
      const started = await call('/v1/user/identification/intrum/autoident', who, {});
      const done = await help.decideSandboxIdentification(t.app, started.json().url as string, {
        givenName,
        surname: 'Zertes',
        mobile,
      });
      expect(done.statusCode, done.body).toBe(200);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('asks for password and code, refuses a weak first password, a wrong code and an expired one, then signs', async () => {
    const id = await openRequest('zora@example.org');
    const first = await sign('zora', id);
    expect(first.statusCode, first.body).toBe(409);
    expect(first.json().code).toBe('signing.pwdotp_required');
    // the TAN of the older flow does not unlock a pwdotp credential: it asks again
    const withTanOnly = await call('/v3/sign', 'zora', {
      consent: CONSENT,
      signature_requests: [{ signature_request_id: id }],
      tan: await codeFor('+41 79 222 22 22'),
    });
    expect(withTanOnly.json().code).toBe('signing.pwdotp_required');
    const code = await codeFor('+41 79 222 22 22');

    const weak = await proceed('zora', id, { password: 'short', otp: code });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().code).toBe('signing.password_weak');
    const wrongCode = await proceed('zora', id, { password: PASSWORD, otp: otherThan(code) });
    expect(wrongCode.statusCode).toBe(403);
    expect(wrongCode.json().code).toBe('signing.tan_invalid');

    clock.advance(6 * 60_000);
    await t.qtsp!.advance(6 * 60_000);
    const late = await proceed('zora', id, { password: PASSWORD, otp: code });
    clock.advance(-6 * 60_000);
    await t.qtsp!.advance(-6 * 60_000);
    expect(late.statusCode).toBe(410);
    expect(late.json().code).toBe('signing.tan_expired');
    // nothing was signed meanwhile
    const view = await t.app.inject({
      method: 'GET',
      url: `/v3/signature-requests/${id}`,
      headers: { authorization: `Bearer ${tokens.sender}` },
    });
    expect(view.json().status).toBe('open');

    expect((await sign('zora', id)).json().code).toBe('signing.pwdotp_required');
    const done = await proceed('zora', id, { password: PASSWORD, otp: await codeFor('+41 79 222 22 22') });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ request_status: 'completed' });

    const root = (await t.app.inject({ method: 'GET', url: '/trust/ca/root.cer' })).rawPayload;
    const nss = createNssDb(root);
    try {
      const judged = await runPdfsig(nss.dir, await help.signedDocument(t.app, tokens.sender!, id));
      expect(judged.signatures[0], judged.output).toMatchObject({ valid: true, trusted: true });
      expect(judged.output).toContain('Signer Certificate Common Name: Zora Zertes');
    } finally {
      nss.cleanup();
    }
  });

  it('keeps the chosen password: a wrong one and wrong codes lock the credential on the third try', async () => {
    // zeno chooses a password with a first signature
    const before = await openRequest('zeno@example.org');
    await sign('zeno', before);
    const chosen = await proceed('zeno', before, {
      password: PASSWORD,
      otp: await codeFor('+41 79 666 66 66'),
    });
    expect(chosen.statusCode, chosen.body).toBe(200);

    const id = await openRequest('zeno@example.org');
    await sign('zeno', id);
    const code = await codeFor('+41 79 666 66 66');
    const wrongPassword = await proceed('zeno', id, { password: 'another4478pass', otp: code });
    expect(wrongPassword.statusCode).toBe(403);
    expect(wrongPassword.json().code).toBe('signing.password_invalid');
    expect((await proceed('zeno', id, { password: PASSWORD, otp: otherThan(code) })).json().code).toBe(
      'signing.tan_invalid',
    );
    const third = await proceed('zeno', id, { password: 'another4478pass', otp: code });
    expect(third.statusCode).toBe(423);
    expect(third.json().code).toBe('signing.credential_locked');
    // locked: even the right password and a fresh code do not sign until the lock ends
    await sign('zeno', id);
    const locked = await proceed('zeno', id, { password: PASSWORD, otp: await codeFor('+41 79 666 66 66') });
    expect(locked.json().code).toBe('signing.credential_locked');
  });

  it('lets a link holder proceed through the direct twin, and keeps others out', async () => {
    const id = await openRequest('guest@example.org');
    const { token } = await help.invitationLink(t.app, 'guest@example.org', id);
    const direct = (path: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `${path}?token=${token}`, payload });
    const started = await direct('/v1/direct/user/identification/intrum/autoident', {});
    expect(started.statusCode, started.body).toBe(201);
    await help.decideSandboxIdentification(t.app, started.json().url as string, {
      givenName: 'Gina',
      surname: 'Guest',
      mobile: '+41 79 777 77 77',
    });
    const first = await direct('/v3/direct/sign', {
      consent: CONSENT,
      signature_requests: [{ signature_request_id: id }],
    });
    expect(first.json().code).toBe('signing.pwdotp_required');
    const pwdotp = { password: PASSWORD, otp: await codeFor('+41 79 777 77 77') };
    // another account is not this signer: the request does not exist for them
    expect((await proceed('zora', id, pwdotp)).statusCode).toBe(404);
    const done = await direct(`/v3/direct/swisscom/proceed/${id}`, { consent: CONSENT, pwdotp });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ request_status: 'completed' });
  });
  it("takes a Part 11 signer's re-authentication and meaning, as /v3/sign does", async () => {
    tokens.pharma = await accounts.signUp(t.app, 'pharma@example.org', 'Pharma');
    tokens.pia = await accounts.signUp(t.app, 'pia@example.org', 'Pia');
    const businessId = await createBusiness(t.app, tokens.pharma, 'Pharma AG');
    const turnedOn = await t.app.inject({
      method: 'PUT',
      url: `/v1/businesses/${businessId}/settings`,
      headers: { authorization: `Bearer ${tokens.pharma}` },
      payload: { signature_requests: { part11: { enabled: true } } },
    });
    expect(turnedOn.statusCode, turnedOn.body).toBe(200);
    const started = await call('/v1/user/identification/intrum/autoident', 'pia', {});
    await help.decideSandboxIdentification(t.app, started.json().url as string, {
      givenName: 'Pia',
      surname: 'Zertes',
      mobile: '+41 79 888 88 88',
    });
    const id = await help.openRequest(t.app, tokens.pharma, {
      quality: 'qes',
      legislation: 'zertes',
      signers: ['pia@example.org'],
      pdf,
    });
    /** a fresh Part 11 code, mailed to pia (her account has no mobile number; newest mail first) */
    const part11 = async () => {
      const sent = await call(`/v3/signature-requests/${id}/part11/code`, 'pia', {});
      expect(sent.statusCode, sent.body).toBe(200);
      const mail = (await accounts.mailsTo(t.app, 'pia@example.org')).find((m) =>
        m.subject.includes('Part 11'),
      );
      return { password: accounts.TEST_PASSWORD, code: /: (\d{6})\./.exec(mail?.text ?? '')?.[1] ?? '' };
    };
    // one Part 11 code per signature: the sign call that stops for the provider's code leaves it
    // unspent, and proceed (which signs) spends it
    const reauthentication = await part11();
    const first = await call('/v3/sign', 'pia', {
      consent: CONSENT,
      signature_requests: [{ signature_request_id: id, signing_reason: 'Approval' }],
      part11: reauthentication,
    });
    expect(first.json().code).toBe('signing.pwdotp_required');
    const pwdotp = { password: PASSWORD, otp: await codeFor('+41 79 888 88 88') };
    // proceed asks the same of a Part 11 signer as the sign call: no meaning, no signature
    const noMeaning = await call(`/v3/swisscom/proceed/${id}`, 'pia', {
      consent: CONSENT,
      pwdotp,
      part11: reauthentication,
    });
    expect(noMeaning.json().code).toBe('part11.meaning_required');
    const done = await call(`/v3/swisscom/proceed/${id}`, 'pia', {
      consent: CONSENT,
      pwdotp,
      signing_name: 'Dr. Pia Zertes',
      signing_reason: 'Approval',
      part11: reauthentication,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ request_status: 'completed' });
    const events = await t.app.inject({
      method: 'GET',
      url: `/v3/signature-requests/${id}/events`,
      headers: { authorization: `Bearer ${tokens.pharma}` },
    });
    const signed = (events.json().events as { type: string; data: { part11?: object } }[]).find(
      (e) => e.type === 'signed',
    );
    expect(signed?.data.part11).toMatchObject({ printed_name: 'Dr. Pia Zertes', meaning: 'Approval' });
    // the printed name and meaning stay pia's defaults, as after any Part 11 signature
    const user = await t.app.inject({
      method: 'GET',
      url: '/v1/user',
      headers: { authorization: `Bearer ${tokens.pia}` },
    });
    expect(user.json().attributes).toMatchObject({
      p11_signing_name: 'Dr. Pia Zertes',
      p11_signing_reason: 'Approval',
    });
  });
});
