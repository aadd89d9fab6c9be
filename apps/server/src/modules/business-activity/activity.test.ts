// The activity report over HTTP on SQLite and PostgreSQL: people joining and changing role, the
// signatures made on the business's requests and by its people, each list filtered by dates and
// paged, the same rows as CSV (RFC 4180 with a byte order mark, formulas disarmed, streamed), the
// dashboard's figures, and who may read any of it (admins and the business's API users; another
// business, its API users too, gets 404).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test-support/accounts.js';
import { jsonCaller } from '../../test-support/business.js';
import { generatedPdf } from '../../test-support/pdfs.js';
import { sendRequest, signAs } from '../../test-support/requests.js';
import { insertActivities } from './repo.js';
import { createTestApp, createTestClock, testDatabases, type TestApp } from '../../test-support/test-app.js';

const HOUR = 60 * 60 * 1000;

describe.each(testDatabases())('the activity report on %s', (kind) => {
  let t: TestApp;
  const clock = createTestClock(new Date('2026-10-31T20:00:00Z'));
  let admin: string;
  let member: string;
  let outsider: string;
  let businessId: string;
  const call = (...args: Parameters<ReturnType<typeof jsonCaller>>) => jsonCaller(t.app)(...args);
  const activity = (list: string, query: string, token = admin) =>
    call('GET', `/v2/businesses/${businessId}/activities/${list}?${query}`, token);

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
    admin = await signUp(t.app, 'admin@report.example', 'Ada');
    member = await signUp(t.app, 'member@report.example', '=HYPERLINK("http://evil.example")');
    outsider = await signUp(t.app, 'outsider@elsewhere.example', 'Out');
    const created = await call('POST', '/v2/businesses', admin, {
      name: 'Report',
      accept_gtc: true,
      accept_dpa: true,
    });
    businessId = created.json().id;
    await call('POST', '/v2/businesses', outsider, { name: 'Elsewhere', accept_gtc: true, accept_dpa: true });
    await call('POST', `/v1/businesses/${businessId}/members`, admin, {
      users: [{ email: 'member@report.example' }],
    });
    clock.advance(60_000);
    await call('POST', '/v1/user/accept', member, { business_invite: true });

    // October 31: the member sends a request that an outsider signs
    const october = await sendRequest(t.app, member, await generatedPdf(1, 'October'), [
      'outsider@elsewhere.example',
    ]);
    await signAs(t.app, outsider, october.id);
    // November 1: the admin sends one the member signs, and one stays open (sessions last a day)
    clock.advance(6 * HOUR);
    const november = await sendRequest(t.app, admin, await generatedPdf(1, 'November'), [
      'member@report.example',
    ]);
    await signAs(t.app, member, november.id);
    await sendRequest(t.app, admin, await generatedPdf(1, 'Open'), ['member@report.example']);
    await call('POST', `/v1/businesses/${businessId}/change-to-admins`, admin, {
      user_ids: [(await call('GET', '/v1/user', member)).json().id],
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the people coming and changing role', async () => {
    const list = (await activity('accounts', 'sort=asc')).json();
    expect(list.items.map((i: { event: string; email: string }) => `${i.event} ${i.email}`)).toEqual([
      'invited member@report.example',
      'joined member@report.example',
      'role_changed member@report.example',
    ]);
    expect(list.items[2]).toMatchObject({ role: 'admin', by_email: 'admin@report.example' });
    // the role after each event: none yet while invited, a member on joining (never "no longer")
    expect(list.items.map((i: { role: string | null }) => i.role)).toEqual([null, 'member', 'admin']);
  });

  it('lists the signatures, newest first, filtered by dates', async () => {
    const all = (await activity('signatures', '')).json();
    expect(all.total).toBe(2);
    expect(all.items.map((i: { signer_email: string }) => i.signer_email)).toEqual([
      'member@report.example',
      'outsider@elsewhere.example',
    ]);
    expect(all.items[1]).toMatchObject({
      sender_email: 'member@report.example',
      quality: 'ses',
      legislation: 'eidas',
      group_name: null,
    });

    const october = (await activity('signatures', 'start_date=2026-10-01&end_date=2026-10-31')).json();
    expect(october.items.map((i: { signer_email: string }) => i.signer_email)).toEqual([
      'outsider@elsewhere.example',
    ]);
    const fromNovember = (await activity('signatures', 'start_date=2026-11-01T00:00:00Z')).json();
    expect(fromNovember.total).toBe(1);
    const paged = (await activity('signatures', 'size=25&page=2')).json();
    expect([paged.items.length, paged.total]).toEqual([0, 2]);
  });

  it('exports a list as CSV that spreadsheets open as UTF-8, formulas disarmed', async () => {
    const res = await call('GET', `/v2/businesses/${businessId}/activities/signatures/csv?sort=asc`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="?signatures-2026-11-01\.csv"?$/,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.rawPayload.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe(
      'at,request_id,signer_email,signer_name,quality,legislation,sender_email,group_name',
    );
    expect(lines[1]).toMatch(
      /^2026-10-31T20:01:00\.000Z,[\w-]+,outsider@elsewhere\.example,Out Tester,ses,eidas,member@report\.example,$/,
    );
    // the member's first name is a formula: quoted (it holds quotes) and prefixed with an apostrophe
    expect(lines[2]).toContain(`,"'=HYPERLINK(""http://evil.example"") Tester",`);
    expect(lines.slice(3)).toEqual(['']);

    const filtered = await call(
      'GET',
      `/v2/businesses/${businessId}/activities/signatures/csv?end_date=2026-10-31`,
      admin,
    );
    expect(filtered.body.split('\r\n').filter(Boolean)).toHaveLength(2);
  });

  it('exports every row once, in order, across keyset pages and ties in time', async () => {
    const owner = await signUp(t.app, 'pages@report.example', 'Page');
    const pagesId = (
      await call('POST', '/v2/businesses', owner, { name: 'Pages', accept_gtc: true, accept_dpa: true })
    ).json().id as string;
    // 2,345 identifications (more than two export pages), three to each millisecond so that
    // rows share a time and the page boundary falls inside such a tie
    const rows = Array.from({ length: 2345 }, (_, i) => ({
      id: `pages-${String(i).padStart(5, '0')}`,
      business_id: pagesId,
      kind: 'identifications' as const,
      at: new Date(Date.UTC(2026, 9, 1) + Math.floor(i / 3)).toISOString(),
      event: 'succeeded',
      email: `person${i}@pages.example`,
      name: `Person, ${i}`,
      role: null,
      by_email: null,
      request_id: null,
      sender_email: null,
      quality: null,
      legislation: 'eidas',
      group_name: null,
      method: 'video',
    }));
    for (let i = 0; i < rows.length; i += 50) await insertActivities(t.db.kysely, rows.slice(i, i + 50));
    for (const sort of ['asc', 'desc'] as const) {
      const res = await call(
        'GET',
        `/v2/businesses/${pagesId}/activities/identifications/csv?sort=${sort}`,
        owner,
      );
      const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
      const expected = rows.map((r) => `${r.at},${r.email},"${r.name}",video,eidas,succeeded`);
      expect(lines.slice(1, -1)).toEqual(sort === 'asc' ? expected : expected.reverse());
    }
  });

  it("gives the dashboard's figures", async () => {
    const stats = (await call('GET', `/v2/businesses/${businessId}/statistics?months=3`, admin)).json();
    expect(stats).toEqual({
      signatures_per_month: [
        { month: '2026-09', ses: 0, aes: 0, qes: 0 },
        { month: '2026-10', ses: 1, aes: 0, qes: 0 },
        { month: '2026-11', ses: 1, aes: 0, qes: 0 },
      ],
      requests: { open: 1, completed: 2 },
      members: 2,
      seats: { used: 2, source: 'members' },
    });
  });

  it('counts requests as they change state: a withdrawn one is no longer open', async () => {
    const open = (await call('GET', '/v3/signature-requests-redesign?status=open', admin)).json().items[0];
    expect(
      (await call('POST', `/v3/signature-requests/${open.id}/withdraw`, admin, { message: '' })).statusCode,
    ).toBe(200);
    const stats = (await call('GET', `/v2/businesses/${businessId}/statistics`, admin)).json();
    expect(stats.requests).toEqual({ open: 0, completed: 2 });
  });

  it('keeps AES for business, on only when complete and with verified domains', async () => {
    const url = `/v2/businesses/${businessId}/aes4biz`;
    expect((await call('GET', url, admin)).json().aes4biz).toEqual({
      enabled: false,
      representative_name: '',
      representative_email: '',
      commercial_register: '',
      domains: [],
    });
    const incomplete = await call('PUT', url, admin, { enabled: true, representative_name: 'Rita Rep' });
    expect([incomplete.statusCode, incomplete.json().code]).toEqual([422, 'business.aes4biz_incomplete']);
    const unverified = await call('PUT', url, admin, { domains: ['report.example'] });
    expect([unverified.statusCode, unverified.json().code]).toEqual([
      422,
      'business.aes4biz_domain_unverified',
    ]);
    const saved = await call('PUT', url, admin, {
      representative_name: 'Rita Rep',
      representative_email: 'Rita@Report.example',
      commercial_register: 'CHE-123.456.789',
    });
    expect(saved.json().aes4biz).toMatchObject({
      enabled: false,
      representative_email: 'rita@report.example',
    });
    expect((await call('GET', url, admin)).json().aes4biz.commercial_register).toBe('CHE-123.456.789');
    expect((await call('GET', url, outsider)).statusCode).toBe(404);
  });

  it('is for the admins of the business only', async () => {
    const stranger = await signUp(t.app, 'nobody@report.example', 'No');
    for (const url of [
      `/v2/businesses/${businessId}/activities/accounts`,
      `/v2/businesses/${businessId}/activities/signatures/csv`,
      `/v2/businesses/${businessId}/statistics`,
      `/v2/businesses/${businessId}/aes4biz`,
    ]) {
      expect((await call('GET', url, outsider)).json().code, url).toBe('business.not_found');
      expect((await call('GET', url, stranger)).statusCode, url).toBe(404);
      expect((await call('GET', url, undefined)).statusCode, url).toBe(401);
    }
    const bad = await activity('signatures', 'start_date=yesterday');
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'request.validation_failed']);
    const unknown = await call('GET', `/v2/businesses/${businessId}/activities/payments/csv`, admin);
    expect(unknown.statusCode).toBe(400);
  });

  it("is open to the business's API users with HTTP Basic, and to no other business's", async () => {
    const apiUserOf = async (token: string, business: string) => {
      const made = (await call('POST', `/v1/businesses/${business}/apis`, token, {})).json();
      const credentials = `${made.api_user.username}:${made.secret}`;
      return (url: string) =>
        t.app.inject({
          method: 'GET',
          url,
          headers: { authorization: `Basic ${Buffer.from(credentials).toString('base64')}` },
        });
    };
    const own = await apiUserOf(admin, businessId);
    const elsewhere = (await call('GET', '/v1/user', outsider)).json().business.id as string;
    const foreign = await apiUserOf(outsider, elsewhere);
    const base = `/v2/businesses/${businessId}`;
    for (const url of [
      `${base}/activities/accounts`,
      `${base}/activities/signatures?start_date=2026-10-01`,
      `${base}/activities/identifications`,
      `${base}/activities/accounts/csv`,
      `${base}/activities/signatures/csv?sort=asc`,
      `${base}/statistics?months=3`,
    ]) {
      const mine = await own(url);
      expect(mine.statusCode, url).toBe(200);
      // the API user reads what the admins read
      expect(mine.body, url).toBe((await call('GET', url, admin)).body);
      const theirs = await foreign(url);
      expect([theirs.statusCode, theirs.json().code], url).toEqual([404, 'business.not_found']);
    }
    expect((await own(`${base}/activities/signatures`)).json().total).toBe(2);
    // the rest of the business stays with its admins
    const settings = await own(`${base}/aes4biz`);
    expect([settings.statusCode, settings.json().code]).toEqual([403, 'api_user.forbidden']);
  });
});
