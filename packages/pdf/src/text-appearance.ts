// A text field's normal appearance (ISO 32000-1 12.7.3.3): its value drawn once in Helvetica,
// fitted to the widget. Used when a signer fills a field and when a form that left drawing to the
// viewer is settled before the first signature.
import { deflateSync } from 'node:zlib';
import type { IncrementalUpdate } from './incremental-writer.js';
import { PdfDict, PdfName, PdfStream } from './objects.js';
import { formatNumber } from './serializer.js';
import { encodeWinAnsi, fitGlyphs, fitSize, toHexOperand } from './win-ansi-text.js';

/** Resources naming Helvetica as /Helv, for field appearances that carry their own fonts. */
export function helveticaResources(): PdfDict {
  return new PdfDict({
    Font: new PdfDict({
      Helv: new PdfDict({
        Type: new PdfName('Font'),
        Subtype: new PdfName('Type1'),
        BaseFont: new PdfName('Helvetica'),
        Encoding: new PdfName('WinAnsiEncoding'),
      }),
    }),
  });
}

/** A widget's width and height from its /Rect; [0, 0] when the rectangle is missing or malformed. */
export function readSize(update: IncrementalUpdate, widget: PdfDict): [number, number] {
  const rect = update.file.resolve(widget.get('Rect'));
  if (!Array.isArray(rect) || rect.length < 4) return [0, 0];
  const [a, b, c, d] = rect.map((value) => update.file.resolve(value));
  if (typeof a !== 'number' || typeof b !== 'number' || typeof c !== 'number' || typeof d !== 'number')
    return [0, 0];
  return [Math.abs(c - a), Math.abs(d - b)];
}

/** The text drawn once, in Helvetica, sized to the box (at most 12 pt), vertically centred. */
export function textAppearance(update: IncrementalUpdate, text: string, width: number, height: number) {
  const glyphs = encodeWinAnsi(text);
  const padding = 2;
  const size = fitSize(glyphs, 'Helvetica', Math.min(12, Math.max(4, height * 0.7)), 6, width - 2 * padding);
  const shown = fitGlyphs(glyphs, 'Helvetica', size, width - 2 * padding);
  const w = formatNumber;
  const baseline = Math.max(1, (height - size * 0.72) / 2);
  const content = `/Tx BMC q BT /Helv ${w(size)} Tf 0 g ${w(padding)} ${w(baseline)} Td ${toHexOperand(shown)} Tj ET Q EMC`;
  const dict = new PdfDict({
    Type: new PdfName('XObject'),
    Subtype: new PdfName('Form'),
    BBox: [0, 0, width, height],
    Resources: helveticaResources(),
    Filter: new PdfName('FlateDecode'),
  });
  return update.add(new PdfStream(dict, deflateSync(Buffer.from(content, 'latin1'))));
}
