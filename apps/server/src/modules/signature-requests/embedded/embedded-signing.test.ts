// Embedded signing (ADR 088) on SQLite and PostgreSQL: the sender (an API user, or the person who
// sent) gets a short-lived address for one pending signer, only once the business has registered
// origins that may frame it; the token, kept only hashed, lets its holder sign that signer's
// signature and nothing after that or after its expiry; only its page may be framed, and only by
// those origins.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test-support/accounts.js';
import {
  createApiUser,
  createBusiness,
  jsonCaller,
  type TestApiUser,
} from '../../../test-support/business.js';
import { CONSENT } from '../../../test-support/consent.js';
import { generatedPdf } from '../../../test-support/pdfs.js';
import { sendRequest } from '../../../test-support/requests.js';
import {
  createTestApp,
  createTestClock,
  testDatabases,
  type TestApp,
} from '../../../test-support/test-app.js';

const MINUTE_MS = 60_000;

function frameAncestorsOf(header: unknown): string | undefined {
  return String(header)
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith('frame-ancestors '))
    ?.slice('frame-ancestors '.length);
}

describe.each(testDatabases())('embedded signing on %s', (kind) => {
  let t: TestApp;
  let webDist: string;
  const clock = createTestClock();
  let admin: string;
  let businessId: string;
  let api: TestApiUser;
  let stranger: string;
  const call = (...args: Parameters<ReturnType<typeof jsonCaller>>) => jsonCaller(t.app)(...args);
  const basic = (user: TestApiUser) => ({
    authorization: `Basic ${Buffer.from(`${user.username}:${user.secret}`).toString('base64')}`,
  });
  const embed = (id: string, signerId: string, body: object = {}, headers = basic(api)) =>
    t.app.inject({
      method: 'POST',
      url: `/v3/signature-requests/${id}/signatures/${signerId}/embedded-signing`,
      payload: body,
      headers,
    });
  const setOrigins = (origins: string[]) =>
    call('PUT', `/v1/businesses/${businessId}/settings`, admin, {
      embedded_signing: { allowed_origins: origins },
    });
  /** A request the API user sent to two link holders; its id and the signers' ids. */
  async function sent(title: string) {
    const pdf = await generatedPdf(1, title);
    const { id } = await sendRequest(t.app, basic(api), pdf, ['ana@example.org', 'ben@example.org'], title);
    const view = await t.app.inject({ url: `/v3/signature-requests/${id}`, headers: basic(api) });
    const signers = view.json().signatures as { id: string; email: string }[];
    return { id, signerIds: signers.map((s) => s.id) as [string, string] };
  }
  const tokenOf = (url: string) => new URL(url).searchParams.get('token') ?? '';

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'countersign-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Countersign</title>');
    t = await createTestApp(kind, { clock, env: { WEB_DIST_DIR: webDist } });
    admin = await signUp(t.app, 'admin@embedding.example', 'Ada');
    businessId = await createBusiness(t.app, admin, 'Embedding AG');
    api = await createApiUser(t.app, admin, businessId, 'shop');
    stranger = await signUp(t.app, 'someone@elsewhere.example', 'Oz');
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('keeps the framing origins in their one form and refuses what is not an origin', async () => {
    const refused = await setOrigins(['https://shop.example', 'http://shop.example']);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'business.embedding_origin_invalid',
      errors: [{ path: 'body.embedded_signing.allowed_origins.1' }],
    });
    const kept = await setOrigins(['https://Shop.Example:443', 'http://localhost:4000']);
    expect(kept.statusCode, kept.body).toBe(200);
    const settings = await call('GET', `/v1/businesses/${businessId}/settings`, admin);
    expect(settings.json().settings.embedded_signing).toEqual({
      allowed_origins: ['https://shop.example', 'http://localhost:4000'],
    });
  });

  it('answers an address only once origins are registered, for a pending signer of an open request', async () => {
    await setOrigins([]);
    const { id, signerIds } = await sent('No origins yet');
    expect((await embed(id, signerIds[0])).json().code).toBe('embedded_signing.no_origins');
    await setOrigins(['https://shop.example']);
    const made = await embed(id, signerIds[0], { lifetime_minutes: 5 });
    expect(made.statusCode, made.body).toBe(201);
    const link = made.json();
    expect(link.url).toMatch(new RegExp(`/embed/sign/${id}/${signerIds[0]}\\?token=[\\w-]{40,}$`));
    expect(link.allowed_origins).toEqual(['https://shop.example']);
    expect(Date.parse(link.expires_at) - clock.now().getTime()).toBe(5 * MINUTE_MS);
    expect((await embed(id, 'no-such-signer')).json().code).toBe('signer.not_found');
    expect((await embed(id, signerIds[0], { lifetime_minutes: 61 })).statusCode).toBe(400);
    // only the token's hash is kept
    const rows = await t.db.kysely.selectFrom('embedded_signing_tokens').selectAll().execute();
    expect(rows.map((row) => row.token_hash)).not.toContain(tokenOf(link.url));
  });

  it('records each address it issues in the request’s audit log, with who asked and for whom', async () => {
    await setOrigins(['https://shop.example']);
    const { id, signerIds } = await sent('Audited');
    const made = (await embed(id, signerIds[1], { lifetime_minutes: 10 })).json();
    const events = await t.app.inject({ url: `/v3/signature-requests/${id}/events`, headers: basic(api) });
    expect(events.statusCode, events.body).toBe(200);
    const body = events.json();
    const issued = body.events.filter((e: { type: string }) => e.type === 'embedded_signing_issued');
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({
      actor: { kind: 'api_user', id: api.username },
      data: { signer: 'ben@example.org', expires_at: made.expires_at },
    });
    // the token itself is never written to the log
    expect(events.body).not.toContain(tokenOf(made.url));
    expect(body.chain_valid).toBe(true);
    // a refused address leaves nothing behind
    await embed(id, 'no-such-signer');
    const again = await t.app.inject({ url: `/v3/signature-requests/${id}/events`, headers: basic(api) });
    expect(again.json().events).toHaveLength(body.events.length);
  });

  it('lets nobody but the sender ask: another tenant gets 404, a signer link 404', async () => {
    await setOrigins(['https://shop.example']);
    const { id, signerIds } = await sent('Only the sender');
    const foreign = await embed(id, signerIds[0], {}, { authorization: `Bearer ${stranger}` });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('signature_request.not_found');
    const other = await sent('Another');
    const token = tokenOf((await embed(other.id, other.signerIds[0])).json().url);
    // an embedded token is a link holder's, not a sender's
    const asLink = await t.app.inject({
      method: 'POST',
      url: `/v3/signature-requests/${id}/signatures/${signerIds[0]}/embedded-signing?token=${token}`,
      payload: {},
    });
    expect(asLink.statusCode).toBe(401);
  });

  it('signs that one signer’s signature and nothing more, until it expires', async () => {
    await setOrigins(['https://shop.example']);
    const { id, signerIds } = await sent('Sign in a frame');
    const token = tokenOf((await embed(id, signerIds[0])).json().url);
    const view = await call('GET', `/v3/direct/signature-requests/${id}?token=${token}`);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().you.allowed_actions).toContain('sign');
    const origins = await call('GET', `/v3/direct/embedded-signing?token=${token}`);
    expect(origins.json()).toEqual({ allowed_origins: ['https://shop.example'] });
    // an invitation link is no embedded token
    expect((await call('GET', `/v3/direct/embedded-signing?token=${'x'.repeat(43)}`)).statusCode).toBe(404);

    const signed = await call('POST', `/v3/direct/sign?token=${token}`, undefined, {
      consent: CONSENT,
      signature_requests: [{ signature_request_id: id }],
    });
    expect(signed.json().results[0], signed.body).toMatchObject({ ok: true });
    const status = await t.app.inject({ url: `/v3/signature-requests/${id}`, headers: basic(api) });
    const signers = status.json().signatures as { id: string; status: string }[];
    expect(signers.map((s) => s.status)).toEqual(['signed', 'pending']);
    // spent: the token no longer acts, and the other signer's signature was never its own
    expect((await call('GET', `/v3/direct/signature-requests/${id}?token=${token}`)).statusCode).toBe(404);
    expect((await embed(id, signerIds[0])).json().code).toBe('embedded_signing.signer_not_pending');

    const second = tokenOf((await embed(id, signerIds[1], { lifetime_minutes: 1 })).json().url);
    expect((await call('GET', `/v3/direct/link?token=${second}`)).statusCode).toBe(200);
    clock.advance(MINUTE_MS);
    expect((await call('GET', `/v3/direct/link?token=${second}`)).statusCode).toBe(404);
    // the page can still learn where to say `error`
    expect((await call('GET', `/v3/direct/embedded-signing?token=${second}`)).statusCode).toBe(200);
  });

  it('lets only the embedded page be framed, only by the business’s origins', async () => {
    await setOrigins(['https://shop.example', 'http://localhost:4000']);
    const { id, signerIds } = await sent('Framing');
    const token = tokenOf((await embed(id, signerIds[0])).json().url);
    const page = (url: string) => t.app.inject({ url, headers: { accept: 'text/html' } });

    const framed = await page(`/embed/sign/${id}/${signerIds[0]}?token=${token}`);
    expect(framed.statusCode).toBe(200);
    expect(frameAncestorsOf(framed.headers['content-security-policy'])).toBe(
      'https://shop.example http://localhost:4000',
    );
    expect(framed.headers['x-frame-options']).toBeUndefined();
    expect(String(framed.headers['content-security-policy'])).toContain("script-src 'self'");

    for (const url of [
      `/embed/sign/${id}/${signerIds[1]}?token=${token}`,
      `/embed/sign/${id}/${signerIds[0]}?token=${'y'.repeat(43)}`,
      `/embed/sign/${id}/${signerIds[0]}`,
      `/view/${id}/${signerIds[0]}?token=${token}`,
      '/dashboard',
    ]) {
      const other = await page(url);
      expect(frameAncestorsOf(other.headers['content-security-policy']), url).toBe("'none'");
      expect(other.headers['x-frame-options'], url).toBe('DENY');
    }
    // the business withdraws its origins: the page refuses framing from the next load
    await setOrigins([]);
    const withdrawn = await page(`/embed/sign/${id}/${signerIds[0]}?token=${token}`);
    expect(frameAncestorsOf(withdrawn.headers['content-security-policy'])).toBe("'none'");
  });
});
