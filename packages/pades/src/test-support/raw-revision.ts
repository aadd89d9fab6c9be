// Appends a hand-made incremental update that changes the document catalog (a /Lang entry), the
// kind of change after signing that validators must flag. Written with an uncompressed
// cross-reference stream so it can follow either kind of cross-reference section.

const latin1 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('latin1');

function findLast(text: string, pattern: RegExp): RegExpExecArray {
  let last: RegExpExecArray | undefined;
  for (const match of text.matchAll(new RegExp(pattern.source, 'g'))) last = match;
  if (!last) throw new Error(`test helper: ${pattern} not found`);
  return last;
}

export function appendCatalogChange(bytes: Uint8Array): Uint8Array {
  const text = latin1(bytes);
  const startxref = Number(findLast(text, /startxref\s+(\d+)/)[1]);
  const root = Number(findLast(text, /\/Root (\d+) 0 R/)[1]);
  const size = Number(findLast(text, /\/Size (\d+)/)[1]);
  const catalog = findLast(text, new RegExp(`(?:^|[\\r\\n])${root} 0 obj\\s*(<<[\\s\\S]*?>>)\\s*endobj`));
  const dictionary = catalog[1]!.replace(/^<</, '<< /Lang (xx-changed)');
  const catalogOffset = bytes.length + 1;
  const catalogText = `\n${root} 0 obj\n${dictionary}\nendobj\n`;
  const xrefOffset = bytes.length + catalogText.length;
  // entries: type 1 (in use) for the catalog and for the xref stream itself, /W [1 4 2]
  const entry = (offset: number): number[] => [
    1,
    offset >>> 24,
    (offset >>> 16) & 255,
    (offset >>> 8) & 255,
    offset & 255,
    0,
    0,
  ];
  const data = Buffer.from([...entry(catalogOffset), ...entry(xrefOffset)]);
  const xrefHead =
    `${size} 0 obj\n<< /Type /XRef /Size ${size + 1} /Root ${root} 0 R /Prev ${startxref} ` +
    `/W [1 4 2] /Index [${root} 1 ${size} 1] /Length ${data.length} >>\nstream\n`;
  const tail = `\nendstream\nendobj\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.concat([
    bytes,
    Buffer.from(catalogText + xrefHead, 'latin1'),
    data,
    Buffer.from(tail, 'latin1'),
  ]);
}

/** Returns a copy with one byte changed at `offset` (XOR 1). */
export function flipByte(bytes: Uint8Array, offset: number): Uint8Array {
  const copy = Uint8Array.from(bytes);
  copy[offset] = copy[offset]! ^ 1;
  return copy;
}
