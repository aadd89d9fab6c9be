// The sandbox QTSP across a restart, on SQLite and PostgreSQL: its credentials are kept in the
// database with their keys encrypted, so the server built again on the same database seals with
// the key and certificate a qualified seal was created with, not a new one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSignatures } from '@countersign/pdf';
import { signUp } from '../../test-support/accounts.js';
import { jsonCaller, verifyOrganisation } from '../../test-support/business.js';
import { CONSENT } from '../../test-support/consent.js';
import { generatedPdf } from '../../test-support/pdfs.js';
import { signerSignatures } from '../../test-support/pdfsig.js';
import { sendRequest } from '../../test-support/requests.js';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';

describe.each(testDatabases())('the sandbox QTSP across a restart on %s', (kind) => {
  let t: TestApp;
  const call = (...args: Parameters<ReturnType<typeof jsonCaller>>) => jsonCaller(t.app)(...args);
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('seals with the key the qualified seal was created with once the app is built again', async () => {
    const admin = await signUp(t.app, 'admin@kept.example', 'Ada');
    const business = await call('POST', '/v2/businesses', admin, {
      name: 'Kept Seals AG',
      country: 'CH',
      accept_gtc: true,
      accept_dpa: true,
    });
    await verifyOrganisation(t, business.json().id, admin);
    const seals = `/v1/businesses/${business.json().id}/seals`;
    const created = await call('POST', seals, admin, { name: 'contracts', label: 'Kept', quality: 'qes' });
    expect(created.statusCode, created.body).toBe(201);
    const adminId = (await call('GET', '/v1/user', admin)).json().id;
    await call('POST', `${seals}/contracts/members`, admin, { members: [adminId] });
    const row = await t.db.kysely.selectFrom('seals').select('certificate').executeTakeFirstOrThrow();
    const sealCertificate = Buffer.from(row.certificate, 'base64');
    // the credential's key is in the database only as the trust services encrypted it
    const kept = await t.db.kysely.selectFrom('sandbox_csc_credentials').selectAll().execute();
    expect(kept.map((k) => [k.user_id, k.auth_mode])).toEqual([
      [expect.stringMatching(/^seal:/), 'implicit'],
    ]);
    expect(kept[0]!.sealed_key).not.toMatch(/PRIVATE KEY|^MII/);

    await t.restart();
    const { id, documentId } = await sendRequest(t.app, admin, await generatedPdf(1, 'Kept'), [
      'admin@kept.example',
    ]);
    const sealed = await t.app.inject({
      method: 'POST',
      url: '/v3/sign',
      headers: { authorization: `Bearer ${admin}` },
      payload: {
        consent: CONSENT,
        signature_requests: [{ signature_request_id: id }],
        seal_account_name: 'contracts',
      },
    });
    expect(sealed.json().results?.[0], sealed.body).toMatchObject({ ok: true });
    const download = await t.app.inject({
      method: 'GET',
      url: `/v3/documents/${documentId}/download?signed=true`,
      headers: { authorization: `Bearer ${admin}` },
    });
    const [signature] = readSignatures(download.rawPayload).filter((s) => s.kind === 'signature');
    expect(Buffer.from(signature!.contents).includes(sealCertificate)).toBe(true);
    expect(signerSignatures(download.rawPayload)).toEqual([{ commonName: 'Kept', valid: true }]);
    expect(await t.db.kysely.selectFrom('sandbox_csc_credentials').selectAll().execute()).toHaveLength(1);
  });
});
