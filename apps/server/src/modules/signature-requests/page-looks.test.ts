// What names a page's image (ADR 082): the original's look until something Countersign adds is
// drawn on the page, then each change of what is drawn there (a placeholder, a signature, a value)
// a look of its own, and the same look again whatever revision draws the same.
import { describe, expect, it } from 'vitest';
import { pageLookName, type DocumentMarks, type PlacedMark } from './page-looks.js';

const signature: PlacedMark = {
  id: 'sig-1',
  kind: 'signature',
  page: 1,
  box: [50, 50, 150, 70],
  value: null,
  signerSigned: false,
};
const text: PlacedMark = { ...signature, id: 'text-1', kind: 'text', box: [50, 200, 100, 20] };
const doc = (revision: number, marks: PlacedMark[], currentSha256 = 'b'.repeat(64)): DocumentMarks => ({
  originalSha256: 'a'.repeat(64),
  currentSha256,
  revision,
  pageCount: 2,
  marks,
});

describe('pageLookName', () => {
  it("is the original's look before sending and on pages without fields", () => {
    const original = `${'a'.repeat(64)}-o`;
    expect(pageLookName(doc(0, [signature, text]), 1)).toBe(original);
    expect(pageLookName(doc(3, [signature, text]), 2)).toBe(original);
  });

  it('changes with the placeholders, a signature drawn and a value filled on the page', () => {
    const sent = pageLookName(doc(1, [signature, text]), 1);
    const signed = pageLookName(doc(2, [{ ...signature, signerSigned: true }, text]), 1);
    const filled = pageLookName(doc(2, [signature, { ...text, value: 'Example Ltd' }]), 1);
    const names = [pageLookName(doc(0, [signature]), 1), sent, signed, filled];
    expect(new Set(names).size).toBe(4);
  });

  it('is the same for any revision that draws the same on the page', () => {
    const marks = [{ ...signature, signerSigned: true }, text];
    expect(pageLookName(doc(2, marks, 'c'.repeat(64)), 1)).toBe(
      pageLookName(doc(4, marks, 'd'.repeat(64)), 1),
    );
  });
});
