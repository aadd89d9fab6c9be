// The text of a PDF as poppler's pdftotext reads it: what a person opening the file would see,
// judged by a tool other than the one that wrote it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The whole file's text, pages separated by form feeds; `raw` keeps content-stream order. */
export function pdfText(pdf: Uint8Array, mode: 'layout' | 'raw' = 'layout'): string {
  const file = path.join(os.tmpdir(), `cs-pdftotext-${process.pid}-${Date.now()}-${Math.random()}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', [`-${mode}`, file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(file, { force: true });
  }
}
