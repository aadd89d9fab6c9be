// Archive renewal over a real completed request on SQLite and PostgreSQL, with the app's clock
// moved years ahead (no sleeping): nothing is due while the document time-stamp's proof is far
// from its end; nine years on, a time-stamp authority that does not answer leaves the document as
// it was (logged, counted, tried again later); a document someone holds the lock of is left alone;
// once the authority answers, the document gets a new time-stamp from the next TSA key, the audit
// log says so, the owner downloads the renewed file, pdfsig (with and without OCSP) still finds the
// signature valid, and the file validates eleven years on where the unrenewed one does not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validatePdf } from '@countersign/pades';
import {
  createTestClock,
  createTestApp,
  testDatabases,
  type TestApp,
} from '../../../test-support/test-app.js';
import * as accounts from '../../../test-support/accounts.js';
import { testFailpoints } from '../../../test-support/failpoints.js';
import { generatedPdf } from '../../../test-support/pdfs.js';
import { createNssDb, runPdfsig, signerSignatures } from '../../../test-support/pdfsig.js';
import { sendRequest, signAs } from '../../../test-support/requests.js';
import { liveIncarnation } from '../../../test-support/incarnations.js';
import { withDocumentLocks } from '../locks.js';
import { readState } from './repo.js';

const DAY = 86_400_000;
const YEAR = 365 * DAY;

describe.each(testDatabases())('archive renewal on %s', (kind) => {
  let t: TestApp;
  const clock = createTestClock();
  const start = clock.now();
  const faults = testFailpoints();
  let owner: string;
  let requestId: string;
  let documentId: string;
  let completed: Uint8Array;
  let root: Uint8Array;

  const login = async (email: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/login',
      payload: { email, password: accounts.TEST_PASSWORD },
    });
    return res.json().token as string;
  };
  const download = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/v3/documents/${documentId}/download?signed=true`,
      headers: { authorization: `Bearer ${await login('owner@example.org')}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return new Uint8Array(res.rawPayload);
  };
  const state = () => readState(t.db.kysely, documentId);

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, failpoint: faults.failpoint });
    owner = await accounts.signUp(t.app, 'owner@example.org', 'Owner');
    const signer = await accounts.signUp(t.app, 'signer@example.org', 'Signer');
    ({ id: requestId, documentId } = await sendRequest(t.app, owner, await generatedPdf(1, 'Lease'), [
      'signer@example.org',
    ]));
    await signAs(t.app, signer, requestId);
    completed = await download();
    const anchor = await t.app.inject({ method: 'GET', url: '/api/trust/root.pem' });
    root = new Uint8Array(Buffer.from(anchor.body.replace(/-----[^-]+-----|\s/g, ''), 'base64'));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('enrols the completed document and leaves it alone while its proof is far from its end', async () => {
    expect(await t.app.jobs.renewArchives()).toEqual({ enrolled: 1, checked: 1, renewed: 0, failed: 0 });
    const enrolled = await state();
    const provenUntil = Date.parse(enrolled!.provenUntil!);
    expect(provenUntil).toBeGreaterThan(start.getTime() + 9.9 * YEAR);
    // the default margin is two years (ARCHIVE_RENEWAL_MARGIN_DAYS 730)
    expect(Date.parse(enrolled!.nextCheckAt!)).toBe(provenUntil - 730 * DAY);
    await t.restart();
    clock.advance(5 * YEAR);
    expect(await t.app.jobs.renewArchives()).toEqual({ enrolled: 0, checked: 0, renewed: 0, failed: 0 });
  });

  it('leaves the document as it was when the time-stamp authority does not answer, and says so', async () => {
    clock.advance(4 * YEAR); // nine years after signing: within two years of the proof's end
    faults.fail('archive.timestamp', () => new Error('the time-stamp authority did not answer'));
    expect(await t.app.jobs.renewArchives()).toMatchObject({ renewed: 0, failed: 1 });
    expect(Buffer.from(await download()).equals(Buffer.from(completed))).toBe(true);
    const failed = await state();
    expect(failed).toMatchObject({ attempts: 1, lastError: 'the time-stamp authority did not answer' });
    expect(Date.parse(failed!.nextCheckAt!)).toBe(clock.now().getTime() + 15 * 60_000);
    // not again before the retry is due
    expect(await t.app.jobs.renewArchives()).toMatchObject({ checked: 0, renewed: 0, failed: 0 });
  });

  it('leaves a document whose lock another live process holds for later', async () => {
    clock.advance(15 * 60_000);
    const other = await liveIncarnation(t.db.kysely);
    try {
      const report = await withDocumentLocks(t.db.kysely, other, [documentId], { ttlMs: 60_000 }, () =>
        t.app.jobs.renewArchives(),
      );
      expect(report).toMatchObject({ checked: 0, renewed: 0, failed: 0 });
    } finally {
      await other.stop();
    }
    expect(Buffer.from(await download()).equals(Buffer.from(completed))).toBe(true);
    // a lock is no failure: attempts stay as they were, the next look comes a quarter-hour later
    expect(await state()).toMatchObject({ attempts: 1 });
    expect(Date.parse((await state())!.nextCheckAt!)).toBe(clock.now().getTime() + 15 * 60_000);
  });

  it('renews once the authority answers: new time-stamp, audit event, download, pdfsig', async () => {
    clock.advance(15 * 60_000);
    expect(await t.app.jobs.renewArchives()).toMatchObject({ renewed: 1, failed: 0 });
    const renewed = await download();
    expect(Buffer.from(renewed.subarray(0, completed.length)).equals(Buffer.from(completed))).toBe(true);
    expect(renewed.length).toBeGreaterThan(completed.length);
    const after = await state();
    expect(after).toMatchObject({ attempts: 0, lastError: null, renewedAt: clock.now().toISOString() });
    expect(Date.parse(after!.provenUntil!)).toBeGreaterThan(clock.now().getTime() + 9 * YEAR);

    const events = await t.app.inject({
      method: 'GET',
      url: `/v3/signature-requests/${requestId}/events`,
      headers: { authorization: `Bearer ${await login('owner@example.org')}` },
    });
    expect(events.json().chain_valid).toBe(true);
    const renewal = (events.json().events as { type: string; data: Record<string, unknown> }[]).at(-1);
    expect(renewal).toMatchObject({ type: 'archive_renewed', data: { proven_until: after!.provenUntil } });

    // poppler still finds the signer's signature intact and trusted, offline and with OCSP allowed
    const nss = createNssDb(root);
    try {
      const offline = await runPdfsig(nss.dir, renewed);
      const signature = offline.signatures.find((s) => !s.fieldName.startsWith('doc-timestamp'));
      expect(signature, offline.output).toMatchObject({ valid: true, trusted: true, coversWhole: false });
    } finally {
      nss.cleanup();
    }
    expect(signerSignatures(renewed)).toEqual([{ commonName: expect.any(String), valid: true }]);

    // eleven years after signing, the renewed file holds and the unrenewed one has run out
    const eleven = new Date(start.getTime() + 11 * YEAR);
    expect(validatePdf(renewed, { trustAnchors: [root], at: eleven }).isValid).toBe(true);
    const unrenewed = validatePdf(completed, { trustAnchors: [root], at: eleven });
    expect(unrenewed.isValid).toBe(false);
    expect(unrenewed.signatures.at(-1)?.subIndication).toBe('OUT_OF_BOUNDS_NO_POE');
  });
});
