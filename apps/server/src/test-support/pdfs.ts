// PDFs for server tests: files from the real-world corpus beside the repository when it is there
// (CORPUS_DIR overrides), and PDFs made here with pdf-lib so the tests run without it.
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
export const corpusDir =
  process.env['CORPUS_DIR'] ?? path.resolve(repoRoot, '../shared/corpus/real-world-pdfs');

export function corpusFile(name: string): Buffer | undefined {
  const file = path.join(corpusDir, name);
  if (!fs.existsSync(file)) {
    console.warn(`corpus file ${file} is absent: using a generated PDF instead`);
    return undefined;
  }
  return fs.readFileSync(file);
}

export async function generatedPdf(pages: number, text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`${text}, page ${i + 1}`, { x: 72, y: 760, size: 18, font });
  }
  return Buffer.from(await doc.save());
}

/** multipart/form-data body for app.inject. */
export function multipart(
  fields: Record<string, string>,
  files: { field: string; name: string; bytes: Buffer; type?: string }[],
) {
  const boundary = `----countersign${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/pdf'}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
