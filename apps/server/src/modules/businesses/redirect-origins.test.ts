// The redirect origins a business registers for its own integration (ADR 064), over HTTP on
// SQLite and PostgreSQL: only its admins set them, each exactly https://host[:port] and kept in
// the browser's form; and a request's view names the origins of the business it is sent under
// (its owner's, at the time of reading), so business A's origins never reach business B's
// requests, an individual's, or those of a member who has left.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo, signUp } from '../../test-support/accounts.js';
import { businessWithMember } from '../../test-support/billing.js';
import { jsonCaller } from '../../test-support/business.js';
import { generatedPdf } from '../../test-support/pdfs.js';
import { sendRequest } from '../../test-support/requests.js';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';

describe.each(testDatabases())('redirect origins on %s', (kind) => {
  let t: TestApp;
  let alphaAdmin: string;
  let alphaMember: string;
  let betaAdmin: string;
  let solo: string;
  let signer: string;
  let alphaId: string;
  let betaId: string;

  const call = (...args: Parameters<ReturnType<typeof jsonCaller>>) => jsonCaller(t.app)(...args);
  const settingsUrl = (id: string) => `/v1/businesses/${id}/settings`;
  const setOrigins = (id: string, token: string | undefined, allowed_origins: unknown) =>
    call('PUT', settingsUrl(id), token, { redirects: { allowed_origins } });
  const originsOf = async (id: string) =>
    (await call('GET', settingsUrl(id), alphaAdmin)).json().settings.redirects.allowed_origins as string[];

  /** A request of `owner` to the signer with an account and to a person with only the link. */
  async function sendFrom(owner: string, title: string, linkHolder: string) {
    const { id } = await sendRequest(t.app, owner, await generatedPdf(1, title), [
      'signer@elsewhere.example',
      linkHolder,
    ]);
    const mail = (await mailsTo(t.app, linkHolder)).find((m) => m.text.includes(`/view/${id}/`));
    const token = /token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
    if (!token) throw new Error(`no link mailed to ${linkHolder}`);
    return { id, token };
  }

  /** What the signer with an account, and the link holder, are told of the request's origins. */
  async function originsShown(request: { id: string; token: string }) {
    const bySession = await call('GET', `/v3/signature-requests/${request.id}`, signer);
    const byLink = await call('GET', `/v3/direct/signature-requests/${request.id}?token=${request.token}`);
    expect([bySession.statusCode, byLink.statusCode]).toEqual([200, 200]);
    return { bySession: bySession.json().redirect_origins, byLink: byLink.json().redirect_origins };
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    const alpha = await businessWithMember(t.app, 'alpha');
    const beta = await businessWithMember(t.app, 'beta');
    [alphaAdmin, alphaMember, alphaId] = [alpha.admin, alpha.member, alpha.businessId];
    [betaAdmin, betaId] = [beta.admin, beta.businessId];
    solo = await signUp(t.app, 'solo@elsewhere.example', 'Solo');
    signer = await signUp(t.app, 'signer@elsewhere.example', 'Sig');
  });
  afterAll(async () => {
    await t.close();
  });

  it('starts with none, and an admin registers origins, kept in one form without repeats', async () => {
    expect(await originsOf(alphaId)).toEqual([]);
    const res = await setOrigins(alphaId, alphaAdmin, [
      'https://Shop.Alpha.example',
      ' https://pay.alpha.example:8443 ',
      'https://shop.alpha.example:443',
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const expected = ['https://shop.alpha.example', 'https://pay.alpha.example:8443'];
    expect(res.json().settings.redirects.allowed_origins).toEqual(expected);
    expect(await originsOf(alphaId)).toEqual(expected);
    // another setting changed later leaves the origins as they are
    await call('PUT', settingsUrl(alphaId), alphaAdmin, { user_pilot: { enabled: true } });
    expect(await originsOf(alphaId)).toEqual(expected);
  });

  it('refuses what is not exactly an origin and keeps the list as it was', async () => {
    const before = await originsOf(alphaId);
    for (const [index, value] of [
      [0, 'http://shop.alpha.example'],
      [0, 'https://shop.alpha.example/return'],
      [0, 'https://*.alpha.example'],
      [0, 'https://user@shop.alpha.example'],
      [0, 'shop.alpha.example'],
      [1, 'javascript:alert(1)'],
    ] as const) {
      const list = index === 0 ? [value] : ['https://ok.alpha.example', value];
      const res = await setOrigins(alphaId, alphaAdmin, list);
      expect([res.statusCode, res.json().code], value).toEqual([422, 'business.redirect_origin_invalid']);
      expect(res.json().errors).toEqual([
        { path: `body.redirects.allowed_origins.${index}`, message: 'not https://host[:port]' },
      ]);
    }
    const tooMany = Array.from({ length: 21 }, (_, i) => `https://s${i}.alpha.example`);
    for (const body of [tooMany, 'https://shop.alpha.example', [42], ['x'.repeat(301)]]) {
      const res = await setOrigins(alphaId, alphaAdmin, body);
      expect([res.statusCode, res.json().code]).toEqual([400, 'request.validation_failed']);
    }
    const unknownKey = await call('PUT', settingsUrl(alphaId), alphaAdmin, {
      redirects: { allowed_origins: [], wildcards: true },
    });
    expect(unknownKey.statusCode).toBe(400);
    expect(await originsOf(alphaId)).toEqual(before);
  });

  it("lets only the business's admins read and change them; another business's answer 404", async () => {
    const before = await originsOf(alphaId);
    const attempt = ['https://evil.example'];
    const member = await setOrigins(alphaId, alphaMember, attempt);
    expect([member.statusCode, member.json().code]).toEqual([403, 'business.forbidden']);
    for (const outsider of [betaAdmin, solo]) {
      const res = await setOrigins(alphaId, outsider, attempt);
      expect([res.statusCode, res.json().code]).toEqual([404, 'business.not_found']);
      const read = await call('GET', settingsUrl(alphaId), outsider);
      expect([read.statusCode, read.json().code]).toEqual([404, 'business.not_found']);
    }
    expect((await setOrigins(alphaId, undefined, attempt)).statusCode).toBe(401);
    expect(await originsOf(alphaId)).toEqual(before);
  });

  it("tells a request's signers the origins of its own business only, as they are now", async () => {
    await setOrigins(alphaId, alphaAdmin, ['https://shop.alpha.example']);
    await setOrigins(betaId, betaAdmin, ['https://shop.beta.example']);
    const ofAlpha = await sendFrom(alphaMember, 'Alpha order', 'link-a@elsewhere.example');
    const ofBeta = await sendFrom(betaAdmin, 'Beta order', 'link-b@elsewhere.example');
    const ofSolo = await sendFrom(solo, 'Solo order', 'link-s@elsewhere.example');

    const alpha = ['https://shop.alpha.example'];
    expect(await originsShown(ofAlpha)).toEqual({ bySession: alpha, byLink: alpha });
    const beta = ['https://shop.beta.example'];
    expect(await originsShown(ofBeta)).toEqual({ bySession: beta, byLink: beta });
    expect(await originsShown(ofSolo)).toEqual({ bySession: [], byLink: [] });
    // the owner sees the same as the signers
    const own = await call('GET', `/v3/signature-requests/${ofAlpha.id}`, alphaMember);
    expect(own.json().redirect_origins).toEqual(alpha);

    // read when viewed: a change of the setting shows at once
    await setOrigins(alphaId, alphaAdmin, ['https://new.alpha.example']);
    expect((await originsShown(ofAlpha)).byLink).toEqual(['https://new.alpha.example']);
    expect((await originsShown(ofBeta)).byLink).toEqual(beta);

    // a member who leaves takes their requests out of the business (ADR 035), and its origins too
    const memberId = (await call('GET', '/v1/user', alphaMember)).json().id as string;
    const removed = await call('POST', `/v1/businesses/${alphaId}/remove-members`, alphaAdmin, {
      user_ids: [memberId],
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await originsShown(ofAlpha)).toEqual({ bySession: [], byLink: [] });
  });
});
