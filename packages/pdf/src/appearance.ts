// Visible signature appearances: a form XObject for the widget's /AP /N (ISO 32000-1 section
// 12.5.5; never drawn into the page content) with the signer's lines of text in Helvetica, an
// optional QR code drawn as filled rectangles and an optional image at the left.

import { deflateSync } from 'node:zlib';
import { embedImage } from './appearance-image.js';
import type { IncrementalUpdate } from './incremental-writer.js';
import { PdfDict, PdfName, PdfStream } from './objects.js';
import type { PdfRef } from './objects.js';
import { formatNumber as n } from './serializer.js';
import { loadQrEncoder } from './visible-signature-libraries.js';
import { encodeWinAnsi, fitGlyphs, fitSize, toHexOperand } from './win-ansi-text.js';
import type { StandardFontName } from './win-ansi-text.js';

export interface VisualAppearance {
  name: string;
  optionalLine?: string;
  location?: string;
  date?: string;
  claim?: string;
  standardLabel?: string;
  qrPayload?: string;
  image?: Uint8Array;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface Line {
  text: string;
  font: StandardFontName;
  weight: number;
  gray: number;
}

const FONT_KEYS: Record<StandardFontName, string> = { Helvetica: 'F1', 'Helvetica-Bold': 'F2' };
const MAX_BASE_SIZE = 9;
const LEADING = 1.25;

function standardFont(name: StandardFontName): PdfDict {
  return new PdfDict({
    Type: new PdfName('Font'),
    Subtype: new PdfName('Type1'),
    BaseFont: new PdfName(name),
    Encoding: new PdfName('WinAnsiEncoding'),
  });
}

function collectLines(appearance: VisualAppearance): Line[] {
  const lines: Line[] = [{ text: appearance.name, font: 'Helvetica-Bold', weight: 1.5, gray: 0 }];
  const optional: [string | undefined, number, number][] = [
    [appearance.optionalLine, 1, 0.15],
    [appearance.location, 1, 0.15],
    [appearance.date, 1, 0.15],
    [appearance.standardLabel, 0.9, 0.3],
    [appearance.claim, 0.85, 0.45],
  ];
  for (const [text, weight, gray] of optional) {
    if (text?.trim()) lines.push({ text: text.trim(), font: 'Helvetica', weight, gray });
  }
  return lines;
}

function drawText(lines: Line[], box: Box): string {
  if (box.width <= 0 || box.height <= 0) return '';
  const units = lines.reduce((sum, line) => sum + line.weight * LEADING, 0);
  const base = Math.min(MAX_BASE_SIZE, box.height / units);
  const used = units * base;
  // Centre the block vertically in the box.
  let baseline = box.y + box.height - (box.height - used) / 2;
  let out = '';
  for (const line of lines) {
    const lineHeight = base * line.weight * LEADING;
    baseline -= lineHeight;
    const encoded = encodeWinAnsi(line.text);
    // Long lines first get smaller (down to 60 %), then lose their end to an ellipsis.
    const size = fitSize(encoded, line.font, base * line.weight, base * line.weight * 0.6, box.width);
    const glyphs = fitGlyphs(encoded, line.font, size, box.width);
    if (glyphs.length === 0) continue;
    const descent = size * 0.22;
    out += `BT /${FONT_KEYS[line.font]} ${n(size)} Tf ${n(line.gray)} g ${n(box.x)} ${n(baseline + descent)} Td ${toHexOperand(glyphs)} Tj ET\n`;
  }
  return out;
}

function drawQrCode(payload: string, box: Box): string {
  const code = loadQrEncoder()(0, 'M');
  // The library maps each character to one byte; give it UTF-8 so any text survives (ISO 18004 byte mode).
  code.addData(Buffer.from(payload, 'utf8').toString('latin1'), 'Byte');
  code.make();
  const count = code.getModuleCount();
  const margin = 1;
  const module = box.width / (count + 2 * margin);
  let out = `q 1 g ${n(box.x)} ${n(box.y)} ${n(box.width)} ${n(box.height)} re f 0 g\n`;
  for (let row = 0; row < count; row++) {
    const y = box.y + box.height - (row + margin + 1) * module;
    for (let col = 0; col < count;) {
      if (!code.isDark(row, col)) {
        col++;
        continue;
      }
      // One rectangle per run of dark modules keeps the stream small.
      const start = col;
      while (col < count && code.isDark(row, col)) col++;
      out += `${n(box.x + (start + margin) * module)} ${n(y)} ${n((col - start) * module)} ${n(module)} re\n`;
    }
  }
  return `${out}f Q\n`;
}

/** Adds the appearance stream (and its image) to the update and returns its reference. */
export function addVisualAppearance(
  update: IncrementalUpdate,
  appearance: VisualAppearance,
  width: number,
  height: number,
): PdfRef {
  const pad = Math.min(width, height) * 0.06;
  const inner: Box = { x: pad, y: pad, width: width - 2 * pad, height: height - 2 * pad };
  const resources = new PdfDict({
    Font: new PdfDict({ F1: standardFont('Helvetica'), F2: standardFont('Helvetica-Bold') }),
  });
  let content = '';
  let textLeft = inner.x;
  let textRight = inner.x + inner.width;

  if (appearance.image) {
    const image = embedImage(update, appearance.image);
    const scale = Math.min((inner.width * 0.25) / image.width, inner.height / image.height);
    const drawWidth = image.width * scale;
    const drawHeight = image.height * scale;
    const y = inner.y + (inner.height - drawHeight) / 2;
    content += `q ${n(drawWidth)} 0 0 ${n(drawHeight)} ${n(inner.x)} ${n(y)} cm /Im1 Do Q\n`;
    resources.set('XObject', new PdfDict({ Im1: image.ref }));
    textLeft += drawWidth + pad;
  }
  if (appearance.qrPayload) {
    const side = Math.min(inner.height, inner.width * 0.25);
    const box = {
      x: inner.x + inner.width - side,
      y: inner.y + (inner.height - side) / 2,
      width: side,
      height: side,
    };
    content += drawQrCode(appearance.qrPayload, box);
    textRight -= side + pad;
  }
  content += drawText(collectLines(appearance), {
    x: textLeft,
    y: inner.y,
    width: textRight - textLeft,
    height: inner.height,
  });

  const dict = new PdfDict({
    Type: new PdfName('XObject'),
    Subtype: new PdfName('Form'),
    BBox: [0, 0, width, height],
    Resources: resources,
    Filter: new PdfName('FlateDecode'),
  });
  return update.add(new PdfStream(dict, deflateSync(Buffer.from(`q\n${content}Q\n`, 'latin1'))));
}
