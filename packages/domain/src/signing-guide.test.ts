import { describe, expect, it } from 'vitest';
import {
  guideProgress,
  nextGuideField,
  stepGuideField,
  orderGuideFields,
  type GuideField,
} from './signing-guide.js';

const field = (
  id: string,
  documentIndex: number,
  page: number,
  y: number,
  x = 50,
  isRequired = true,
): GuideField => ({
  id,
  kind: 'signature',
  documentIndex,
  placement: { page, x, y, width: 150, height: 70 },
  isRequired,
});

describe('signing guide', () => {
  it('orders fields by document, page, then top of the page first and left to right', () => {
    const fields = [
      field('doc2', 1, 1, 700),
      field('p2-low', 0, 2, 40),
      field('p1-low', 0, 1, 40),
      field('p1-high-right', 0, 1, 600, 300),
      field('p1-high-left', 0, 1, 600, 20),
    ];
    expect(orderGuideFields(fields).map((f) => f.id)).toEqual([
      'p1-high-left',
      'p1-high-right',
      'p1-low',
      'p2-low',
      'doc2',
    ]);
  });

  it('counts what is done and how many required fields are left', () => {
    const fields = [field('a', 0, 1, 10), field('b', 0, 1, 10, 60, false), field('c', 0, 2, 10)];
    expect(guideProgress(fields, new Set(['b']))).toEqual({ done: 1, total: 3, requiredLeft: 2 });
    expect(guideProgress(fields, new Set(['a', 'c']))).toEqual({ done: 2, total: 3, requiredLeft: 0 });
  });

  it('leads to the next undone field, wrapping round, required ones first, null when all are done', () => {
    const ordered = orderGuideFields([
      field('a', 0, 1, 700),
      field('opt', 0, 1, 400, 50, false),
      field('b', 0, 2, 700),
      field('c', 0, 3, 700),
    ]);
    expect(nextGuideField(ordered, new Set(), null)?.id).toBe('a');
    expect(nextGuideField(ordered, new Set(['a']), 'a')?.id).toBe('b');
    expect(nextGuideField(ordered, new Set(['a', 'b']), 'c')?.id).toBe('c');
    expect(nextGuideField(ordered, new Set(['b', 'c']), 'c')?.id).toBe('a');
    // the optional field waits until every required one is done
    expect(nextGuideField(ordered, new Set(['a', 'b', 'c']), 'c')?.id).toBe('opt');
    expect(nextGuideField(ordered, new Set(['a', 'b', 'c', 'opt']), 'opt')).toBeNull();
  });

  it('steps back and forth through every field in reading order, done or not, stopping at the ends', () => {
    const ordered = orderGuideFields([field('b', 0, 2, 700), field('a', 0, 1, 700), field('c', 0, 3, 700)]);
    expect(stepGuideField(ordered, null, 1)?.id).toBe('a');
    expect(stepGuideField(ordered, null, -1)?.id).toBe('c');
    expect(stepGuideField(ordered, 'a', 1)?.id).toBe('b');
    expect(stepGuideField(ordered, 'b', -1)?.id).toBe('a');
    expect(stepGuideField(ordered, 'a', -1)).toBeNull();
    expect(stepGuideField(ordered, 'c', 1)).toBeNull();
    expect(stepGuideField([], null, 1)).toBeNull();
  });
});
