// The hostile-input benchmark's large documents: one page with a line of text and `count` small
// objects nobody refers to, all listed in one classic xref table (a million objects make a 47 MB
// file whose xref table alone is 20 MB).

export function millionObjectPdf(count: number): Buffer {
  const parts: string[] = ['%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'];
  const offsets: number[] = [];
  let length = Buffer.byteLength(parts[0]!, 'latin1');
  const add = (num: number, body: string) => {
    offsets[num] = length;
    const text = `${num} 0 obj\n${body}\nendobj\n`;
    parts.push(text);
    length += text.length;
  };
  const content = 'BT /F1 24 Tf 72 720 Td (A million objects) Tj ET';
  add(1, '<< /Type /Catalog /Pages 2 0 R >>');
  add(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  add(
    3,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
  );
  add(4, `<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  add(5, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  for (let num = 6; num < count; num++) add(num, String(num));
  const xref = [`xref\n0 ${count}\n0000000000 65535 f \n`];
  for (let num = 1; num < count; num++) xref.push(`${String(offsets[num]).padStart(10, '0')} 00000 n \n`);
  xref.push(`trailer\n<< /Size ${count} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`);
  return Buffer.from(parts.join('') + xref.join(''), 'latin1');
}

/**
 * One page and a classic xref table of `count` entries, all but the page's five free: a 20 MB
 * table for a million, in a file that holds almost nothing else.
 */
export function millionEntryXrefPdf(count: number): Buffer {
  const head = millionObjectPdf(6);
  const text = head.toString('latin1');
  const xrefAt = text.lastIndexOf('\nxref\n') + 1;
  const listed = text.slice(xrefAt).split('\n').slice(2, 8);
  const free = '0000000000 65535 f \n'.repeat(count - listed.length);
  const table = `xref\n0 ${count}\n${listed.join('\n')}\n${free}`;
  return Buffer.from(
    `${text.slice(0, xrefAt)}${table}trailer\n<< /Size ${count} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`,
    'latin1',
  );
}
