import { describe, expect, it } from 'vitest';
import { LINK_GRANT_DAYS, linkGrantExpiry, linkGrantState, splitFullName } from './link-grant.js';

describe('link grants', () => {
  it(`keep downloads for ${LINK_GRANT_DAYS} days after the request ended, then say it is over`, () => {
    const ended = new Date('2026-11-24T10:00:00.000Z');
    const until = linkGrantExpiry(ended);
    expect(until.toISOString()).toBe('2026-12-24T10:00:00.000Z');
    expect(linkGrantState(until.toISOString(), new Date('2026-12-24T09:59:59.999Z'))).toBe('ended');
    expect(linkGrantState(until.toISOString(), until)).toBe('over');
  });

  it('splits a full name into first and last name', () => {
    expect(splitFullName('Gus Guest')).toEqual({ firstName: 'Gus', lastName: 'Guest' });
    expect(splitFullName('  Anna Maria   Rossi ')).toEqual({ firstName: 'Anna Maria', lastName: 'Rossi' });
    expect(splitFullName('Cher')).toEqual({ firstName: 'Cher', lastName: '' });
    expect(splitFullName('  ')).toBeNull();
    expect(splitFullName(null)).toBeNull();
  });
});
