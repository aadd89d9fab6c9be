// The files the signing benchmark works on, generated once with @cantoo/pdf-lib into bench/.out/
// (git-ignored): text pages plus an incompressible attachment to reach a target size, and a
// 100-page text document.

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';

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
