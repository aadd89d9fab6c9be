// Signing threads (ADR 029): with SIGNING_THREADS set, signatures with our own keys are made and
// stored by worker threads, and the serving thread commits them. The documents come out exactly
// as from the serving thread: each signature valid for pdfsig, the earlier ones still valid after
// the later ones; an engine's refusal reaches the caller with its own code and leaves no blob.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { validatePdf } from '@countersign/pades';
import { addSignatureFields } from '@countersign/pdf';
import { signUp } from '../test-support/accounts.js';
import { openRequest, signedDocument } from '../test-support/identification.js';
import { generatedPdf } from '../test-support/pdfs.js';
import { createNssDb, runPdfsig } from '../test-support/pdfsig.js';
import { createTestApp, testDatabases, type TestApp } from '../test-support/test-app.js';
import { createDirectoryBlobStore } from '../storage/blob-store.js';
import { createSigningPool, type SigningPool } from './signing-pool.js';
import { CONSENT } from '../test-support/consent.js';

/** How many threads this process has, as Linux lists them. */
const threadCount = () => fs.readdirSync('/proc/self/task').length;

describe.each(testDatabases())('signing threads on %s', (kind) => {
  let t: TestApp;
  let nss: { dir: string; cleanup(): void };
  let root: Uint8Array;
  let before: number;
  beforeEach(async () => {
    before = process.platform === 'linux' ? threadCount() : 0;
    t = await createTestApp(kind, { env: { SIGNING_THREADS: '2' } });
    root = (await t.app.inject({ method: 'GET', url: '/trust/ca/root.cer' })).rawPayload;
    nss = createNssDb(root);
  });
  afterEach(async () => {
    await t.close();
    nss.cleanup();
  });

  it('make each signer’s signature, the first staying valid after the second', async () => {
    if (process.platform === 'linux') expect(threadCount()).toBeGreaterThanOrEqual(before + 2);
    const sender = await signUp(t.app, 'sender@example.org', 'Sara');
    const tokens = [
      await signUp(t.app, 'one@example.org', 'Una'),
      await signUp(t.app, 'two@example.org', 'Theo'),
    ];
    const id = await openRequest(t.app, sender, {
      quality: 'ses',
      legislation: 'eidas',
      signers: ['one@example.org', 'two@example.org'],
      pdf: await generatedPdf(2, 'Signed on a signing thread'),
    });
    for (const [i, token] of tokens.entries()) {
      const signed = await t.app.inject({
        method: 'POST',
        url: '/v3/sign',
        headers: { authorization: `Bearer ${token}` },
        payload: { consent: CONSENT, signature_requests: [{ signature_request_id: id }] },
      });
      expect(signed.statusCode, signed.body).toBe(200);
      expect(signed.json().results[0].request_status).toBe(i === 0 ? 'open' : 'completed');
    }
    const bytes = await signedDocument(t.app, sender, id);
    const judged = await runPdfsig(nss.dir, bytes);
    expect(judged.signatures, judged.output).toHaveLength(3); // two signers and the archive timestamp
    for (const s of judged.signatures.slice(0, 2))
      expect(s, judged.output).toMatchObject({ valid: true, trusted: true });
    expect(judged.output).toContain('Signer Certificate Common Name: one@example.org');
    expect(judged.output).toContain('Signer Certificate Common Name: two@example.org');
    const report = await validatePdf(bytes, { trustAnchors: [root] });
    const signatures = report.signatures.filter((s) => s.kind === 'signature');
    expect(signatures.map((s) => s.level)).toEqual(['B-LTA', 'B-LTA']);
    expect(report.signatures.every((s) => s.indication === 'TOTAL_PASSED')).toBe(true);
  });
});

/** A stored PDF with the field Signature-1, and a job signing the named fields of it (one document each). */
async function oneFieldJob(dataDir: string, fieldNames: string[]) {
  const blobs = createDirectoryBlobStore(path.join(dataDir, 'blobs'));
  const pdf = Buffer.from(addSignatureFields(await generatedPdf(1, 'One field'), [{ name: 'Signature-1' }]));
  const from = await blobs.put(pdf);
  const job = {
    subject: { quality: 'ses' as const, legislation: 'eidas' as const, email: 'one@example.org' },
    completeToLta: false,
    documents: fieldNames.map((fieldName, i) => ({
      id: `doc-${i + 1}`,
      fromSha256: from,
      options: { fieldName, level: 'B-T' as const },
    })),
  };
  const listBlobs = async () => {
    const names: string[] = [];
    for await (const b of blobs.list()) names.push(b.sha256);
    return names;
  };
  return { blobs, pdf, from, job, listBlobs };
}

describe.each(testDatabases())('a signing pool on %s', (kind) => {
  let t: TestApp;
  let pool: SigningPool;
  beforeEach(async () => {
    t = await createTestApp(kind);
    pool = createSigningPool(t.config, 1, { error: () => undefined });
  });
  afterEach(async () => {
    await pool.close();
    await t.close();
  });

  it('answers an engine’s refusal with its code and keeps nothing it stored', async () => {
    const { blobs, pdf, from, job, listBlobs } = await oneFieldJob(t.config.dataDir, [
      'Signature-1',
      'Missing',
    ]);
    await expect(pool.run(job)).rejects.toMatchObject({ code: 'pdf.field_not_found' });
    // the first document was signed and stored before the second failed: it is gone again
    expect(await listBlobs()).toEqual([from]);

    const [stored] = await pool.run({ ...job, documents: job.documents.slice(0, 1) });
    expect(stored).toMatchObject({ id: 'doc-1', from, revisionsAdded: 1 });
    const bytes = await blobs.get(stored!.to);
    expect(bytes.length).toBe(stored!.size);
    expect(bytes.subarray(0, pdf.length).equals(pdf)).toBe(true); // an incremental update
    expect(await blobs.baseOf(stored!.to)).toBe(from); // stored as what it appends (ADR 032)
  });
});

describe.each(testDatabases())('a signing job past its deadline on %s', (kind) => {
  it('stops its thread and answers pdf.limit.time, storing nothing', async () => {
    const t = await createTestApp(kind);
    const pool = createSigningPool({ ...t.config, signingTaskTimeoutMs: 1 }, 1, { error: () => undefined });
    try {
      pool.start();
      const { from, job, listBlobs } = await oneFieldJob(t.config.dataDir, ['Signature-1']);
      await expect(pool.run(job)).rejects.toMatchObject({ code: 'pdf.limit.time' });
      expect(await listBlobs()).toEqual([from]);
    } finally {
      await pool.close();
      await t.close();
    }
  });
});
