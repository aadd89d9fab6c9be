import { describe, expect, it } from 'vitest';
import { LayeredXrefEntries, XrefEntriesBuilder, type XrefEntry } from './xref-entries.js';
import { PdfFile } from './pdf-file.js';
import { goodPdf } from './test-support/hostile-pdfs.js';
import { addSignatureFields } from './signature-fields.js';

/** Entries from [num, type, field, gen] rows, in the order given. */
function build(keep: 'first' | 'last', rows: [number, 0 | 1 | 2, number, number][]) {
  const builder = new XrefEntriesBuilder(keep);
  for (const [num, type, field, gen] of rows) builder.add(num, type, field, gen);
  return builder.build();
}

const inUse = (offset: number, gen = 0): XrefEntry => ({ type: 1, offset, gen });

describe('the entries of one xref section', () => {
  it('answers each listed number with its entry, of each type, and nothing for others', () => {
    const entries = build('first', [
      [0, 0, 0, 65535],
      [1, 1, 4_000_000_000, 2],
      [2, 2, 7, 3],
    ]);
    expect(entries.get(0)).toEqual({ type: 0, gen: 65535 });
    expect(entries.get(1)).toEqual(inUse(4_000_000_000, 2));
    expect(entries.get(2)).toEqual({ type: 2, stream: 7, index: 3, gen: 0 });
    expect([entries.get(3), entries.get(-1), entries.has(3)]).toEqual([undefined, undefined, false]);
    expect([entries.size, entries.maxNumber]).toEqual([3, 2]);
  });

  it('finds numbers listed out of order and with gaps, a table keeping the first of a repeat, a stream the last', () => {
    const rows: [number, 1, number, number][] = [
      [90, 1, 900, 0],
      [5, 1, 50, 0],
      [90, 1, 901, 0],
      [1_999_999, 1, 7, 0],
    ];
    const table = build('first', rows);
    const stream = build('last', rows);
    expect([...table.keys()]).toEqual([5, 90, 1_999_999]);
    expect(table.get(90)).toEqual(inUse(900));
    expect(stream.get(90)).toEqual(inUse(901));
    expect(table.get(1_999_999)).toEqual(inUse(7));
    expect(table.get(6)).toBeUndefined();
    expect(table.maxNumber).toBe(1_999_999);
  });
});

describe('the entries of a chain of sections', () => {
  it('lets a newer section override an older one, on either side of the largest', () => {
    const oldest = build('first', [
      [1, 1, 10, 0],
      [7, 1, 70, 0],
    ]);
    const largest = build('first', [
      [1, 1, 11, 0],
      [2, 1, 21, 0],
      [3, 1, 31, 0],
    ]);
    const newest = build('first', [
      [2, 0, 0, 1],
      [8, 1, 80, 0],
    ]);
    const chain = new LayeredXrefEntries([newest, largest, oldest]);
    expect(chain.get(1)).toEqual(inUse(11));
    expect(chain.get(2)).toEqual({ type: 0, gen: 1 });
    expect(chain.get(3)).toEqual(inUse(31));
    expect(chain.get(7)).toEqual(inUse(70));
    expect(chain.get(8)).toEqual(inUse(80));
    expect(chain.get(4)).toBeUndefined();
    expect([chain.size, chain.maxNumber]).toEqual([5, 8]);
    expect([...chain.keys()].sort((a, b) => a - b)).toEqual([1, 2, 3, 7, 8]);
  });

  it('reads a signed file as its latest revision lists it', () => {
    const original = goodPdf('layers');
    const once = addSignatureFields(original, [{ name: 'a' }]);
    const updated = addSignatureFields(once, [{ name: 'b' }]);
    const file = PdfFile.open(updated);
    expect(file.sections).toHaveLength(3);
    // every number as the newest section that lists it says, and the update did list old ones
    const numbers = new Set(file.sections.flatMap((section) => [...section.entries.keys()]));
    for (const num of numbers) {
      const newest = file.sections.find((section) => section.entries.has(num))!;
      expect(file.entries.get(num), `object ${num}`).toEqual(newest.entries.get(num));
    }
    expect(file.entries.size).toBe(numbers.size);
    const rewritten = [...file.sections[0]!.entries.keys()].filter((num) =>
      file.sections[2]!.entries.has(num),
    );
    expect(rewritten.length).toBeGreaterThan(0);
    expect(file.size).toBe(Math.max(...file.sections.map((s) => s.entries.maxNumber)) + 1);
  });
});
