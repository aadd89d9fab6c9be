import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { appendDss, readDss } from './dss.js';
import { inspectPdf } from './inspect.js';
import { countAppendedRevisions } from './xref.js';
import { checkWithQpdf, readCorpus, runQpdf } from './test-helpers.js';

describe('appendDss and readDss', () => {
  const certificate = randomBytes(700);
  const ocsp = randomBytes(300);
  const crl = randomBytes(500);

  it('adds validation data in one revision and reads it back', () => {
    const original = readCorpus('002-trivial-libre-office-writer.pdf');
    expect(readDss(original)).toEqual({ certificates: [], ocspResponses: [], crls: [] });
    const withDss = appendDss(original, { certificates: [certificate], ocspResponses: [ocsp], crls: [crl] });
    expect(Buffer.from(withDss.subarray(0, original.length)).equals(original)).toBe(true);
    expect(inspectPdf(withDss).revisionCount).toBe(2);
    const data = readDss(withDss);
    expect(data.certificates.map((item) => Buffer.from(item))).toEqual([certificate]);
    expect(data.ocspResponses.map((item) => Buffer.from(item))).toEqual([ocsp]);
    expect(data.crls.map((item) => Buffer.from(item))).toEqual([crl]);
    expect(checkWithQpdf(withDss)).toMatchObject({ ok: true });
  });

  it('deduplicates against the file and within the input', () => {
    const original = runQpdf(['--object-streams=generate'], readCorpus('minimal-document.pdf'));
    const once = appendDss(original, {
      certificates: [certificate, certificate],
      ocspResponses: [],
      crls: [],
    });
    expect(readDss(once).certificates).toHaveLength(1);
    expect(appendDss(once, { certificates: [certificate], ocspResponses: [], crls: [] })).toBe(once);
    const other = randomBytes(64);
    const twice = appendDss(once, { certificates: [certificate, other], ocspResponses: [ocsp], crls: [] });
    const data = readDss(twice);
    expect(data.certificates.map((item) => Buffer.from(item))).toEqual([certificate, other]);
    expect(data.ocspResponses).toHaveLength(1);
    expect(inspectPdf(twice).revisionCount).toBe(3);
    expect(checkWithQpdf(twice)).toMatchObject({ ok: true });
    // what was appended to which file, counted from the newer one's cross-reference chain
    expect(countAppendedRevisions(twice, once.length)).toBe(1);
    expect(countAppendedRevisions(twice, original.length)).toBe(2);
    expect(countAppendedRevisions(once, once.length)).toBe(0);
  });
});
