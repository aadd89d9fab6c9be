// The files the signing benchmark works on, generated once into bench/.out/ (git-ignored): with
// @cantoo/pdf-lib, text pages plus an incompressible attachment to reach a target size, and a
// 100-page text document; and the corpus's 1.8 MB, 117-page file with six signatures.

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { signPdf } from '@countersign/pades';
import type { SigningServices } from '@countersign/pades';
import { addSignatureFields } from '@countersign/pdf';
import { readCorpusPdf } from '@countersign/pdf/test-corpus';
import type { Signer } from '@countersign/trust';

export interface BenchFile {
  label: string;
  path: string;
  bytes: Uint8Array;
  pages: number;
}

async function buildPdf(pages: number, fillerBytes: number): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.TimesRoman);
  for (let index = 0; index < pages; index++) {
    const page = document.addPage([595, 842]);
    for (let line = 0; line < 40; line++)
      page.drawText(`Page ${index + 1}, line ${line + 1}: the quick brown fox jumps over the lazy dog.`, {
        x: 56,
        y: 780 - line * 18,
        size: 11,
        font,
      });
  }
  if (fillerBytes > 0)
    await document.attach(randomBytes(fillerBytes), 'filler.bin', { mimeType: 'application/octet-stream' });
  return document.save();
}

const SPECS = [
  { label: '~100 KB', name: 'small-100k.pdf', pages: 3, filler: 90_000 },
  { label: '~1 MB', name: 'medium-1m.pdf', pages: 3, filler: 1_000_000 },
  { label: '~10 MB', name: 'large-10m.pdf', pages: 3, filler: 10_000_000 },
  { label: '100 pages', name: 'pages-100.pdf', pages: 100, filler: 0 },
];

export async function prepareBenchFiles(outDir: string): Promise<BenchFile[]> {
  mkdirSync(outDir, { recursive: true });
  const files: BenchFile[] = [];
  for (const spec of SPECS) {
    const path = join(outDir, spec.name);
    if (!existsSync(path)) writeFileSync(path, await buildPdf(spec.pages, spec.filler));
    files.push({ label: spec.label, path, bytes: new Uint8Array(readFileSync(path)), pages: spec.pages });
  }
  return files;
}

export interface SignedCorpusFile {
  /** the 1.8 MB, 117-page file of the corpus, as it is */
  original: BenchFile;
  /** with six empty signature fields, as a sender's upload leaves it */
  withFields: BenchFile;
  /** the six fields signed in turn (B-T), the last to B-LTA (validation data and a document time-stamp) */
  signed: BenchFile;
}

const CORPUS_FILE = 'GeoTopo-komprimiert.pdf';

/** The corpus's large file, prepared for signing and signed six times (kept in `outDir`). */
export async function prepareSignedCorpusFile(
  outDir: string,
  signer: Signer,
  services: SigningServices,
): Promise<SignedCorpusFile> {
  mkdirSync(outDir, { recursive: true });
  const load =
    (name: string, bytes: () => Promise<Uint8Array> | Uint8Array) => async (): Promise<BenchFile> => {
      const path = join(outDir, name);
      if (!existsSync(path)) writeFileSync(path, await bytes());
      const data = new Uint8Array(readFileSync(path));
      return { label: name, path, bytes: data, pages: 117 };
    };
  const original = await load('corpus-117-pages.pdf', () => readCorpusPdf(CORPUS_FILE))();
  const withFields = await load('corpus-six-fields.pdf', () =>
    addSignatureFields(
      original.bytes,
      Array.from({ length: 6 }, (_, index) => ({
        name: `Signer${index + 1}`,
        placement: { page: index, rect: [56, 56, 180, 60] as [number, number, number, number] },
      })),
    ),
  )();
  const signed = await load('corpus-six-signatures.pdf', async () => {
    let bytes = withFields.bytes;
    for (let index = 1; index <= 6; index++)
      bytes = await signPdf(bytes, {
        fieldName: `Signer${index}`,
        signer,
        level: index === 6 ? 'B-LTA' : 'B-T',
        services,
      });
    return bytes;
  })();
  return { original, withFields, signed };
}
