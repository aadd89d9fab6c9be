// The activity report's CSV file byte for byte on SQLite (written by the server, page by page)
// and on PostgreSQL (written by the database, COPY): the same quoting, formula guard and line
// ends. On PostgreSQL also the limit on exports at once, and that a download broken off gives
// its database connection back.
import { once } from 'node:events';
import http from 'node:http';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_CONNECTIONS } from '../../db/copy-out.js';
import { signUp } from '../../test-support/accounts.js';
import { jsonCaller } from '../../test-support/business.js';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';
import { insertActivities } from './repo.js';

const BOM = '\uFEFF';
const HEAD = 'at,email,name,method,legislation,outcome\r\n';

/** Names people could type, each with the cell the export must write for it. */
const NAMES: [name: string, cell: string][] = [
  ['Ada Lovelace', 'Ada Lovelace'],
  ['Lovelace, Ada', '"Lovelace, Ada"'],
  ['Ada "the Countess"', '"Ada ""the Countess"""'],
  ['two\nlines', '"two\nlines"'],
  ['cr\r\nlf', '"cr\r\nlf"'],
  ['=HYPERLINK("http://evil.example")', `"'=HYPERLINK(""http://evil.example"")"`],
  ['-1+2', "'-1+2"],
  ['@SUM(A1)', "'@SUM(A1)"],
  ['\t=1', "'\t=1"],
  ['Zoë Šimić 日本', 'Zoë Šimić 日本'],
  ['', ''],
];

describe.each(testDatabases())('the activity CSV on %s', (kind) => {
  let t: TestApp;
  let owner: string;
  let businessId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signUp(t.app, 'owner@export.example', 'Owner');
    businessId = (
      await jsonCaller(t.app)('POST', '/v2/businesses', owner, {
        name: 'Export',
        accept_gtc: true,
        accept_dpa: true,
      })
    ).json().id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('quotes, disarms and ends records the same way, whoever writes the file', async () => {
    await insertActivities(
      t.db.kysely,
      NAMES.map(([name], i) => ({
        id: `cell-${i}`,
        business_id: businessId,
        kind: 'identifications' as const,
        at: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString(),
        event: 'succeeded',
        email: `p${i}@export.example`,
        name,
        role: null,
        by_email: null,
        request_id: null,
        sender_email: null,
        quality: null,
        legislation: i % 2 ? 'zertes' : null,
        group_name: null,
        method: 'video',
      })),
    );
    const res = await t.app.inject({
      url: `/v2/businesses/${businessId}/activities/identifications/csv?sort=asc&start_date=2026-11-01`,
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const records = NAMES.map(
      ([, cell], i) =>
        `2026-11-01T00:${String(i).padStart(2, '0')}:00.000Z,p${i}@export.example,${cell},video,` +
        `${i % 2 ? 'zertes' : ''},succeeded\r\n`,
    );
    expect(res.rawPayload.toString('utf8')).toBe(BOM + HEAD + records.join(''));

    const none = await t.app.inject({
      url: `/v2/businesses/${businessId}/activities/identifications/csv?end_date=2026-01-01`,
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(none.rawPayload.toString('utf8')).toBe(BOM + HEAD);
  });
});

describe.runIf(testDatabases().includes('postgres'))('activity exports on PostgreSQL', () => {
  const ROWS = 200_000; // about 20 MB: more than sockets buffer, so a paused download holds its COPY
  let t: TestApp;
  let url: string;
  /** COPYs the database is running for exports now (one each, on connections of their own) */
  const copiesRunning = async () => {
    const { rows } = await sql<{ n: string }>`select count(*) as n from pg_stat_activity
      where state = 'active' and query like 'copy (select%'`.execute(t.db.kysely);
    return Number(rows[0]!.n);
  };
  let auth: { authorization: string };

  beforeAll(async () => {
    t = await createTestApp('postgres');
    const owner = await signUp(t.app, 'owner@many.example', 'Owner');
    auth = { authorization: `Bearer ${owner}` };
    const businessId = (
      await jsonCaller(t.app)('POST', '/v2/businesses', owner, {
        name: 'Many',
        accept_gtc: true,
        accept_dpa: true,
      })
    ).json().id;
    await sql`insert into business_activities (id, business_id, kind, at, event, email, name)
      select 'many-' || g, ${businessId}, 'signatures',
        to_char(timestamp '2026-01-01' + g * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'signed', 'signer' || g || '@many.example', 'Signer ' || g
      from generate_series(1, ${ROWS}::int) g`.execute(t.db.kysely);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `${address}/v2/businesses/${businessId}/activities/signatures/csv`;
  });
  afterAll(async () => {
    await t.close();
  });

  it('runs a few at once, refuses one more with Retry-After, and frees a broken-off one', async () => {
    // each download has begun and is left waiting with its first bytes read
    const held = await Promise.all(
      Array.from({ length: EXPORT_CONNECTIONS }, async () => {
        const request = http.get(url, { headers: auth, agent: false });
        const [response] = (await once(request, 'response')) as [http.IncomingMessage];
        expect(response.statusCode).toBe(200);
        response.pause();
        return request;
      }),
    );
    const refused = await fetch(url, { headers: auth });
    expect([refused.status, refused.headers.get('retry-after')]).toEqual([503, '30']);
    expect(await refused.json()).toMatchObject({ code: 'activity.export_busy', retry_after_seconds: 30 });
    expect(await copiesRunning()).toBe(EXPORT_CONNECTIONS);

    // the people close the tab: their connections go, and so do their COPYs
    for (const request of held) request.destroy();
    let whole: Response | undefined;
    for (let attempt = 0; attempt < 100 && !whole; attempt++) {
      const res = await fetch(url, { headers: auth });
      if (res.status === 200) whole = res;
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(whole?.status).toBe(200);
    const text = await whole!.text();
    expect(text.split('\r\n')).toHaveLength(ROWS + 2); // head, the rows, and the empty rest
    expect(text).toContain('\r\n2026-01-03T07:33:20.000Z,,signer200000@many.example,Signer 200000,,,,\r\n');
    expect(await copiesRunning()).toBe(0);
  });
});
