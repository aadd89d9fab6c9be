// The sandbox DNS zone, the resolver outside production (ADR 042), on SQLite and PostgreSQL: a
// claim stays pending until its TXT record is published on /sandbox/dns, a wrong value proves
// nothing, the record proves the claim once published, and removing it is possible; bad records
// are refused on the page. The page answers only this machine, like every sandbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test-support/accounts.js';
import { jsonCaller } from '../../test-support/business.js';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';

describe.each(testDatabases())('the sandbox DNS zone on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let businessId: string;
  const call = (...args: Parameters<ReturnType<typeof jsonCaller>>) => jsonCaller(t.app)(...args);
  const claim = (domain: string) => call('POST', `/v1/businesses/${businessId}/domains`, admin, { domain });
  const form = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    });

  beforeAll(async () => {
    // no DNS_RESOLVER: outside production, the sandbox zone answers
    t = await createTestApp(kind);
    admin = await signUp(t.app, 'admin@zone.example', 'Ada');
    const created = await call('POST', '/v2/businesses', admin, {
      name: 'Zone',
      accept_gtc: true,
      accept_dpa: true,
    });
    businessId = created.json().id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('proves a claim once its record is published on the page, not before', async () => {
    const pending = (await claim('zone.example')).json();
    expect(pending).toMatchObject({ domain: 'zone.example', verified: false });
    const { name, value } = pending.proof as { name: string; value: string };
    expect(name).toBe('_countersign.zone.example');

    expect(
      (await form('/sandbox/dns', { name, value: 'countersign-domain-verification=wrong' })).statusCode,
    ).toBe(303);
    expect((await claim('zone.example')).json().verified).toBe(false);

    const published = await form('/sandbox/dns', { name: name.toUpperCase(), value });
    expect(published.statusCode).toBe(303);
    expect(published.headers.location).toBe('/sandbox/dns');
    const page = await t.app.inject({ url: '/sandbox/dns' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(value);
    expect((await claim('zone.example')).json().verified).toBe(true);
  });

  it('removes a record, after which it proves nothing more', async () => {
    const { proof } = (await claim('other-zone.example')).json() as {
      proof: { name: string; value: string };
    };
    await form('/sandbox/dns', proof);
    expect((await form('/sandbox/dns/remove', proof)).statusCode).toBe(303);
    expect((await t.app.inject({ url: '/sandbox/dns' })).body).not.toContain(proof.value);
    expect((await claim('other-zone.example')).json().verified).toBe(false);
  });

  it('refuses a record without a domain name or value, and keeps nothing', async () => {
    for (const fields of [
      { name: 'not a name', value: 'x' },
      { name: 'ok.example', value: '' },
      { name: 'ok.example', value: 'v'.repeat(256) },
      { value: 'x' },
    ]) {
      const refused = await form('/sandbox/dns', fields as Record<string, string>);
      expect(refused.statusCode, JSON.stringify(fields)).toBe(422);
      expect(refused.body).toContain('role="alert"');
    }
    expect((await t.app.inject({ url: '/sandbox/dns' })).body).not.toContain('ok.example');
  });

  it('answers only this machine', async () => {
    const outside = await t.app.inject({ url: '/sandbox/dns', remoteAddress: '192.0.2.7' });
    expect(outside.statusCode).toBe(403);
    const published = await t.app.inject({
      method: 'POST',
      url: '/sandbox/dns',
      remoteAddress: '192.0.2.7',
      payload: 'name=evil.example&value=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(published.statusCode).toBe(403);
  });
});
