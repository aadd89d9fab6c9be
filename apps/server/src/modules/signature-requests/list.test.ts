// The dashboard list on SQLite and PostgreSQL: who sees which requests (drafts stay private),
// filters (dates in either mode, several statuses), search, sort and paging, and that the list
// follows every change of a request. The clock moves one hour between the changes made in
// beforeAll, so every request has its own creation and update time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestClock, testDatabases, type TestApp } from '../../test-support/test-app.js';
import { signUp } from '../../test-support/accounts.js';
import { generatedPdf, multipart } from '../../test-support/pdfs.js';
import { CONSENT } from '../../test-support/consent.js';

describe.each(testDatabases())('request list on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const clock = createTestClock(new Date('2026-11-22T10:00:00Z'));
  const hour = (n: number) => new Date(Date.UTC(2026, 10, 22, 10 + n)).toISOString();

  const call = (method: 'GET' | 'POST', url: string, who: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      ...(payload !== undefined && { payload: payload as object }),
      headers: { authorization: `Bearer ${tokens[who]}` },
    });
  const list = async (who: string, query = '') =>
    (await call('GET', `/v3/signature-requests-redesign${query}`, who)).json();
  const titles = (page: { items: { title: string }[] }) => page.items.map((i) => i.title);

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
    for (const email of ['ann@example.org', 'ben@example.org', 'cid@example.org']) {
      tokens[email.slice(0, 3)] = await signUp(t.app, email, email.slice(0, 3));
    }
    const pdf = await generatedPdf(1, 'List');
    const create = async (who: string, title: string, signers: string[], observers: string[] = []) => {
      const body = multipart(
        { payload: JSON.stringify({ title, signatures: signers.map((email) => ({ email })), observers }) },
        [{ field: 'documents', name: 'l.pdf', bytes: pdf }],
      );
      const res = await t.app.inject({
        method: 'POST',
        url: '/v3/signature-requests',
        payload: body.payload,
        headers: { ...body.headers, authorization: `Bearer ${tokens[who]}` },
      });
      ids[title] = res.json().id;
      clock.advance(3_600_000);
    };
    await create('ann', 'Alpha lease', ['ben@example.org']);
    await create('ann', 'Bravo draft', ['ben@example.org']);
    await create('cid', 'Charlie offer', ['ann@example.org'], ['ben@example.org']);
    await create('ann', 'Delta private', ['zed@example.org']);
    // created at hours 0 to 3; Alpha sent at hour 4, Charlie at hour 5
    await call('POST', `/v3/signature-requests/${ids['Alpha lease']}/initiate`, 'ann');
    clock.advance(3_600_000);
    await call('POST', `/v3/signature-requests/${ids['Charlie offer']}/initiate`, 'cid');
    clock.advance(3_600_000);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows people what they sent and what was sent to them, never others’ drafts', async () => {
    expect(titles(await list('ann', '?sort_by=title&sort_order=asc'))).toEqual([
      'Alpha lease',
      'Bravo draft',
      'Charlie offer',
      'Delta private',
    ]);
    expect(titles(await list('ben', '?sort_by=title&sort_order=asc'))).toEqual([
      'Alpha lease',
      'Charlie offer',
    ]);
    expect((await list('ben')).total).toBe(2);
    expect(titles(await list('cid'))).toEqual(['Charlie offer']);
  });

  it('filters by sender, status and search, and pages', async () => {
    expect(titles(await list('ann', '?send_by=others'))).toEqual(['Charlie offer']);
    expect(titles(await list('ann', '?send_by=me&status=draft&sort_by=title&sort_order=asc'))).toEqual([
      'Bravo draft',
      'Delta private',
    ]);
    expect(titles(await list('ann', '?search=LEASE'))).toEqual(['Alpha lease']);
    expect(titles(await list('ann', '?search=zed@'))).toEqual(['Delta private']);
    expect(titles(await list('ann', '?search=100%25'))).toEqual([]);
    // signs alone are no words to search for: nothing matches, not everything
    expect(titles(await list('ann', '?search=%25'))).toEqual([]);
    expect(titles(await list('ann', '?search=_%20-'))).toEqual([]);
    expect((await list('ann', '?search=%20%20')).total).toBeGreaterThan(0);
    // word beginnings of the title and of every party's address, all words must match
    expect(titles(await list('ann', '?search=lea'))).toEqual(['Alpha lease']);
    expect(titles(await list('ann', '?search=ease'))).toEqual([]);
    expect(titles(await list('ann', '?search=BEN%20alp'))).toEqual(['Alpha lease']);
    expect(titles(await list('ann', '?search=ben%20delta'))).toEqual([]);
    expect(titles(await list('ann', '?search=ann&sort_by=title&sort_order=asc'))).toEqual([
      'Alpha lease',
      'Bravo draft',
      'Charlie offer',
      'Delta private',
    ]);
    expect(titles(await list('ben', '?search=cid@example.org'))).toEqual(['Charlie offer']);
    expect((await list('ben', '?search=delta')).total).toBe(0); // another's draft stays hidden
    const page = await list('ann', '?size=25&page=2');
    expect(page).toMatchObject({ page: 2, size: 25, total: 4, items: [] });
    const ben = await list('ben', '?sort_by=title&sort_order=asc');
    expect(ben.items[0]).toMatchObject({
      owner_email: 'ann@example.org',
      owner_name: 'ann Tester',
      sent_by_me: false,
      your_signature_status: 'pending',
      signers_total: 1,
      signers_signed: 0,
    });
  });

  it('filters by a date range, on the creation or the update time', async () => {
    const byTitle = '&sort_by=title&sort_order=asc';
    const range = (mode: string, from: string, to?: string) =>
      `?date_time_mode=${mode}&date_from=${from}${to ? `&date_to=${to}` : ''}${byTitle}`;
    expect(titles(await list('ann', range('created', hour(1), hour(3))))).toEqual([
      'Bravo draft',
      'Charlie offer',
      'Delta private',
    ]);
    expect(titles(await list('ann', range('created', hour(4))))).toEqual([]);
    expect(titles(await list('ann', range('updated', hour(4))))).toEqual(['Alpha lease', 'Charlie offer']);
    expect(titles(await list('ann', range('updated', hour(1), hour(3))))).toEqual([
      'Bravo draft',
      'Delta private',
    ]);
    // the update time is the default
    expect(titles(await list('ann', `?date_from=${hour(4)}${byTitle}`))).toEqual([
      'Alpha lease',
      'Charlie offer',
    ]);
  });

  it('filters by several statuses at once', async () => {
    const byTitle = '&sort_by=title&sort_order=asc';
    expect(titles(await list('ann', `?status=open&status=completed${byTitle}`))).toEqual([
      'Alpha lease',
      'Charlie offer',
    ]);
    expect(titles(await list('ann', `?status=draft&status=withdrawn${byTitle}`))).toEqual([
      'Bravo draft',
      'Delta private',
    ]);
    expect((await list('ann', '?status=draft&status=open')).total).toBe(4);
  });

  it.each([
    {
      sort: 'created_at',
      order: 'asc',
      expected: ['Alpha lease', 'Bravo draft', 'Charlie offer', 'Delta private'],
    },
    {
      sort: 'created_at',
      order: 'desc',
      expected: ['Delta private', 'Charlie offer', 'Bravo draft', 'Alpha lease'],
    },
    {
      sort: 'updated_at',
      order: 'asc',
      expected: ['Bravo draft', 'Delta private', 'Alpha lease', 'Charlie offer'],
    },
    {
      sort: 'updated_at',
      order: 'desc',
      expected: ['Charlie offer', 'Alpha lease', 'Delta private', 'Bravo draft'],
    },
  ])('sorts by $sort $order', async ({ sort, order, expected }) => {
    expect(titles(await list('ann', `?sort_by=${sort}&sort_order=${order}`))).toEqual(expected);
  });

  it('pages through more than one page of 25', async () => {
    tokens['dan'] = await signUp(t.app, 'dan@example.org', 'dan');
    const names = Array.from({ length: 30 }, (_, i) => `Page ${String(i + 1).padStart(2, '0')}`);
    for (const title of names) {
      const res = await call('POST', '/v3/signature-requests', 'dan', { title, signatures: [] });
      expect(res.statusCode, res.body).toBe(201);
    }
    const query = '?sort_by=title&sort_order=asc&size=25';
    const first = await list('dan', `${query}&page=1`);
    expect(first).toMatchObject({ page: 1, size: 25, total: 30 });
    expect(titles(first)).toEqual(names.slice(0, 25));
    const second = await list('dan', `${query}&page=2`);
    expect(second).toMatchObject({ page: 2, size: 25, total: 30 });
    expect(titles(second)).toEqual(names.slice(25));
  });

  it('follows changes: a withdrawn request moves to its new status for everyone', async () => {
    await call('POST', `/v3/signature-requests/${ids['Alpha lease']}/withdraw`, 'ann', { message: 'done' });
    expect(titles(await list('ben', '?status=withdrawn'))).toEqual(['Alpha lease']);
    expect(titles(await list('ben', '?status=open'))).toEqual(['Charlie offer']);
  });

  it('follows signatures: the update time moves for everyone, and the status with the last one', async () => {
    clock.advance(3_600_000);
    const signedAt = clock.now().toISOString();
    const signed = await call('POST', '/v3/sign', 'ann', {
      consent: CONSENT,
      signature_requests: [{ signature_request_id: ids['Charlie offer'] }],
    });
    expect(signed.json().results[0].request_status, signed.body).toBe('completed');
    for (const who of ['ann', 'ben', 'cid']) {
      expect(titles(await list(who, '?status=completed'))).toEqual(['Charlie offer']);
      expect(titles(await list(who, `?date_time_mode=updated&date_from=${signedAt}`))).toEqual([
        'Charlie offer',
      ]);
      // found by the words of before: title, sender's name, the people's addresses
      expect(titles(await list(who, '?search=charlie&status=completed'))).toEqual(['Charlie offer']);
      expect(titles(await list(who, '?search=ben@example.org&status=completed'))).toEqual(['Charlie offer']);
    }
  });

  it('refuses page sizes other than 25, 50 and 100', async () => {
    const res = await call('GET', '/v3/signature-requests-redesign?size=10', 'ann');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('request.validation_failed');
  });
});
