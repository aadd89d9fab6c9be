import { describe, expect, it } from 'vitest';
import { activityRange, lastMonths } from './activity-range.js';

describe('the time range of an activity report', () => {
  it('takes in whole days, both inclusive', () => {
    expect(activityRange('2026-11-01', '2026-11-24')).toEqual({
      from: '2026-11-01T00:00:00.000Z',
      toExclusive: '2026-11-25T00:00:00.000Z',
    });
  });

  it('takes an instant with its offset as that instant, the end one included', () => {
    expect(activityRange('2026-11-24T10:00:00+01:00', '2026-11-24T12:30:00Z')).toEqual({
      from: '2026-11-24T09:00:00.000Z',
      toExclusive: '2026-11-24T12:30:00.001Z',
    });
  });

  it('leaves a side open when its date is not given', () => {
    expect(activityRange()).toEqual({ from: null, toExclusive: null });
    expect(activityRange(undefined, '2026-02-28').toExclusive).toBe('2026-03-01T00:00:00.000Z');
  });
});

describe('the months of the dashboard', () => {
  it('counts back across a year, oldest first, the current month last', () => {
    expect(lastMonths(new Date('2026-02-15T12:00:00Z'), 4)).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
  });
});
