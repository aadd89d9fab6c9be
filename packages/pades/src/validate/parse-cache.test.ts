import { describe, expect, it } from 'vitest';
import { ParseCache } from './parse-cache.js';

describe('ParseCache', () => {
  const counting = () => {
    const calls: number[][] = [];
    const parse = (own: Uint8Array): string => {
      calls.push([...own]);
      return Buffer.from(own).toString('hex');
    };
    return { calls, parse };
  };

  it('parses each distinct encoding once, and the bytes decide, not the buffer', () => {
    const cache = new ParseCache<string>(4);
    const { calls, parse } = counting();
    expect(cache.get(Uint8Array.of(1, 2), parse)).toBe('0102');
    // the same bytes as a view into another buffer
    expect(cache.get(Uint8Array.of(9, 1, 2).subarray(1), parse)).toBe('0102');
    expect(cache.get(Uint8Array.of(1, 2, 0), parse)).toBe('010200');
    expect(calls).toEqual([
      [1, 2],
      [1, 2, 0],
    ]);
  });

  it('parses a private copy: a caller changing its buffer later changes nothing cached', () => {
    const cache = new ParseCache<Uint8Array>(4);
    const input = Uint8Array.of(5, 6);
    const parsed = cache.get(input, (own) => own);
    input[0] = 7;
    expect(parsed).toEqual(Uint8Array.of(5, 6));
    expect(cache.get(Uint8Array.of(5, 6), () => Uint8Array.of())).toBe(parsed);
  });

  it('drops the least recently used entry when full', () => {
    const cache = new ParseCache<string>(2);
    const { calls, parse } = counting();
    cache.get(Uint8Array.of(1), parse);
    cache.get(Uint8Array.of(2), parse);
    cache.get(Uint8Array.of(1), parse); // 1 is now the most recently used
    cache.get(Uint8Array.of(3), parse); // evicts 2
    cache.get(Uint8Array.of(1), parse);
    cache.get(Uint8Array.of(2), parse);
    expect(calls).toEqual([[1], [2], [3], [2]]);
  });

  it('passes errors on without caching them', () => {
    const cache = new ParseCache<string>(2);
    expect(() =>
      cache.get(Uint8Array.of(1), () => {
        throw new RangeError('bad');
      }),
    ).toThrow(RangeError);
    expect(cache.get(Uint8Array.of(1), () => 'read')).toBe('read');
  });

  it('does not keep encodings larger than its limit', () => {
    const cache = new ParseCache<string>(4, 3);
    const { calls, parse } = counting();
    cache.get(Uint8Array.of(1, 2, 3, 4), parse);
    cache.get(Uint8Array.of(1, 2, 3, 4), parse);
    cache.get(Uint8Array.of(1, 2, 3), parse);
    cache.get(Uint8Array.of(1, 2, 3), parse);
    expect(calls).toEqual([
      [1, 2, 3, 4],
      [1, 2, 3, 4],
      [1, 2, 3],
    ]);
  });
});
