import { describe, expect, it } from 'vitest';
import { dateInputFromIso, isoFromDateInput } from './date-input.js';

describe('date filter days', () => {
  it('covers the whole picked day, from its first to its last millisecond', () => {
    const from = isoFromDateInput('2026-03-02', 'start');
    const to = isoFromDateInput('2026-03-02', 'end');
    expect(from && to && Date.parse(to) - Date.parse(from)).toBe(24 * 60 * 60 * 1000 - 1);
    expect(new Date(from ?? '').getHours()).toBe(0);
  });

  it('shows back the day it stored, and nothing for no date or a broken value', () => {
    expect(dateInputFromIso(isoFromDateInput('2026-12-31', 'end'))).toBe('2026-12-31');
    expect(dateInputFromIso(isoFromDateInput('2026-01-01', 'start'))).toBe('2026-01-01');
    expect(isoFromDateInput('', 'start')).toBeNull();
    expect(isoFromDateInput('31.12.2026', 'end')).toBeNull();
    expect(dateInputFromIso(null)).toBe('');
  });
});
