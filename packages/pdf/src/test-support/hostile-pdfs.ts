// Hostile PDFs for the tests that prove a stranger's upload cannot hurt the service: each family
// the limits of limits.ts (and the reader's recovery) must survive, generated from a seed so a
// failure can be replayed. Test support only; nothing of the product imports it.
import { constants, createDeflate, deflateSync } from 'node:zlib';

export type HostileFamily =
  | 'flip'
  | 'truncation'
  | 'broken-xref'
  | 'cycle'
  | 'content-bomb'
  | 'object-stream-bomb'
  | 'xref-stream-bomb'
  | 'huge-string'
  | 'huge-name'
  | 'huge-count'
  | 'deep-nesting'
  | 'zero-pages'
  | 'huge-page-box'
  | 'huge-array'
  | 'heavy-content';

export const HOSTILE_FAMILIES: readonly HostileFamily[] = [
  'flip',
  'truncation',
  'broken-xref',
  'cycle',
  'content-bomb',
  'object-stream-bomb',
  'xref-stream-bomb',
  'huge-string',
  'huge-name',
  'huge-count',
  'deep-nesting',
  'zero-pages',
  'huge-page-box',
  'huge-array',
  'heavy-content',
];

/** A small deterministic generator (mulberry32), so a failure can be replayed from its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Body = string | Buffer;

/** Objects 1..n (index 0 is object 1) written with a classic xref table. */
export function writePdf(objects: Body[], trailerExtra = ''): Buffer {
  const { head, offsets } = headWith(objects);
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`];
  for (const offset of offsets) xref.push(`${String(offset).padStart(10, '0')} 00000 n \n`);
  xref.push(
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${head.length}\n%%EOF\n`,
  );
  return Buffer.concat([head, Buffer.from(xref.join(''), 'latin1')]);
}

/** A stream object's body: the dictionary entries given plus /Length, then the data. */
export function streamBody(data: Buffer, dict = ''): Buffer {
  return Buffer.concat([
    Buffer.from(`<< /Length ${data.length} ${dict}>>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

/** A good one-page document (A4, a line of text): what must still upload after each hostile one. */
export function goodPdf(text = 'A good document', pageExtra = '', mediaBox = '0 0 595 842'): Buffer {
  const content = Buffer.from(`BT /F1 24 Tf 72 720 Td (${text}) Tj ET`, 'latin1');
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [${mediaBox}] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> ${pageExtra}>>`,
    streamBody(content),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);
}

const bombs = new Map<number, Promise<Buffer>>();

/** `size` zero bytes deflated (about a thousandth of `size`), made once per size and process. */
export function deflatedZeros(size: number): Promise<Buffer> {
  let made = bombs.get(size);
  if (!made) {
    made = new Promise<Buffer>((resolve, reject) => {
      const deflate = createDeflate({ level: constants.Z_BEST_COMPRESSION, memLevel: 9 });
      const chunks: Buffer[] = [];
      deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
      deflate.on('end', () => resolve(Buffer.concat(chunks)));
      deflate.on('error', reject);
      const block = Buffer.alloc(1024 * 1024);
      let left = size;
      const write = (): void => {
        while (left > 0) {
          const piece = left >= block.length ? block : block.subarray(0, left);
          left -= piece.length;
          if (!deflate.write(piece)) {
            deflate.once('drain', write);
            return;
          }
        }
        deflate.end();
      };
      write();
    });
    bombs.set(size, made);
  }
  return made;
}

/** An xref stream (W 1 4 2) listing `offsets` for objects 1..n, as object n+1, at `at`. */
function xrefStreamFile(
  head: Buffer,
  offsets: number[],
  extra: { data?: Buffer; dict?: string } = {},
): Buffer {
  const num = offsets.length + 1;
  const rows = Buffer.alloc(7 * (num + 1));
  rows.writeUInt8(0, 0);
  offsets.forEach((offset, i) => {
    rows.writeUInt8(1, 7 * (i + 1));
    rows.writeUInt32BE(offset, 7 * (i + 1) + 1);
  });
  rows.writeUInt8(1, 7 * num);
  rows.writeUInt32BE(head.length, 7 * num + 1);
  const data = extra.data ?? rows;
  const body = streamBody(
    data,
    `/Type /XRef /Size ${num + 1} /W [1 4 2] /Root 1 0 R ${extra.data ? '/Filter /FlateDecode ' : ''}${extra.dict ?? ''}`,
  );
  const object = Buffer.concat([Buffer.from(`${num} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
  return Buffer.concat([head, object, Buffer.from(`startxref\n${head.length}\n%%EOF\n`)]);
}

/** Objects 1..n written one after the other after the header, with their offsets. */
function headWith(objects: Body[]): { head: Buffer; offsets: number[] } {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    const chunk = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n'),
    ]);
    parts.push(chunk);
    length += chunk.length;
  });
  return { head: Buffer.concat(parts), offsets };
}

/** `count` numbers, zeros, for an array of that many items. */
const zeros = (count: number): string => '0 '.repeat(count);

/** One small filled square after another, `size` bytes of content in all. */
function squares(size: number): Buffer {
  const lines: string[] = [];
  let length = 0;
  while (length < size) {
    const i = lines.length;
    const line = `${i % 500} ${(i * 7) % 800} 5 5 re f\n`;
    lines.push(line);
    length += line.length;
  }
  return Buffer.from(lines.join(''), 'latin1');
}

const madeContent = new Map<string, Buffer>();

/** Made once per process: the larger ones take a second or two. */
function content(key: string, make: () => Buffer): Buffer {
  let made = madeContent.get(key);
  if (!made) madeContent.set(key, (made = make()));
  return made;
}

/** A one-page document drawing `data` (with `dict` entries) on an A4 page that may use /F1. */
function pageDrawing(data: Buffer, dict = ''): Buffer {
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    streamBody(data, dict),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);
}

/**
 * An A4 page naming an object that is an array of `count` numbers, and with `inAnnotations` an
 * /Annots array as long (which the upload reads too).
 */
export function pageWithArrays(count: number, { inAnnotations = true } = {}): Buffer {
  const annots = inAnnotations ? `/Annots [${zeros(count)}] ` : '';
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R ${annots}/Other 5 0 R >>`,
    streamBody(Buffer.from('0 0 m 595 842 l S')),
    `[${zeros(count)}]`,
  ]);
}

/** A page of clipping paths nested `depth` deep (q without Q), one triangle at each level. */
export function nestedClips(depth: number): Buffer {
  const clip = (i: number) => `q 0 0 m 595 ${i % 842} l 0 842 l h W n 0 0 1 1 re f\n`;
  return pageDrawing(Buffer.from(Array.from({ length: depth }, (_, i) => clip(i)).join(''), 'latin1'));
}

/**
 * A million numbers in one array (or 22 million, 44 MB of them), where the page box, the
 * annotations, an object the page names, the page itself or its content holds it.
 */
function hugeArray(random: () => number): Buffer {
  const count = random() < 0.75 ? 1_000_000 : 22_000_000;
  const variant = Math.floor(random() * 5);
  if (variant === 0) return goodPdf('Huge page box array', '', `0 0 595 842 ${zeros(count - 4)}`);
  if (variant === 1) return goodPdf('Huge annotation array', `/Annots [${zeros(count)}] `);
  if (variant === 2) return goodPdf('Huge inline array', `/Huge [${zeros(count)}] `);
  if (variant === 3) return pageWithArrays(count, { inAnnotations: false });
  return pageDrawing(Buffer.from(`BT /F1 12 Tf 72 720 Td [(A) ${zeros(count)}(B)] TJ ET`, 'latin1'));
}

/**
 * A content stream that makes the renderer hold much: 5.6 MB of squares (about 110 MB of
 * PDFium's heap), 32 MB of them deflated into 4 MB (about 600 MB of heap), or clipping paths
 * nested 25,000 deep in 1 MB (each level keeps every path above it, so the heap grows with the
 * square of the depth).
 */
function heavyContent(random: () => number): Buffer {
  const variant = Math.floor(random() * 3);
  if (variant === 0) return pageDrawing(content('squares', () => squares(5.6e6)));
  if (variant === 1)
    return pageDrawing(
      content('deflated squares', () => deflateSync(squares(32e6))),
      '/Filter /FlateDecode ',
    );
  return content('nested clips', () => nestedClips(25_000));
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** One hostile document of `family`, varied by `random`; `bombSize` is what a bomb inflates to. */
export async function hostilePdf(
  family: HostileFamily,
  random: () => number,
  bombSize = 1024 * 1024 * 1024,
): Promise<Buffer> {
  const good = goodPdf();
  switch (family) {
    case 'flip': {
      const bytes = Buffer.from(good);
      const flips = 1 + Math.floor(random() * 30);
      for (let i = 0; i < flips; i++) bytes[Math.floor(random() * bytes.length)] = Math.floor(random() * 256);
      return bytes;
    }
    case 'truncation':
      return good.subarray(0, Math.floor(random() * good.length));
    case 'broken-xref': {
      const text = good.toString('latin1');
      const xrefAt = text.lastIndexOf('xref\n0 ');
      const variant = Math.floor(random() * 3);
      if (variant === 0)
        return Buffer.from(
          text.replace(/startxref\n\d+/, `startxref\n${Math.floor(random() * good.length)}`),
          'latin1',
        );
      if (variant === 1)
        return Buffer.from(
          text.slice(0, xrefAt) +
            text
              .slice(xrefAt)
              .replace(
                /\d{10} 00000 n/g,
                () => String(Math.floor(random() * 1e10)).padStart(10, '0') + ' 00000 n',
              ),
          'latin1',
        );
      return Buffer.from(text.slice(0, xrefAt + 5) + 'garbage ' + text.slice(xrefAt + 5), 'latin1');
    }
    case 'cycle': {
      const variant = Math.floor(random() * 3);
      if (variant === 0)
        // the page tree names itself as its own kid, and the page its own parent
        return writePdf([
          '<< /Type /Catalog /Pages 2 0 R >>',
          '<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 1 /Parent 2 0 R >>',
          '<< /Type /Page /Parent 3 0 R /MediaBox 6 0 R /Contents 4 0 R >>',
          streamBody(Buffer.from('0 0 m 10 10 l S')),
          '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
          '6 0 R',
        ]);
      if (variant === 1)
        // a stream whose /Length is itself
        return writePdf([
          '<< /Type /Catalog /Pages 2 0 R >>',
          '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
          '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
          Buffer.from('<< /Length 4 0 R >>\nstream\n0 0 m 10 10 l S\nendstream'),
        ]);
      // /Prev pointing back at the same section
      return Buffer.from(
        good
          .toString('latin1')
          .replace('/Root 1 0 R', `/Root 1 0 R /Prev ${good.toString('latin1').lastIndexOf('xref\n0 ')}`),
        'latin1',
      );
    }
    case 'content-bomb': {
      const bomb = await deflatedZeros(bombSize);
      return writePdf([
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
        streamBody(bomb, '/Filter /FlateDecode '),
      ]);
    }
    case 'object-stream-bomb': {
      // the page tree (object 3) lives in object stream 2, which inflates to `bombSize`
      const bomb = await deflatedZeros(bombSize);
      const { head, offsets } = headWith([
        '<< /Type /Catalog /Pages 3 0 R >>',
        streamBody(bomb, '/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode '),
      ]);
      const rows = Buffer.alloc(7 * 5);
      rows.writeUInt8(1, 7);
      rows.writeUInt32BE(offsets[0]!, 8);
      rows.writeUInt8(1, 14);
      rows.writeUInt32BE(offsets[1]!, 15);
      rows.writeUInt8(2, 21);
      rows.writeUInt32BE(2, 22);
      rows.writeUInt8(1, 28);
      rows.writeUInt32BE(head.length, 29);
      const body = streamBody(rows, '/Type /XRef /Size 5 /W [1 4 2] /Root 1 0 R ');
      const object = Buffer.concat([Buffer.from('4 0 obj\n'), body, Buffer.from('\nendobj\n')]);
      return Buffer.concat([head, object, Buffer.from(`startxref\n${head.length}\n%%EOF\n`)]);
    }
    case 'xref-stream-bomb': {
      const bomb = await deflatedZeros(bombSize);
      const { head, offsets } = headWith([
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
      ]);
      return xrefStreamFile(head, offsets, { data: bomb });
    }
    case 'huge-string': {
      const size = pick(random, [10, 45]) * 1024 * 1024;
      const hex = random() < 0.5;
      const value = hex ? `<${'41'.repeat(size)}>` : `(${'A'.repeat(size)})`;
      return goodPdf('Huge string', `/Huge ${value} `);
    }
    case 'huge-name':
      return goodPdf('Huge name', `/Huge /${'N'.repeat(pick(random, [10, 45]) * 1024 * 1024)} `);
    case 'huge-count': {
      const variant = Math.floor(random() * 3);
      const huge = 1_000_000_000;
      if (variant === 0)
        return Buffer.from(good.toString('latin1').replace(/xref\n0 \d+/, `xref\n0 ${huge}`), 'latin1');
      if (variant === 1)
        return Buffer.from(good.toString('latin1').replace('/Count 1', `/Count ${huge}`), 'latin1');
      const { head, offsets } = headWith([
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
      ]);
      return Buffer.from(
        xrefStreamFile(head, offsets)
          .toString('latin1')
          .replace(/\/Size \d+/, `/Size ${huge}`),
        'latin1',
      );
    }
    case 'deep-nesting': {
      const depth = pick(random, [1000, 100_000]);
      const open = random() < 0.5 ? '[' : '<< /A ';
      const close = open === '[' ? ']' : '>>';
      return goodPdf('Deep nesting', `/Deep ${open.repeat(depth)}${close.repeat(depth)} `);
    }
    case 'zero-pages':
      return writePdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>']);
    case 'huge-page-box': {
      const box = pick(random, [
        '0 0 14400 14400',
        `0 0 1${'0'.repeat(30)} 1${'0'.repeat(30)}`,
        '0 0 2384 3370',
        '0 0 20000 100',
      ]);
      return goodPdf('Huge page box', '', box);
    }
    case 'huge-array':
      return hugeArray(random);
    case 'heavy-content':
      return heavyContent(random);
  }
}
