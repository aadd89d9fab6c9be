import { describe, expect, it } from 'vitest';
import { prefixUpperBound, searchTerms } from './search-terms.js';

describe('searchTerms', () => {
  it('splits at anything that is not a letter or a digit and lower-cases', () => {
    expect(searchTerms('Lease contract 2026/07, v2')).toEqual(['lease', 'contract', '2026', '07', 'v2']);
  });

  it('splits e-mail addresses into their words', () => {
    expect(searchTerms('Anna.Muster@example.COM')).toEqual(['anna', 'muster', 'example', 'com']);
  });

  it('strips accents so that a query without them still matches', () => {
    expect(searchTerms('Müller Façade Zürich')).toEqual(['muller', 'facade', 'zurich']);
    expect(searchTerms('Muller')).toEqual(searchTerms('Müller'));
  });

  it('keeps letters of every script, drops duplicates, empty and missing texts', () => {
    expect(searchTerms('Договор договор', null, undefined, '', '--')).toEqual(['договор']);
  });

  it('cuts very long words to 64 characters', () => {
    expect(searchTerms('x'.repeat(200))).toEqual(['x'.repeat(64)]);
  });
});

describe('prefixUpperBound', () => {
  it('bounds every word that starts with the prefix and nothing else', () => {
    const words = ['cont', 'contract', 'contracts', 'contrat', 'conu', 'cons', 'contract\u{1F600}'];
    const upper = prefixUpperBound('contract');
    const inRange = words.filter((w) => w >= 'contract' && w < upper);
    expect(inRange).toEqual(['contract', 'contracts', 'contract\u{1F600}']);
  });

  it('increments the last code point, also beyond the basic plane', () => {
    expect(prefixUpperBound('ab')).toBe('ac');
    expect(prefixUpperBound('a\u{1F600}')).toBe('a\u{1F601}');
    expect(() => prefixUpperBound('')).toThrow(RangeError);
  });
});
