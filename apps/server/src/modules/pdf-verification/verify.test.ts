// The public verifier over HTTP on both databases, with files signed by the product itself: a good
// one, the same file with bytes changed after signing, one a second signer signed in an
// incremental update, and corpus files without signatures; refusals are catalogued codes.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  goodPdf,
  HOSTILE_FAMILIES,
  hostilePdf,
  seededRandom,
} from '@countersign/pdf/test-support/hostile-pdfs';
import { signUp } from '../../test-support/accounts.js';
import { corpusFile, generatedPdf, multipart } from '../../test-support/pdfs.js';
import { sendRequest, signAs } from '../../test-support/requests.js';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';

interface Verified {
  indication: string | null;
  sha256: string;
  size: number;
  trust_anchors: string[];
  signatures: {
    kind: string;
    signer: { common_name: string | null; email: string | null };
    level: string | null;
    has_long_term_validation: boolean;
    coverage: string;
    changes_after: string;
    chains_to_trust_anchor: boolean;
    certificate_chain: string[];
    indication: string;
    sub_indication: string | null;
    timestamp_time: string | null;
  }[];
}

/** The file with one byte in the middle of its first signed range changed. */
function tampered(bytes: Buffer): Buffer {
  const range = /\/ByteRange\s*\[\s*0\s+(\d+)/.exec(bytes.toString('latin1'));
  if (!range) throw new Error('no /ByteRange');
  const copy = Buffer.from(bytes);
  const at = Math.floor(Number(range[1]) / 2);
  copy[at] = copy[at] === 0x20 ? 0x0a : 0x20;
  return copy;
}

/** The file protected by a password (AES-256), by qpdf. */
function encrypted(bytes: Buffer): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verify-encrypted-'));
  try {
    fs.writeFileSync(path.join(dir, 'in.pdf'), bytes);
    execFileSync('qpdf', ['--encrypt', 'user', 'owner', '256', '--', 'in.pdf', 'out.pdf'], { cwd: dir });
    return fs.readFileSync(path.join(dir, 'out.pdf'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(testDatabases())('the public verifier on %s', (kind) => {
  let t: TestApp;
  let oneSigner: Buffer;
  let twoSigners: Buffer;
  const verify = (bytes: Buffer, ip = '203.0.113.7', query = '') => {
    const body = multipart({}, [{ field: 'file', name: 'file.pdf', bytes }]);
    return t.app.inject({ method: 'POST', url: `/v1/verify${query}`, remoteAddress: ip, ...body });
  };
  const download = async (token: string, documentId: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/v3/documents/${documentId}/download?signed=true`,
      headers: { authorization: `Bearer ${token}` },
    });
    return res.rawPayload;
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { VERIFICATIONS_PER_IP_HOUR: '40' } });
    const first = await signUp(t.app, 'first@example.org');
    const second = await signUp(t.app, 'second@example.org');
    const { id, documentId } = await sendRequest(t.app, first, await generatedPdf(1, 'Contract'), [
      'first@example.org',
      'second@example.org',
    ]);
    await signAs(t.app, first, id);
    oneSigner = await download(first, documentId);
    await signAs(t.app, second, id);
    twoSigners = await download(first, documentId);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reports a file signed here as passed, with signer, level, chain and anchor', async () => {
    const res = await verify(oneSigner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const report = res.json<Verified>();
    expect(report.indication).toBe('TOTAL_PASSED');
    expect(report.size).toBe(oneSigner.length);
    expect(report.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(report.trust_anchors[0]).toContain('CN=');
    const [signature] = report.signatures;
    expect(report.signatures).toHaveLength(1);
    expect(signature).toMatchObject({
      kind: 'signature',
      indication: 'TOTAL_PASSED',
      sub_indication: null,
      coverage: 'whole-file',
      changes_after: 'none',
      chains_to_trust_anchor: true,
      level: 'B-T',
      has_long_term_validation: false,
    });
    expect(signature?.signer.common_name).toBe('first@example.org');
    expect(signature?.certificate_chain.length).toBeGreaterThan(1);
    expect(signature?.timestamp_time).not.toBeNull();
  });

  it('fails a file whose signed bytes were changed after signing', async () => {
    const res = await verify(tampered(oneSigner));
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<Verified>();
    expect(report.indication).toBe('TOTAL_FAILED');
    expect(report.signatures[0]).toMatchObject({
      indication: 'TOTAL_FAILED',
      sub_indication: 'HASH_FAILURE',
    });
  });

  it('reports both signers of an incremental update, the first covering its revision only', async () => {
    const res = await verify(twoSigners);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<Verified>();
    expect(report.indication).toBe('TOTAL_PASSED');
    const signatures = report.signatures.filter((s) => s.kind === 'signature');
    expect(signatures.map((s) => s.signer.common_name)).toEqual(['first@example.org', 'second@example.org']);
    expect(signatures[0]).toMatchObject({ coverage: 'revision', changes_after: 'signature_fields' });
    // the last signer's signature is completed to B-LTA: the file keeps what long-term validation needs
    expect(signatures[1]).toMatchObject({ level: 'B-LTA', has_long_term_validation: true });
    expect(report.signatures.some((s) => s.kind === 'document-timestamp')).toBe(true);
  });

  it('judges the file as of the date asked, by the proofs its time-stamps carry', async () => {
    const year = new Date().getUTCFullYear();
    const inFive = await verify(twoSigners, '192.0.2.80', `?at=${year + 5}-06-01`);
    expect(inFive.statusCode, inFive.body).toBe(200);
    expect(inFive.json()).toMatchObject({
      indication: 'TOTAL_PASSED',
      validation_time: `${year + 5}-06-01T00:00:00.000Z`,
    });
    // eleven years on, the signer's and the time-stamp authority's certificates have expired and
    // no later time-stamp renewed the proof: the file says why it no longer validates
    const inEleven = await verify(twoSigners, '192.0.2.80', `?at=${year + 11}-06-01T12:00:00%2B02:00`);
    expect(inEleven.statusCode, inEleven.body).toBe(200);
    const report = inEleven.json<Verified & { validation_time: string }>();
    expect(report.validation_time).toBe(`${year + 11}-06-01T10:00:00.000Z`);
    expect(report.indication).toBe('INDETERMINATE');
    const stamp = report.signatures.find((s) => s.kind === 'document-timestamp') as
      (Verified['signatures'][number] & { problems: string[] }) | undefined;
    expect(stamp).toMatchObject({ indication: 'INDETERMINATE', sub_indication: 'OUT_OF_BOUNDS_NO_POE' });
    expect(stamp?.problems.join(' ')).toContain('no later time-stamp proves this one existed');
  });

  it('refuses an at that is not a date', async () => {
    for (const at of ['tomorrow', '2036-02-31', '2036-06-01T12:00:00']) {
      const res = await verify(oneSigner, '192.0.2.81', `?at=${at}`);
      expect(res.statusCode, `${at}: ${res.body}`).toBe(400);
      expect(res.json().code).toBe('request.validation_failed');
    }
  });

  it('answers a file without signatures with no indication and no signatures', async () => {
    for (const name of ['pdflatex-4-pages.pdf', 'libreoffice-form.pdf', 'GeoTopo-komprimiert.pdf']) {
      const res = await verify(corpusFile(name));
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      expect(res.json<Verified>()).toMatchObject({ indication: null, signatures: [] });
    }
  });

  it('refuses what is not a readable PDF with a catalogued code', async () => {
    const cases: [Buffer, string][] = [
      [Buffer.from('PK\u0003\u0004 a zip, not a PDF'), 'pdf.not_pdf'],
      [Buffer.alloc(0), 'pdf.not_pdf'],
      [oneSigner.subarray(0, 200), 'pdf.truncated'],
      [encrypted(goodPdf()), 'pdf.encrypted'],
    ];
    for (const [bytes, code] of cases) {
      const res = await verify(bytes);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().code).toBe(code);
    }
  });

  it('answers every family of hostile file with a report or a catalogued refusal, never a failure', async () => {
    for (const family of HOSTILE_FAMILIES) {
      const started = performance.now();
      const res = await verify(await hostilePdf(family, seededRandom(7), 160 * 1024 * 1024), '192.0.2.44');
      expect([200, 422], `${family}: ${res.body}`).toContain(res.statusCode);
      if (res.statusCode === 422) expect(res.json().code, family).toMatch(/^pdf\./);
      expect(performance.now() - started, family).toBeLessThan(20_000);
    }
  });

  it('asks for the file as multipart, under the name file', async () => {
    const raw = await t.app.inject({
      method: 'POST',
      url: '/v1/verify',
      headers: { 'content-type': 'application/pdf' },
      payload: oneSigner,
    });
    expect(raw.statusCode).toBe(415);
    const misnamed = multipart({}, [{ field: 'document', name: 'a.pdf', bytes: oneSigner }]);
    const res = await t.app.inject({ method: 'POST', url: '/v1/verify', ...misnamed });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('request.validation_failed');
  });

  it('limits each IP to its verifications an hour, and not the others', async () => {
    const ip = '198.51.100.9';
    for (let i = 0; i < 40; i++) expect((await verify(Buffer.from('%PDF-'), ip)).statusCode).not.toBe(429);
    const refused = await verify(oneSigner, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('rate_limit.exceeded');
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await verify(oneSigner, '198.51.100.10')).statusCode).toBe(200);
  });
});
