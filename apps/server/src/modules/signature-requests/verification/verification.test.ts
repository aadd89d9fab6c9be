// TAN-confirmed link signatures and the verification service over HTTP, on SQLite and PostgreSQL:
// a request demanding TANs refuses its link signer until a right TAN (and again ten minutes
// later); api/resend|respond|cancel/{id} answer the signer of that signature only, refuse wrong,
// expired, replayed and cancelled secrets, and tell everyone else there is no such signature.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as accounts from '../../../test-support/accounts.js';
import { CONSENT } from '../../../test-support/consent.js';
import { createApiUser, createBusiness, jsonCaller } from '../../../test-support/business.js';
import { generatedPdf } from '../../../test-support/pdfs.js';
import {
  createTestApp,
  createTestClock,
  testDatabases,
  type TestApp,
} from '../../../test-support/test-app.js';

describe.each(testDatabases())('TAN-confirmed signing and the verification service on %s', (kind) => {
  let t: TestApp;
  const clock = createTestClock(new Date('2026-11-29T10:00:00Z'));
  let call: ReturnType<typeof jsonCaller>;
  let owner = '';
  let stranger = '';
  const businesses = { owner: '', stranger: '' };

  /** A sent request for the given signers; its id, its signatures' ids and each link's token. */
  async function sentRequest(emails: string[], options: { tanRequired?: boolean } = {}) {
    const created = await accounts.createRequestWithFiles(
      t.app,
      owner,
      {
        title: 'Lease',
        signatures: emails.map((email) => ({ email })),
        ...(options.tanRequired !== undefined && { tan_required: options.tanRequired }),
      },
      [{ name: 'lease.pdf', bytes: await generatedPdf(1, 'Lease') }],
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const sent = await call('POST', `/v3/signature-requests/${id}/initiate`, owner);
    expect(sent.statusCode, sent.body).toBe(200);
    const signatures = sent.json().signatures as { id: string; email: string }[];
    const tokens: string[] = [];
    for (const email of emails) {
      const mail = (await accounts.mailsTo(t.app, email)).find((m) => m.text.includes(`${id}/`));
      tokens.push(/token=([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '');
    }
    return { id, sigIds: signatures.map((s) => s.id), tokens, tanRequired: sent.json().tan_required };
  }
  const signByLink = (token: string, id: string) =>
    call('POST', `/v3/direct/sign?token=${token}`, undefined, {
      consent: CONSENT,
      signature_requests: [{ signature_request_id: id }],
    });
  /** the newest TAN mailed to the address (the sandbox lists the newest mail first) */
  const lastTanMail = async (to: string) =>
    (await accounts.mailsTo(t.app, to)).find((m) => /TAN: \d{6}/.test(m.text));
  const lastTan = async (to: string) => /TAN: (\d{6})/.exec((await lastTanMail(to))?.text ?? '')?.[1] ?? '';
  const wrongFor = (tan: string) => (tan === '123456' ? '654321' : '123456');
  const api = (
    verb: 'resend' | 'respond' | 'cancel',
    sigId: string,
    who: { token?: string; session?: string },
    body?: object,
  ) => call('POST', `/api/${verb}/${sigId}${who.token ? `?token=${who.token}` : ''}`, who.session, body);

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
    call = jsonCaller(t.app);
    owner = await accounts.signUp(t.app, 'owner@example.org', 'Olga');
    businesses.owner = await createBusiness(t.app, owner, 'Lab AG');
    stranger = await accounts.signUp(t.app, 'other@elsewhere.org', 'Otto');
    businesses.stranger = await createBusiness(t.app, stranger, 'Other GmbH');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a link signature without a passed TAN, and signs after one wrong try', async () => {
    const { id, tokens, tanRequired } = await sentRequest(['tenant@example.org'], { tanRequired: true });
    expect(tanRequired).toBe(true);
    const [token = ''] = tokens;
    const refused = await signByLink(token, id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('direct_tan.required');

    expect((await call('POST', `/v1/direct/tan/resend?token=${token}`, undefined, {})).statusCode).toBe(200);
    const tan = await lastTan('tenant@example.org');
    const wrong = await call('POST', `/v1/direct/tan/check?token=${token}`, undefined, {
      tan: wrongFor(tan),
    });
    expect(wrong.json().code).toBe('signing.tan_invalid');
    // a wrong TAN lets nobody sign
    expect((await signByLink(token, id)).json().code).toBe('direct_tan.required');
    const right = await call('POST', `/v1/direct/tan/check?token=${token}`, undefined, { tan });
    expect(right.json()).toEqual({
      verified: true,
      verified_at: clock.now().toISOString(),
      verified_until: new Date(clock.now().getTime() + 10 * 60_000).toISOString(),
    });
    const signed = await signByLink(token, id);
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().results[0].request_status).toBe('completed');
  });

  it('counts a passed TAN for ten minutes, and asks nothing of requests that do not demand it', async () => {
    const { id, sigIds, tokens } = await sentRequest(['late@example.org'], { tanRequired: true });
    const [sigId = ''] = sigIds;
    const [token = ''] = tokens;
    await api('resend', sigId, { token });
    expect(
      (await api('respond', sigId, { token }, { secret: await lastTan('late@example.org') })).statusCode,
    ).toBe(200);
    clock.advance(10 * 60_000 + 1);
    expect((await signByLink(token, id)).json().code).toBe('direct_tan.required');

    const plain = await sentRequest(['plain@example.org']);
    expect(plain.tanRequired).toBe(false);
    const signed = await signByLink(plain.tokens[0]!, plain.id);
    expect(signed.statusCode, signed.body).toBe(200);
  });

  it('verifies through api/resend and api/respond, and refuses a replayed or expired secret', async () => {
    const { id, sigIds, tokens } = await sentRequest(['api@example.org'], { tanRequired: true });
    const [sigId = ''] = sigIds;
    const [token = ''] = tokens;
    const sent = await api('resend', sigId, { token });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ channel: 'mail', sent_to: 'a***@example.org' });
    const mail = await lastTanMail('api@example.org');
    expect(mail?.text).toContain('Lab AG asks you to sign a document.');
    const secret = await lastTan('api@example.org');

    const wrong = await api('respond', sigId, { token }, { secret: wrongFor(secret) });
    expect([wrong.statusCode, wrong.json().code]).toEqual([403, 'signing.tan_invalid']);
    const right = await api('respond', sigId, { token }, { secret });
    expect(right.statusCode, right.body).toBe(200);
    const replay = await api('respond', sigId, { token }, { secret });
    expect([replay.statusCode, replay.json().code]).toEqual([409, 'direct_tan.missing']);
    expect((await signByLink(token, id)).statusCode).toBe(200);

    const other = await sentRequest(['slow@example.org'], { tanRequired: true });
    await api('resend', other.sigIds[0]!, { token: other.tokens[0]! });
    const late = await lastTan('slow@example.org');
    clock.advance(10 * 60_000 + 1);
    const expired = await api('respond', other.sigIds[0]!, { token: other.tokens[0]! }, { secret: late });
    expect([expired.statusCode, expired.json().code]).toEqual([410, 'signing.tan_expired']);
    // a signature already made cannot be verified again
    const done = await api('resend', sigId, { token });
    expect(done.statusCode).toBeGreaterThanOrEqual(400);
  });

  it('cancels: the waiting secret stops working, a passed one stops counting, a resend starts again', async () => {
    const { id, sigIds, tokens } = await sentRequest(['cancel@example.org'], { tanRequired: true });
    const [sigId = ''] = sigIds;
    const [token = ''] = tokens;
    await api('resend', sigId, { token });
    const secret = await lastTan('cancel@example.org');
    expect((await api('cancel', sigId, { token })).json()).toEqual({ cancelled: true });
    const afterCancel = await api('respond', sigId, { token }, { secret });
    expect([afterCancel.statusCode, afterCancel.json().code]).toEqual([409, 'verification.cancelled']);

    await api('resend', sigId, { token });
    expect(
      (await api('respond', sigId, { token }, { secret: await lastTan('cancel@example.org') })).statusCode,
    ).toBe(200);
    await api('cancel', sigId, { token });
    expect((await signByLink(token, id)).json().code).toBe('direct_tan.required');
  });

  it('answers the signed-in signer, and 404 to another signature’s link, another business and unknown ids', async () => {
    const signer = await accounts.signUp(t.app, 'member@example.org', 'Mia');
    const { sigIds, tokens } = await sentRequest(['member@example.org', 'guest2@example.org'], {
      tanRequired: true,
    });
    const [memberSig = '', guestSig = ''] = sigIds;
    const bySession = await api('resend', memberSig, { session: signer });
    expect(bySession.statusCode, bySession.body).toBe(200);
    const secret = await lastTan('member@example.org');

    const refusals = [
      await api('respond', memberSig, { token: tokens[1]! }, { secret }),
      await api('respond', memberSig, { session: stranger }, { secret }),
      await api('cancel', memberSig, { session: owner }),
      await api('resend', guestSig, { session: signer }),
      await api('respond', 'no-such-signature', { session: signer }, { secret }),
    ];
    expect(refusals.map((r) => [r.statusCode, r.json().code])).toEqual(
      Array(5).fill([404, 'signature_request.not_found']),
    );
    expect((await api('resend', memberSig, {})).statusCode).toBe(401);
    // none of the refused calls touched the signer's secret
    expect((await api('respond', memberSig, { session: signer }, { secret })).statusCode).toBe(200);
  });
  it('refuses API users alike for every id, so the refusal says nothing of which signatures exist', async () => {
    const { sigIds } = await sentRequest(['api-probe@example.org'], { tanRequired: true });
    const basic = (user: { username: string; secret: string }) =>
      `Basic ${Buffer.from(`${user.username}:${user.secret}`).toString('base64')}`;
    for (const [admin, businessId] of [
      [owner, businesses.owner],
      [stranger, businesses.stranger],
    ] as const) {
      const apiUser = await createApiUser(t.app, admin, businessId, 'Probe');
      for (const id of [sigIds[0]!, 'no-such-signature'])
        for (const verb of ['resend', 'respond', 'cancel'] as const) {
          const refused = await t.app.inject({
            method: 'POST',
            url: `/api/${verb}/${id}`,
            headers: { authorization: basic(apiUser) },
            payload: verb === 'respond' ? { secret: '123456' } : {},
          });
          expect([refused.statusCode, refused.json().code]).toEqual([403, 'api_user.forbidden']);
        }
    }
  });
});
