// The dashboard list on SQLite and PostgreSQL: who sees which requests (drafts stay private),
// filters, search, sort and paging, and that the list follows every change of a request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';
import { signUp } from '../../test-support/accounts.js';
import { generatedPdf, multipart } from '../../test-support/pdfs.js';

describe.each(testDatabases())('request list on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};

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
    t = await createTestApp(kind);
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
    };
    await create('ann', 'Alpha lease', ['ben@example.org']);
    await create('ann', 'Bravo draft', ['ben@example.org']);
    await create('cid', 'Charlie offer', ['ann@example.org'], ['ben@example.org']);
    await create('ann', 'Delta private', ['zed@example.org']);
    await call('POST', `/v3/signature-requests/${ids['Alpha lease']}/initiate`, 'ann');
    await call('POST', `/v3/signature-requests/${ids['Charlie offer']}/initiate`, 'cid');
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
      sent_by_me: false,
      your_signature_status: 'pending',
      signers_total: 1,
      signers_signed: 0,
    });
  });

  it('follows changes: a withdrawn request moves to its new status for everyone', async () => {
    await call('POST', `/v3/signature-requests/${ids['Alpha lease']}/withdraw`, 'ann', { message: 'done' });
    expect(titles(await list('ben', '?status=withdrawn'))).toEqual(['Alpha lease']);
    expect(titles(await list('ben', '?status=open'))).toEqual(['Charlie offer']);
  });

  it('refuses page sizes other than 25, 50 and 100', async () => {
    const res = await call('GET', '/v3/signature-requests-redesign?size=10', 'ann');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('request.validation_failed');
  });
});
