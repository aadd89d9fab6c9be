// PDFs for server tests: files from the real-world corpus (CORPUS_DIR or test-fixtures/corpus; a
// missing corpus fails the test that asks for one), and PDFs made here with pdf-lib.
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';

export { readCorpusPdf as corpusFile } from '@countersign/pdf/test-corpus';

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
