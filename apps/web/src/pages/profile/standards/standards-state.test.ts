import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures.js';
import { normaliseMobile } from './mobile-id-page.js';
import { levelUnder } from './standards-state.js';

describe('levelUnder', () => {
  const none = makeUser().signatureQualities;
  it.each([
    ['no identification', none, true, 'ses', 'ses'],
    ['an unconfirmed address', none, false, 'none', 'none'],
    ['aes.any', { ...none, aes: { any: { status: 'active' } } }, true, 'aes', 'aes'],
    // a qualified identification counts for advanced signatures under its own legislation only
    [
      'qes under eIDAS only',
      { ...none, qes: { eidas: { status: 'active' }, zertes: {} } },
      true,
      'qes',
      'ses',
    ],
  ] as const)('%s', (_, qualities, verified, eidas, zertes) => {
    expect(levelUnder(qualities, verified, 'eidas')).toBe(eidas);
    expect(levelUnder(qualities, verified, 'zertes')).toBe(zertes);
  });
});

describe('normaliseMobile', () => {
  it.each([
    ['+41 79 123 45 67', '+41791234567'],
    ['079 123 45 67', null],
    ['+0 79 123 45 67', null],
    ['+41 79', null],
    ['+41 79 abc', null],
  ])('%s', (input, expected) => expect(normaliseMobile(input)).toBe(expected));
});
