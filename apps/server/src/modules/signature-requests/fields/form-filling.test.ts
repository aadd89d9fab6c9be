// Form filling over HTTP on SQLite and PostgreSQL: three signers each fill a text, a date-signed
// and a check-box field in turn; each signature's revision carries only that signer's values, and
// our validator (through the protocol) and pdfsig find every signature valid. A required field
// left empty, or a field of someone else, is refused before anything is signed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestWithFiles, signUp } from '../../../test-support/accounts.js';
import { CONSENT } from '../../../test-support/consent.js';
import { generatedPdf } from '../../../test-support/pdfs.js';
import { createNssDb, runPdfsig } from '../../../test-support/pdfsig.js';
import { pdfText } from '../../../test-support/pdftotext.js';
import { createTestApp, testDatabases, type TestApp } from '../../../test-support/test-app.js';

const PEOPLE = ['ana', 'ben', 'cleo'] as const;

describe.each(testDatabases())('form filling on %s', (kind) => {
  let t: TestApp;
  let nss: { dir: string; cleanup(): void };
  const tokens: Record<string, string> = {};
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      ...(payload && { payload }),
      headers: { authorization: `Bearer ${tokens[who]}` },
    });

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const who of ['owner', ...PEOPLE]) tokens[who] = await signUp(t.app, `${who}@example.org`, who);
    nss = createNssDb((await t.app.inject({ method: 'GET', url: '/trust/ca/root.cer' })).rawPayload);
  });
  afterAll(async () => {
    nss?.cleanup();
    await t?.close();
  });

  /** A sent request where each person has a signature, text (required), date and check-box field. */
  async function sent() {
    const created = await createRequestWithFiles(
      t.app,
      tokens['owner']!,
      { title: 'Form', signatures: PEOPLE.map((p) => ({ email: `${p}@example.org` })) },
      [{ name: 'form.pdf', bytes: await generatedPdf(1, 'form') }],
    );
    const body = created.json();
    const doc = body.documents[0].id as string;
    const fields = PEOPLE.flatMap((p, i) => {
      const signerId = body.signatures[i].id as string;
      const y = 650 - i * 200;
      const at = { documentId: doc, signerId, page: 1 };
      return [
        { id: `sig-${p}-1`, kind: 'signature', ...at, x: 60, y: y - 90, width: 150, height: 70 },
        { id: `Text_${p}_1`, kind: 'text', label: 'Role', ...at, x: 60, y, width: 180, height: 20 },
        { id: `date-${p}-1`, kind: 'date_signed', ...at, x: 260, y, width: 100, height: 20 },
        { id: `Box_${p}_1`, kind: 'checkbox', required: false, ...at, x: 400, y, width: 16, height: 16 },
        // name and initials, filled from the signer's name without being sent
        { id: `name-${p}-1`, kind: 'name', ...at, x: 260, y: y - 40, width: 150, height: 20 },
        { id: `ini-${p}-1`, kind: 'initials', ...at, x: 420, y: y - 40, width: 60, height: 30 },
      ];
    });
    const saved = await call('PUT', `/v3/signature-requests/${body.id}/fields`, 'owner', { fields });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call('POST', `/v3/signature-requests/${body.id}/initiate`, 'owner')).statusCode).toBe(200);
    return { id: body.id as string, doc };
  }

  /** Signs with the values by field id (ids with capitals and underscores pass the wire untouched). */
  const sign = (who: string, id: string, values?: Record<string, string | boolean>) =>
    call('POST', '/v3/sign', who, {
      consent: CONSENT,
      signature_requests: [
        {
          signature_request_id: id,
          ...(values && {
            field_values: Object.entries(values).map(([field_id, value]) => ({ field_id, value })),
          }),
        },
      ],
    });

  it('refuses an empty required field and a field of someone else, and signs nothing', async () => {
    const { id } = await sent();
    const empty = await sign('ana', id, { Text_ana_1: '  ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().code).toBe('signing.fields_incomplete');
    const foreign = await sign('ana', id, { Text_ana_1: 'Tenant', Text_ben_1: 'Landlord' });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().code).toBe('signing.field_unknown');
    const wrongType = await sign('ana', id, { Text_ana_1: 'Tenant', Box_ana_1: 'yes' });
    expect(wrongType.json().code).toBe('signing.field_unknown');
    const twice = await call('POST', '/v3/sign', 'ana', {
      consent: CONSENT,
      signature_requests: [
        {
          signature_request_id: id,
          field_values: [
            { field_id: 'Text_ana_1', value: 'Tenant' },
            { field_id: 'Text_ana_1', value: 'Landlord' },
          ],
        },
      ],
    });
    expect(twice.json().code).toBe('signing.field_unknown');
    const statuses = (await call('GET', `/v3/signature-requests/${id}`, 'owner')).json().signatures;
    expect(statuses.map((s: { status: string }) => s.status)).toEqual(['pending', 'pending', 'pending']);
  });

  it('writes each signer’s values in their revision and keeps every signature valid', async () => {
    const { id, doc } = await sent();
    for (const [i, p] of PEOPLE.entries()) {
      const res = await sign(p, id, { [`Text_${p}_1`]: `Role of ${p}`, [`Box_${p}_1`]: i !== 1 });
      expect(res.statusCode, res.body).toBe(200);
    }
    const protocol = (await call('GET', `/v3/signature-requests/${id}/report?type=json`, 'owner')).json();
    const signatures = protocol.documents[0].signatures.filter(
      (s: { kind: string }) => s.kind === 'signature',
    );
    expect(signatures.map((s: { indication: string }) => s.indication)).toEqual([
      'TOTAL_PASSED',
      'TOTAL_PASSED',
      'TOTAL_PASSED',
    ]);
    expect(signatures.map((s: { changes_after: string }) => s.changes_after)).toEqual([
      'form_fields',
      'form_fields',
      // after the last signer only validation data and the document time-stamp follow
      'signature_fields',
    ]);
    // the protocol lists what each signer filled in
    expect(protocol.signers[1].filled_fields).toEqual([
      { field_id: 'Text_ben_1', kind: 'text', label: 'Role', value: 'Role of ben' },
      {
        field_id: 'date-ben-1',
        kind: 'date_signed',
        label: '',
        value: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      },
      { field_id: 'Box_ben_1', kind: 'checkbox', label: '', value: 'false' },
      // reading order: the initials box reaches higher up the page than the name
      { field_id: 'ini-ben-1', kind: 'initials', label: '', value: 'BT' },
      { field_id: 'name-ben-1', kind: 'name', label: '', value: 'ben Tester' },
    ]);
    expect(protocol.signers[1].name).toBe('ben Tester');
    // and the request's answer shows every signer the values the others filled in
    const shown = (await call('GET', `/v3/signature-requests/${id}`, 'owner')).json().fields;
    expect(
      Object.fromEntries(
        shown
          .filter((f: { id: string }) => ['Text_ben_1', 'Box_ben_1', 'name-ben-1'].includes(f.id))
          .map((f: { id: string; value: string | null }) => [f.id, f.value]),
      ),
    ).toEqual({ Text_ben_1: 'Role of ben', Box_ben_1: 'false', 'name-ben-1': 'ben Tester' });
    const printed = pdfText((await call('GET', `/v3/signature-requests/${id}/report`, 'owner')).rawPayload);
    expect(printed).toContain('Filled-in fields');
    expect(printed).toMatch(/Role\s+Role of cleo/);
    expect(printed).toMatch(/Check box\s+not ticked/);

    const signed = await call('GET', `/v3/documents/${doc}/download?signed=true`, 'owner');
    const judged = await runPdfsig(nss.dir, signed.rawPayload);
    // three signatures and the document time-stamp (which pdfsig lists but does not verify; our
    // validator did above): each signature valid and trusted, now and a week later
    expect(judged.signatures.length, judged.output).toBe(4);
    expect(
      judged.signatures.slice(0, 3).map((s) => [s.fieldName, s.valid && s.trusted]),
      judged.output,
    ).toEqual(
      protocol.documents[0].signatures.slice(0, 3).map((s: { field_name: string }) => [s.field_name, true]),
    );
    const text = signed.rawPayload.toString('latin1');
    expect(text).toContain('/V /Yes');
  });
});
