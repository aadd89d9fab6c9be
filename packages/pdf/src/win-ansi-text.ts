// Text in the standard 14 fonts for appearance streams: WinAnsi encoding (ISO 32000-1, Annex D)
// with a graceful fallback for characters it lacks, and widths from the Adobe font metrics that
// pdf-lib ships, so lines can be fitted to the box.

import type { Font } from '@cantoo/pdf-lib/standard-fonts';
import { loadStandardFonts } from './visible-signature-libraries.js';

export type StandardFontName = 'Helvetica' | 'Helvetica-Bold';

const fonts = new Map<StandardFontName, Font>();

function loadFont(name: StandardFontName): Font {
  let font = fonts.get(name);
  if (!font) {
    font = loadStandardFonts().Font.load(name);
    fonts.set(name, font);
  }
  return font;
}

// Letters that have no Unicode decomposition but an obvious plain-Latin reading.
const PLAIN_LETTERS: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŀ: 'L',
  ŀ: 'l',
  Ŧ: 'T',
  ŧ: 't',
  ĸ: 'k',
};

interface Glyph {
  code: number;
  name: string;
}

const canEncode = (char: string): boolean =>
  loadStandardFonts().Encodings.WinAnsi.canEncodeUnicodeCodePoint(char.codePointAt(0)!);

/** One character as WinAnsi can show it: itself, its unaccented form, or "?". */
function winAnsiForm(char: string): string {
  if (canEncode(char)) return char;
  // "Ł" or "ș" are not in WinAnsi; their decomposition without the marks ("L", "s") usually is.
  const stripped = PLAIN_LETTERS[char] ?? char.normalize('NFKD').replace(/\p{M}/gu, '');
  return [...stripped].filter(canEncode).join('') || '?';
}

/**
 * Text that a standard 14 font can show, character for character as `encodeWinAnsi` would draw
 * it; for callers that hand text to pdf-lib's standard fonts (which throw on anything else).
 */
export function toWinAnsiText(text: string): string {
  let out = '';
  // Control characters would show as boxes or break the line; a space is the honest fallback.
  for (const char of text) {
    const code = char.codePointAt(0)!;
    out += code < 0x20 || code === 0x7f ? ' ' : winAnsiForm(char);
  }
  return out;
}

export function encodeWinAnsi(text: string): Glyph[] {
  const winAnsi = loadStandardFonts().Encodings.WinAnsi;
  return [...toWinAnsiText(text)].map((char) => winAnsi.encodeUnicodeCodePoint(char.codePointAt(0)!));
}

export function measureText(glyphs: Glyph[], font: StandardFontName, size: number): number {
  const metrics = loadFont(font);
  const units = glyphs.reduce((sum, glyph) => sum + (metrics.getWidthOfGlyph(glyph.name) ?? 556), 0);
  return (units * size) / 1000;
}

/** A hex string operand for Tj; hex needs no escaping of parentheses or backslashes. */
export function toHexOperand(glyphs: Glyph[]): string {
  return `<${Buffer.from(glyphs.map((glyph) => glyph.code)).toString('hex')}>`;
}

/** The size at which the text fits `width`, but not below `minimum`. */
export function fitSize(
  glyphs: Glyph[],
  font: StandardFontName,
  size: number,
  minimum: number,
  width: number,
): number {
  const natural = measureText(glyphs, font, size);
  return natural <= width ? size : Math.max(minimum, (size * width) / natural);
}

/** Shortens text with an ellipsis until it fits `width` at `size`. */
export function fitGlyphs(glyphs: Glyph[], font: StandardFontName, size: number, width: number): Glyph[] {
  if (measureText(glyphs, font, size) <= width) return glyphs;
  const ellipsis = encodeWinAnsi('\u2026');
  let kept = glyphs.length;
  while (kept > 0 && measureText([...glyphs.slice(0, kept), ...ellipsis], font, size) > width) kept--;
  return kept > 0 ? [...glyphs.slice(0, kept), ...ellipsis] : [];
}
