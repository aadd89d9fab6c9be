// Bulk send over HTTP on SQLite and PostgreSQL (ADR 080): a CSV of 50 rows, two of them bad, is
// checked (each bad row with its error, nothing sent), then started; the worker sending it stops
// after making a row's request and before sending it, as a crash would, and another worker takes
// over once its lease runs out: the 48 good rows make 48 requests, each sent once, and the result
// file lists every row. Smaller CSVs show the other errors; another tenant gets 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestWithFiles, signUp } from '../../test-support/accounts.js';
import { jsonCaller } from '../../test-support/business.js';
import { testFailpoints } from '../../test-support/failpoints.js';
import { generatedPdf } from '../../test-support/pdfs.js';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';

const HEADER = 'Landlord email,Landlord name,Tenant email,Tenant name,Flat';

describe.each(testDatabases())('bulk send on %s', (kind) => {
  let t: TestApp;
  const points = testFailpoints();
  let owner: string;
  let stranger: string;
  let templateId: string;
  const call = (...args: Parameters<ReturnType<typeof jsonCaller>>) => jsonCaller(t.app)(...args);

  beforeAll(async () => {
    t = await createTestApp(kind, { failpoint: points.failpoint });
    owner = await signUp(t.app, 'owner@rent.example', 'Olga');
    stranger = await signUp(t.app, 'eve@other.example', 'Eve');
    const created = await createRequestWithFiles(
      t.app,
      owner,
      {
        title: 'Lease',
        signatures: [
          { email: 'landlord@placeholder.example', name: 'Landlord' },
          { email: 'tenant@placeholder.example', name: 'Tenant' },
        ],
      },
      [{ name: 'lease.pdf', bytes: await generatedPdf(1, 'Lease') }],
    );
    const body = created.json();
    const at = { documentId: body.documents[0].id, page: 1 };
    await call('PUT', `/v3/signature-requests/${body.id}/fields`, owner, {
      fields: [
        {
          id: 'flat-field',
          kind: 'text',
          label: 'Flat',
          signerId: body.signatures[1].id,
          ...at,
          x: 300,
          y: 300,
          width: 150,
          height: 20,
        },
      ],
    });
    templateId = (
      await call('POST', '/v3/templates', owner, { name: 'Lease', from_request_id: body.id })
    ).json().id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const preview = (csv: string, who = owner) =>
    call('POST', `/v3/templates/${templateId}/bulk-sends`, who, { csv });

  it('checks each row before anything is sent, and sends the good ones once each, across a crash', async () => {
    const lines = Array.from({ length: 50 }, (_, i) => {
      const n = i + 1;
      const tenant = n === 10 ? 'not-an-address' : n === 20 ? '' : `tenant${n}@rent.example`;
      return `landlord@rent.example,Lord,${tenant},Tenant ${n},${n}A`;
    });
    const checked = await preview([HEADER, ...lines].join('\n'));
    expect(checked.statusCode, checked.body).toBe(201);
    const bulk = checked.json();
    expect(bulk).toMatchObject({ status: 'previewed', total: 50, invalid: 2, pending: 48, sent: 0 });
    expect(bulk.columns).toEqual([
      'Landlord email',
      'Landlord name',
      'Tenant email',
      'Tenant name',
      'Flat',
      'title',
      'message',
    ]);
    expect(
      bulk.rows_with_errors.map((r: { row: number; errors: { code: string; column: string }[] }) => [
        r.row,
        r.errors[0],
      ]),
    ).toEqual([
      [10, expect.objectContaining({ code: 'bad_address', column: 'Tenant email' })],
      [20, expect.objectContaining({ code: 'missing_role', column: 'Tenant email' })],
    ]);
    // nothing is sent by checking
    expect((await call('GET', '/v3/signature-requests-redesign', owner)).json().items).toHaveLength(1);
    expect((await call('GET', `/v3/bulk-sends/${bulk.id}`, stranger)).json().code).toBe(
      'bulk_send.not_found',
    );

    const started = await call('POST', `/v3/bulk-sends/${bulk.id}/start`, owner);
    expect([started.statusCode, started.json().status]).toEqual([200, 'running']);
    const again = await call('POST', `/v3/bulk-sends/${bulk.id}/start`, owner);
    expect([again.statusCode, again.json().code]).toEqual([409, 'bulk_send.already_started']);

    // the first worker stops after making row 1's request, before sending it
    const held = points.hold('bulk_send.row_created');
    const first = t.app.jobs.bulkSends();
    await held.reached;
    // it is gone for good as far as anyone can tell: its lease runs out, another takes over
    await t.db.kysely.updateTable('bulk_sends').set({ claimed_until: '2000-01-01T00:00:00.000Z' }).execute();
    expect(await t.app.jobs.bulkSends()).toBe(1);
    held.release();
    await first;

    const done = (await call('GET', `/v3/bulk-sends/${bulk.id}`, owner)).json();
    expect(done).toMatchObject({
      status: 'finished',
      total: 50,
      invalid: 2,
      pending: 0,
      sent: 48,
      failed: 0,
    });
    const result = await t.app.inject({
      method: 'GET',
      url: `/v3/bulk-sends/${bulk.id}/result`,
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(result.headers['content-type']).toContain('text/csv');
    const rows = result.body
      .trim()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split(','));
    expect(rows).toHaveLength(50);
    expect(rows[9]![3]).toBe('invalid');
    const ids = rows.filter((r) => r[3] === 'sent').map((r) => r[4]!);
    expect(new Set(ids).size).toBe(48);
    // each request made once and sent once, the interrupted one too, with its row's values
    const first1 = (await call('GET', `/v3/signature-requests/${ids[0]}`, owner)).json();
    expect(first1.status).toBe('open');
    expect(first1.signatures.map((s: { email: string }) => s.email)).toEqual([
      'landlord@rent.example',
      'tenant1@rent.example',
    ]);
    expect(first1.fields[0].value).toBe('1A');
    const events = (await call('GET', `/v3/signature-requests/${ids[0]}/events`, owner)).json();
    expect((events.events ?? events).filter((e: { type: string }) => e.type === 'initiated')).toHaveLength(1);
    const list = (await call('GET', '/v3/signature-requests-redesign?size=100', owner)).json();
    expect(list.total ?? list.items.length).toBe(49);
  });

  it('names an unknown column, a row given twice and a bad check-box value', async () => {
    const csv = [
      `${HEADER},Colour`,
      'a@rent.example,,b@rent.example,,1,',
      'a@rent.example,,b@rent.example,,2,blue',
      'a@rent.example,,b@rent.example,,3,',
    ].join('\n');
    const bulk = (await preview(csv)).json();
    expect(
      bulk.rows_with_errors.map((r: { row: number; errors: { code: string }[] }) => [
        r.row,
        r.errors.map((e) => e.code),
      ]),
    ).toEqual([
      [2, ['unknown_column']],
      [3, ['duplicate']],
    ]);
    const empty = await preview('just a header');
    expect([empty.statusCode, empty.json().code]).toEqual([422, 'bulk_send.csv_invalid']);
    const foreign = await preview(csv, stranger);
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'template.not_found']);
  });
});
