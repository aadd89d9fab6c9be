// What keeps a business's identity its own, over HTTP on SQLite and PostgreSQL: a logo that
// another business also uses stays each one's own, and a domain claim (ADR 042) that is never
// proved blocks nobody, expires after DOMAIN_CLAIM_DAYS, and gives way to the business that proves
// the domain, whose former holder's admins are told by mail. The proofs are published in the
// sandbox DNS zone, as a person would on /sandbox/dns.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, mailsTo, signUp } from '../../test-support/accounts.js';
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

  const DAY = 24 * 60 * 60 * 1000;
  const claim = (business: { id: string; token: string }, domain: string) =>
    call('POST', `/v1/businesses/${business.id}/domains`, business.token, { domain });
  const domainsOf = async (business: { id: string; token: string }) =>
    (await call('GET', `/v1/businesses/${business.id}`, business.token)).json().domains as {
      domain: string;
      verified: boolean;
      proof: { name: string; value: string };
    }[];
  /** A new session of a business's admin (sessions last 24 hours, and the tests move the clock by days). */
  const logInAgain = async (business: { id: string; token: string }, email: string) => {
    const res = await call('POST', '/v1/login', undefined, { email, password: TEST_PASSWORD });
    business.token = res.json().token as string;
  };
  /** Publishes a TXT record in the sandbox zone, as its page does. */
  const publish = (proof: { name: string; value: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/sandbox/dns',
      payload: new URLSearchParams(proof).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

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

  it('lets the owner of a domain claim and prove it while a squatter never proves theirs', async () => {
    const squatter = await newBusiness('Squat', 'admin@squat.example');
    const owner = await newBusiness('Acme', 'admin@acme.example');
    expect((await claim(squatter, 'acme.example')).json()).toMatchObject({ verified: false });

    const pending = await claim(owner, 'acme.example');
    expect(pending.statusCode, pending.body).toBe(200);
    expect(pending.json()).toMatchObject({ domain: 'acme.example', verified: false });
    expect((await publish(pending.json().proof)).statusCode).toBe(303);
    const proved = await claim(owner, 'acme.example');
    expect(proved.json()).toMatchObject({ domain: 'acme.example', verified: true });

    // the squatter's claim is gone, and they were never told anything of it
    expect(await domainsOf(squatter)).toEqual([]);
    expect(await mailsTo(t.app, 'admin@squat.example')).toHaveLength(1); // the sign-up's
    // people on the domain are offered the prover's business
    const newcomer = await signUp(t.app, 'newcomer@acme.example', 'New');
    expect((await call('GET', '/v1/user', newcomer)).json().business_invitation).toMatchObject({
      business_id: owner.id,
      via: 'domain',
    });
  });

  it('expires an unproved claim after DOMAIN_CLAIM_DAYS, and asking again starts it anew', async () => {
    const slow = await newBusiness('Slow', 'admin@slow.example');
    const first = (await claim(slow, 'slow.example')).json();
    clock.advance(7 * DAY - 60_000);
    await logInAgain(slow, 'admin@slow.example');
    expect((await domainsOf(slow)).map((d) => d.domain)).toEqual(['slow.example']);
    clock.advance(120_000);
    expect(await domainsOf(slow)).toEqual([]);
    // asked again: the same record to publish, and seven days more
    const again = (await claim(slow, 'slow.example')).json();
    expect(again.proof).toEqual(first.proof);
    expect(again.created_at).toBe(clock.now().toISOString());
    expect((await t.app.jobs.businessHousekeeping()).expiredDomainClaims).toBe(0);
    expect((await domainsOf(slow)).map((d) => d.domain)).toEqual(['slow.example']);

    clock.advance(7 * DAY + 60_000);
    await logInAgain(slow, 'admin@slow.example');
    expect((await t.app.jobs.businessHousekeeping()).expiredDomainClaims).toBe(1);
    const fresh = (await claim(slow, 'slow.example')).json();
    expect(fresh.proof.value).not.toBe(first.proof.value);
  });

  it('moves a proved domain to the business that proves it, and tells the former holder by mail', async () => {
    const former = await newBusiness('Former', 'admin@former.example');
    const buyer = await newBusiness('Buyer', 'admin@buyer.example');
    const held = (await claim(former, 'sold.example')).json();
    await publish(held.proof);
    expect((await claim(former, 'sold.example')).json().verified).toBe(true);

    // the domain changes hands, and its new owner publishes their own record
    const claimed = (await claim(buyer, 'sold.example')).json();
    expect(claimed.verified).toBe(false);
    expect((await domainsOf(former)).map((d) => d.verified)).toEqual([true]);
    await publish(claimed.proof);
    expect((await claim(buyer, 'sold.example')).json().verified).toBe(true);

    expect(await domainsOf(former)).toEqual([]);
    expect((await domainsOf(buyer)).map((d) => [d.domain, d.verified])).toEqual([['sold.example', true]]);
    const notice = (await mailsTo(t.app, 'admin@former.example')).find((m) =>
      m.subject.includes('sold.example'),
    );
    expect(notice?.subject).toBe('The domain sold.example was proved by another business');
    expect(notice?.text).toContain('“Former”');
    expect(notice?.text).toContain('/business/members/domains');
    // the former holder's own record, still published, does not win it back: its claim is gone
    const reclaimed = (await claim(former, 'sold.example')).json();
    expect(reclaimed).toMatchObject({ verified: false });
    expect(reclaimed.proof.value).not.toBe(held.proof.value);
  });
});
