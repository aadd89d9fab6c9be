import { describe, expect, it } from 'vitest';
import { knownNameOf } from './model.js';

describe('knownNameOf', () => {
  const none = { name: null, firstName: null, lastName: null, accountName: null };
  it("prefers the sender's name, then what a link holder said of themselves, then the account's", () => {
    expect(knownNameOf({ ...none, name: 'Given', firstName: 'Own', accountName: 'Account' })).toBe('Given');
    expect(knownNameOf({ ...none, firstName: 'Ada', lastName: 'Lovelace', accountName: 'Account' })).toBe(
      'Ada Lovelace',
    );
    expect(knownNameOf({ ...none, name: '  ', accountName: 'Grace Hopper' })).toBe('Grace Hopper');
    expect(knownNameOf(none)).toBeNull();
  });
});
