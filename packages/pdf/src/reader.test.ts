import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inspectPdf } from './inspect.js';
import { PdfFile } from './pdf-file.js';
import { addSignatureFields } from './signature-fields.js';
import { checkWithQpdf, makeHybrid, readCorpus, realWorldPdfDir, runQpdf } from './test-helpers.js';

interface CorpusEntry {
  path: string;
  pages: number;
  encrypted: boolean;
}

const corpusDir = realWorldPdfDir();

function readCorpusIndex(): CorpusEntry[] {
  return (JSON.parse(readFileSync(join(corpusDir, 'files.json'), 'utf8')) as { data: CorpusEntry[] }).data;
}

// files.json lists the page count poppler reports from the linearization header; this file's page
// tree root and part of its body are zeroed, so there are no pages to find (PDFium refuses it too).
const DAMAGED = new Set(['unreadablemetadata.pdf']);

describe('inspectPdf across the real-world corpus', () => {
  const index = readCorpusIndex();
  const files = readdirSync(corpusDir).filter((name) => name.endsWith('.pdf'));

  it('covers every corpus file', () => {
    expect(files.length).toBeGreaterThanOrEqual(30);
  });

  for (const name of files) {
    const entry = index.find((item) => item.path.split('/').pop() === name);
    it(`reads ${name}`, () => {
      const bytes = readCorpus(name);
      if (entry?.encrypted) {
        expect(() => inspectPdf(bytes)).toThrow(expect.objectContaining({ code: 'pdf.encrypted' }));
      } else if (DAMAGED.has(name)) {
        expect(() => inspectPdf(bytes)).toThrow(expect.objectContaining({ code: 'pdf.corrupt' }));
      } else {
        const summary = inspectPdf(bytes);
        expect(summary.pageCount).toBe(entry?.pages);
        expect(summary.pages).toHaveLength(summary.pageCount);
        for (const page of summary.pages) {
          expect(page.width).toBeGreaterThan(0);
          expect(page.height).toBeGreaterThan(0);
        }
      }
    });
  }

  it('refuses the password-protected file with pdf.encrypted', () => {
    expect(() => inspectPdf(readCorpus('libreoffice-writer-password.pdf'))).toThrow(
      expect.objectContaining({ code: 'pdf.encrypted' }),
    );
  });

  it('reports page sizes with /Rotate applied', () => {
    const summary = inspectPdf(readCorpus('habibi-rotated.pdf'));
    const rotated = summary.pages.filter((page) => page.rotate === 90 || page.rotate === 270);
    expect(rotated.length).toBeGreaterThan(0);
    const plain = inspectPdf(readCorpus('habibi.pdf')).pages[0]!;
    const quarter = rotated[0]!;
    expect([quarter.width, quarter.height]).toEqual([plain.height, plain.width]);
  });
});

describe('inspectPdf on files rewritten by qpdf', () => {
  const original = readCorpus('pdflatex-4-pages.pdf');

  it('reads object streams and xref streams', () => {
    const compressed = runQpdf(['--object-streams=generate'], original);
    expect(compressed.toString('latin1')).toContain('/ObjStm');
    expect(inspectPdf(compressed).pageCount).toBe(4);
  });

  it('reads a linearized file as one revision', () => {
    const linearized = runQpdf(['--linearize'], original);
    expect(linearized.toString('latin1')).toContain('/Linearized');
    const summary = inspectPdf(linearized);
    expect(summary.pageCount).toBe(4);
    expect(summary.revisionCount).toBe(1);
  });

  it('reads a hybrid file (classic table with /XRefStm)', () => {
    const hybrid = makeHybrid(runQpdf(['--object-streams=generate'], original));
    expect(hybrid.toString('latin1')).toMatch(/trailer\n<<\/XRefStm \d+/);
    expect(checkWithQpdf(hybrid)).toMatchObject({ ok: true });
    expect(inspectPdf(hybrid).pageCount).toBe(4);
    // Objects in object streams are only reachable through /XRefStm.
    const inStreams = [...PdfFile.open(hybrid).entries.values()].filter((entry) => entry.type === 2);
    expect(inStreams.length).toBeGreaterThan(0);
  });

  it('reads files updated incrementally by other tools', () => {
    const updated = runQpdf(['--object-streams=generate'], original);
    const twice = addSignatureFields(addSignatureFields(updated, [{ name: 'a' }]), [{ name: 'b' }]);
    expect(inspectPdf(twice)).toMatchObject({
      pageCount: 4,
      revisionCount: 3,
      signatureFieldNames: ['a', 'b'],
    });
  });
});

/** A three-page file with a classic xref table whose entries end with the given line endings. */
function makeTable(endings: string[]): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R 4 0 R 5 0 R] /Count 3 >>',
    ...[3, 4, 5].map(() => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 300] >>'),
  ];
  let text = '%PDF-1.4\n';
  const offsets = objects.map((body, index) => {
    const offset = text.length;
    text += `${index + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = text.length;
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f${endings[0]}`;
  offsets.forEach((offset, index) => {
    text += `${String(offset).padStart(10, '0')} 00000 n${endings[(index + 1) % endings.length]}`;
  });
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}

describe('classic xref tables', () => {
  it('reads entries of the standard 20 bytes and entries written otherwise alike', () => {
    for (const endings of [[' \r'], [' \n'], ['\r\n'], ['\n'], [' \r\n'], [' \n', '\n', '\r\n', '  \n']]) {
      const summary = inspectPdf(makeTable(endings));
      expect(summary.pageCount, JSON.stringify(endings)).toBe(3);
      expect(summary.pages[2]).toMatchObject({ width: 200, height: 300 });
    }
  });
});

describe('inspectPdf refusals', () => {
  const good = readCorpus('minimal-document.pdf');

  it('refuses bytes without a PDF header', () => {
    expect(() => inspectPdf(Buffer.from('hello, this is not a PDF'))).toThrow(
      expect.objectContaining({ code: 'pdf.not_pdf' }),
    );
    expect(() => inspectPdf(new Uint8Array(0))).toThrow(expect.objectContaining({ code: 'pdf.not_pdf' }));
  });

  it('refuses a file cut short', () => {
    expect(() => inspectPdf(good.subarray(0, Math.floor(good.length / 2)))).toThrow(
      expect.objectContaining({ code: 'pdf.truncated' }),
    );
  });

  it('refuses a file whose xref is garbage', () => {
    const broken = Buffer.from(good);
    const at = broken.lastIndexOf('startxref');
    const xref = Number(/startxref\s+(\d+)/.exec(broken.toString('latin1', at))![1]);
    broken.write('garbage!', xref, 'latin1');
    expect(() => inspectPdf(broken)).toThrow(expect.objectContaining({ code: 'pdf.corrupt' }));
  });

  it('refuses a startxref that points outside the file', () => {
    const broken = Buffer.concat([good, Buffer.from('\nstartxref\n999999999\n%%EOF\n')]);
    expect(() => inspectPdf(broken)).toThrow(expect.objectContaining({ code: 'pdf.corrupt' }));
  });
});
