// CORPUS_DIR has one meaning in every package (the corpus folder, holding real-world-pdfs/), and
// a corpus that is not there is an error rather than an empty list that a proof passes over.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readCorpusPdf, realWorldPdfDir } from '@countersign/pdf/test-corpus';
import { listCorpus } from './corpus.js';

describe('the real-world corpus', () => {
  let scratch: string;
  beforeEach(() => {
    scratch = mkdtempSync(join(tmpdir(), 'countersign-corpus-'));
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('is found at CORPUS_DIR/real-world-pdfs, by the PDF tests and the signing proofs alike', () => {
    const pdfs = join(scratch, 'real-world-pdfs');
    mkdirSync(pdfs);
    writeFileSync(join(pdfs, 'files.json'), JSON.stringify({ data: [{ path: 'b.pdf', encrypted: true }] }));
    writeFileSync(join(pdfs, 'a.pdf'), '%PDF-1.7 a');
    writeFileSync(join(pdfs, 'b.pdf'), '%PDF-1.7 b');
    vi.stubEnv('CORPUS_DIR', scratch);

    expect(realWorldPdfDir()).toBe(pdfs);
    expect(readCorpusPdf('a.pdf').toString()).toBe('%PDF-1.7 a');
    expect(listCorpus().map(({ name, isEncrypted }) => ({ name, isEncrypted }))).toEqual([
      { name: 'a.pdf', isEncrypted: false },
      { name: 'b.pdf', isEncrypted: true },
    ]);
  });

  it('is the copy kept in the repository when CORPUS_DIR is not set, so a fresh clone has it', () => {
    vi.stubEnv('CORPUS_DIR', undefined);
    expect(realWorldPdfDir()).toBe(
      join(fileURLToPath(new URL('../../../../', import.meta.url)), 'test-fixtures/corpus/real-world-pdfs'),
    );
    const corpus = listCorpus();
    expect(corpus.length).toBeGreaterThan(30);
    expect(corpus.filter((file) => file.isEncrypted).map((file) => file.name)).toEqual([
      'libreoffice-writer-password.pdf',
    ]);
  });

  it('fails loudly when missing, naming CORPUS_DIR, instead of proving things over no files', () => {
    vi.stubEnv('CORPUS_DIR', join(scratch, 'nowhere'));
    expect(() => listCorpus()).toThrow(/corpus is missing.*CORPUS_DIR/);
    expect(() => readCorpusPdf('a.pdf')).toThrow(/corpus is missing/);
  });

  it('says so when CORPUS_DIR names the real-world-pdfs folder instead of the corpus', () => {
    writeFileSync(join(scratch, 'files.json'), '{"data":[]}');
    vi.stubEnv('CORPUS_DIR', scratch);
    expect(() => realWorldPdfDir()).toThrow(/looks like the real-world-pdfs folder itself/);
  });

  it('refuses a file the corpus does not have', () => {
    mkdirSync(join(scratch, 'real-world-pdfs'));
    writeFileSync(join(scratch, 'real-world-pdfs', 'files.json'), '{"data":[]}');
    vi.stubEnv('CORPUS_DIR', scratch);
    expect(() => readCorpusPdf('absent.pdf')).toThrow(/no file/);
  });
});
