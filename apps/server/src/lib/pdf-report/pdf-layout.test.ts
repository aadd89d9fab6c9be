// Line breaking of the report layout: words wrap at spaces, hashes break anywhere, nothing is
// lost, and a line never runs wider than its column.
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { wrapText } from './pdf-layout.js';

describe('wrapText', async () => {
  const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
  const width = (s: string) => font.widthOfTextAtSize(s, 8);

  it('wraps words at spaces and keeps every word', () => {
    const text = 'Every event links to the one before: the chain is intact.';
    const lines = wrapText(text, font, 8, 80);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(' ')).toBe(text);
    expect(lines.every((l) => width(l) <= 80)).toBe(true);
  });

  it('breaks a hash wider than the column anywhere, losing no character', () => {
    const hash = 'fc67ce4f76ffb44e818ebe4f673dbeb6002ad93a59f3856ff14fb1d3625f10a5';
    const lines = wrapText(`SHA ${hash}`, font, 8, 60);
    expect(lines[0]).toBe('SHA');
    expect(lines.slice(1).join('')).toBe(hash);
    expect(lines.every((l) => width(l) <= 60)).toBe(true);
  });

  it('keeps line breaks of the text and ends even when one character is wider than the column', () => {
    expect(wrapText('a\nb', font, 8, 100)).toEqual(['a', 'b']);
    expect(wrapText('WW', font, 8, 1)).toEqual(['W', 'W']);
  });
});
