// Bulk send benchmark (ADR 080): a template with two roles, a text field filled per row and one
// PDF; a CSV of BENCH_BULK_ROWS rows (default 1,000) is checked, then sent by the background job
// in this process, and every row's request is made and sent (the send revision with both
// signature fields stored, each signer's invitation mail in the outbox). Prints the time to check,
// the time to send, rows per second and the CPU time, on SQLite and (with TEST_DATABASE_URL, as
// `bash bench/bulk-send.sh` sets) PostgreSQL. Target: 1,000 rows sent in under 60 s on 2 cores.
// Prints figures; not a test.
import { createRequestWithFiles, signUp } from '../apps/server/src/test-support/accounts.js';
import { generatedPdf } from '../apps/server/src/test-support/pdfs.js';
import { createTestApp, type TestDatabaseKind } from '../apps/server/src/test-support/test-app.js';

const ROWS = Number(process.env['BENCH_BULK_ROWS'] ?? 1_000);

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

async function run(kind: TestDatabaseKind) {
  const t = await createTestApp(kind);
  try {
    const owner = await signUp(t.app, 'owner@bench.example', 'Olga');
    const headers = { authorization: `Bearer ${owner}` };
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
      [{ name: 'lease.pdf', bytes: await generatedPdf(3, 'Lease') }],
    );
    const draft = created.json();
    const at = { documentId: draft.documents[0].id, page: 1 };
    const field = { id: 'flat-field', kind: 'text', label: 'Flat', x: 300, y: 300, width: 150, height: 20 };
    await t.app.inject({
      method: 'PUT',
      url: `/v3/signature-requests/${draft.id}/fields`,
      headers,
      payload: { fields: [{ ...field, ...at, signerId: draft.signatures[1].id }] },
    });
    const template = (
      await t.app.inject({
        method: 'POST',
        url: '/v3/templates',
        headers,
        payload: { name: 'Lease', from_request_id: draft.id },
      })
    ).json();
    const lines = ['Landlord email,Landlord name,Tenant email,Tenant name,Flat'];
    for (let i = 1; i <= ROWS; i++)
      lines.push(`landlord@bench.example,Lord,tenant${i}@bench.example,Tenant ${i},${i}A`);

    let wall = performance.now();
    const preview = await t.app.inject({
      method: 'POST',
      url: `/v3/templates/${template.id}/bulk-sends`,
      headers,
      payload: { csv: lines.join('\n') },
    });
    if (preview.statusCode !== 201) throw new Error(`preview: ${preview.body}`);
    const checkMs = performance.now() - wall;
    const bulk = preview.json();
    await t.app.inject({ method: 'POST', url: `/v3/bulk-sends/${bulk.id}/start`, headers });
    wall = performance.now();
    const cpu = cpuMs();
    await t.app.jobs.bulkSends();
    const sendMs = performance.now() - wall;
    const sendCpuMs = cpuMs() - cpu;
    const done = (await t.app.inject({ method: 'GET', url: `/v3/bulk-sends/${bulk.id}`, headers })).json();
    if (done.sent !== ROWS)
      throw new Error(`only ${done.sent} of ${ROWS} rows sent: ${JSON.stringify(done)}`);
    console.log(
      `${kind.padEnd(8)} ${ROWS} rows: checked in ${(checkMs / 1000).toFixed(2)} s, sent in ${(sendMs / 1000).toFixed(1)} s ` +
        `(${(ROWS / (sendMs / 1000)).toFixed(1)} rows/s, ${(sendMs / ROWS).toFixed(1)} ms a row, CPU ${(sendCpuMs / 1000).toFixed(1)} s)`,
    );
  } finally {
    await t.close();
  }
}

await run('sqlite');
if (process.env['TEST_DATABASE_URL']) await run('postgres');
