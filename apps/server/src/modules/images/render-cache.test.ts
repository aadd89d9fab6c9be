// The cache of drawn images stays within its byte budget, dropping the least recently used first.
import { describe, expect, it } from 'vitest';
import { createRenderCache } from './render-cache.js';

describe('render cache', () => {
  it('drops the least recently used entries once the budget is passed', () => {
    const cache = createRenderCache(10);
    cache.set('a', new Uint8Array(4));
    cache.set('b', new Uint8Array(4));
    expect(cache.get('a')).toHaveLength(4); // a is now the most recent
    cache.set('c', new Uint8Array(4));
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map((x) => x?.length)).toEqual([4, undefined, 4]);
  });

  it('keeps nothing larger than the whole budget', () => {
    const cache = createRenderCache(10);
    cache.set('big', new Uint8Array(11));
    expect(cache.get('big')).toBeUndefined();
  });
});
