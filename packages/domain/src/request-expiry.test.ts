import { describe, expect, it } from 'vitest';
import { checkExpiry, defaultExpiry, expiryReminderAt, isPastExpiry } from './request-expiry.js';

const now = new Date('2026-11-22T10:00:00Z');

describe('request expiry', () => {
  it('accepts a deadline between an hour and a year ahead', () => {
    expect(checkExpiry('2026-11-22T11:00:00Z', now)).toBeUndefined();
    expect(checkExpiry('2027-11-22T10:00:00Z', now)).toBeUndefined();
    expect(checkExpiry('2026-11-22T10:59:59Z', now)).toBe('too_soon');
    expect(checkExpiry('2020-01-01T00:00:00Z', now)).toBe('too_soon');
    expect(checkExpiry('2027-11-22T10:00:01Z', now)).toBe('too_late');
    expect(checkExpiry('not a date', now)).toBe('too_soon');
  });

  it('defaults to a number of days after sending', () => {
    expect(defaultExpiry(now, 60)).toBe('2027-01-21T10:00:00.000Z');
  });

  it('is past at the deadline itself, never without one', () => {
    expect(isPastExpiry('2026-11-22T10:00:00Z', now)).toBe(true);
    expect(isPastExpiry('2026-11-22T10:00:01Z', now)).toBe(false);
    expect(isPastExpiry(null, now)).toBe(false);
  });

  it('reminds days before the deadline, unless that is not after sending', () => {
    expect(expiryReminderAt(now, '2026-12-22T10:00:00Z', 3)).toBe('2026-12-19T10:00:00.000Z');
    expect(expiryReminderAt(now, '2026-11-24T10:00:00Z', 3)).toBeNull();
    expect(expiryReminderAt(now, '2026-12-22T10:00:00Z', 0)).toBeNull();
  });
});
