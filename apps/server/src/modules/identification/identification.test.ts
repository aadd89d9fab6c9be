// Identification over HTTP on SQLite and PostgreSQL, through the sandbox provider: start, open
// the provider's page, approve or reject with its form, the signed webhook moves the state and
// grants qualities; forged or late webhooks are refused; cancel; an identification names only a
// request its person takes part in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestClock, testDatabases, type TestApp } from '../../test-support/test-app.js';
import { signUp } from '../../test-support/accounts.js';
import { generatedPdf } from '../../test-support/pdfs.js';
import { sendRequest } from '../../test-support/requests.js';

describe.each(testDatabases())('identification on %s', (kind) => {
  let t: TestApp;
  const clock = createTestClock();
  const tokens: Record<string, string> = {};

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${tokens[who]}` },
      ...(payload && { payload }),
    });
  const form = (url: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  const pathOf = (url: string) => new URL(url).pathname;

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
    for (const who of ['ida', 'rita', 'zoe']) tokens[who] = await signUp(t.app, `${who}@example.org`, who);
  });
  afterAll(async () => t?.close());

  it('runs an eIDAS video identification to success and grants aes.any and qes.eidas', async () => {
    const started = await call('POST', '/v1/user/identification/srs/video', 'ida', {});
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json()).toMatchObject({
      provider: 'srs',
      method: 'video',
      legislation: 'eidas',
      status: 'initialized',
    });
    const url = started.json().url as string;
    expect(url).toMatch(/\/sandbox\/identification\//);

    const page = await t.app.inject({ method: 'GET', url: pathOf(url) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('name="given_name"');
    expect((await call('GET', '/v1/user/identification/srs/video', 'ida')).json()).toMatchObject({
      status: 'inprogress',
      progress: 'inprogress',
    });
    const detailDuring = (await call('GET', '/v3/user/signature-qualities-detail', 'ida')).json();
    expect(detailDuring.identification_ongoing).toBe(true);
    expect(detailDuring.highest_quality).toBe('ses');

    const done = await form(pathOf(url), {
      decision: 'approve',
      given_name: 'Ida',
      surname: 'Identified',
      country: 'DE',
      mobile: '+49 151 0000000',
    });
    expect(done.statusCode, done.body).toBe(200);
    const status = (await call('GET', '/v1/user/identification/srs/video', 'ida')).json();
    expect(status).toMatchObject({ status: 'success', progress: 'activatingQES', url: null });

    const detail = (await call('GET', '/v3/user/signature-qualities-detail', 'ida')).json();
    expect(detail.signature_qualities.aes.any).toEqual({ status: 'active' });
    expect(detail.signature_qualities.qes.eidas).toEqual({ status: 'active' });
    expect(detail.signature_qualities.qes.zertes).toEqual({});
    expect(detail.highest_quality).toBe('qes');
    expect(detail.identification_ongoing).toBe(false);
    // the user itself carries the qualities too (spec 3, User.signatureQualities)
    const user = (await call('GET', '/v1/user?v2=true', 'ida')).json();
    expect(user.signature_qualities.qes.eidas).toEqual({ status: 'active' });
    expect(user.signature_qualities.ses.any).toEqual({ status: 'active' });
    // the result is final: a second approval through the form changes nothing
    expect((await form(pathOf(url), { decision: 'reject' })).statusCode).toBe(200);
    expect((await call('GET', '/v1/user/identification/srs/video', 'ida')).json().status).toBe('success');
  });

  it('records a rejected ZertES identification as failure without qualities', async () => {
    const started = await call('POST', '/v1/user/identification/intrum/autoident', 'rita', {});
    expect(started.json().legislation).toBe('zertes');
    await form(pathOf(started.json().url), { decision: 'reject' });
    expect((await call('GET', '/v1/user/identification/intrum/autoident', 'rita')).json()).toMatchObject({
      status: 'failure',
      progress: 'failure',
    });
    const detail = (await call('GET', '/v3/user/signature-qualities-detail', 'rita')).json();
    expect(detail.highest_quality).toBe('ses');
    expect(detail.signature_qualities.qes.zertes).toEqual({});
  });

  it('refuses unknown method pairs and forged webhooks', async () => {
    expect((await call('POST', '/v1/user/identification/srs/autoident', 'zoe', {})).json().code).toBe(
      'identification.method_not_found',
    );
    expect((await call('GET', '/v1/user/identification/intrum/video', 'zoe')).statusCode).toBe(404);
    const started = (await call('POST', '/v1/user/identification/intrum/video', 'zoe', {})).json();
    const forged = Buffer.from(
      JSON.stringify({
        identificationId: started.id,
        event: 'approved',
        identity: { givenName: 'Zoe', surname: 'Forged', country: 'CH', mobile: '+41790000000' },
        sentAt: clock.now().getTime(),
      }),
    ).toString('base64url');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/v1/identification/webhooks/intrum',
      payload: { payload: forged, signature: '0'.repeat(64) },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('identification.callback_invalid');
    expect((await call('GET', '/v1/user/identification/intrum/video', 'zoe')).json().status).toBe(
      'initialized',
    );
  });

  it('cancels an open identification, after which its page is closed', async () => {
    const started = (await call('POST', '/v1/user/identification/intrum/video', 'zoe', {})).json();
    const cancelled = await call('DELETE', '/v1/user/identification/intrum/video', 'zoe');
    expect(cancelled.json()).toMatchObject({ id: started.id, status: 'cancelled', url: null });
    expect((await call('DELETE', '/v1/user/identification/intrum/video', 'zoe')).statusCode).toBe(409);
    const page = await t.app.inject({ method: 'GET', url: pathOf(started.url) });
    expect(page.body).toContain('This identification is cancelled');
    expect(
      (await call('GET', '/v3/user/signature-qualities-detail', 'zoe')).json().identification_ongoing,
    ).toBe(false);
  });

  it("starts one for a request the person takes part in, and 404 for someone else's", async () => {
    const sent = await sendRequest(t.app, tokens['rita']!, await generatedPdf(1, 'Ident'), [
      'zoe@example.org',
    ]);
    const forZoe = await call('POST', '/v1/user/identification/srs/robo', 'zoe', {
      signature_request_id: sent.id,
    });
    expect(forZoe.statusCode, forZoe.body).toBe(201);
    const byStranger = await call('POST', '/v1/user/identification/srs/robo', 'ida', {
      signature_request_id: sent.id,
    });
    expect([byStranger.statusCode, byStranger.json().code]).toEqual([404, 'signature_request.not_found']);
    expect((await call('GET', '/v1/user/identification/srs/robo', 'ida')).statusCode).toBe(404);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v3/user/signature-qualities-detail' });
    expect(res.statusCode).toBe(401);
  });
});
