import { describe, expect, it } from 'vitest';
import {
  DASHBOARD_TABS,
  needsDashboardQueryReplace,
  normaliseDashboardQuery,
  normalisePageSize,
  PAGE_SIZES,
} from './dashboard-query.js';

describe('normaliseDashboardQuery (spec 2)', () => {
  const candidates = [undefined, null, 'inbox', 'drafts', 'search', 'archive', ''];

  it('takes the tab from the query, else the last tab, else inbox; invalid values become inbox', () => {
    for (const queryTab of candidates) {
      for (const lastTab of candidates) {
        const requested = queryTab ?? lastTab ?? 'inbox';
        const expected = (DASHBOARD_TABS as readonly unknown[]).includes(requested) ? requested : 'inbox';
        expect(normaliseDashboardQuery({ tab: queryTab }, lastTab).tab, `${queryTab}/${lastTab}`).toBe(
          expected,
        );
      }
    }
  });

  it('always carries q, empty when absent, and keeps other parameters', () => {
    expect(normaliseDashboardQuery({})).toEqual({ tab: 'inbox', q: '' });
    expect(normaliseDashboardQuery({ q: 'contract', page: '2' }, 'search')).toEqual({
      tab: 'search',
      q: 'contract',
      page: '2',
    });
  });

  it('uses the first value of a repeated key', () => {
    expect(normaliseDashboardQuery({ tab: ['drafts', 'search'], q: ['a', 'b'] })).toMatchObject({
      tab: 'drafts',
      q: 'a',
    });
  });

  it('says when the address must be replaced', () => {
    expect(needsDashboardQueryReplace({})).toBe(true);
    expect(needsDashboardQueryReplace({ tab: 'drafts' })).toBe(true);
    expect(needsDashboardQueryReplace({ tab: 'bogus', q: '' })).toBe(true);
    expect(needsDashboardQueryReplace({ tab: 'drafts', q: '' })).toBe(false);
    expect(needsDashboardQueryReplace({ tab: 'search', q: 'x', page: '2' })).toBe(false);
  });
});

describe('page sizes (spec 5, 9)', () => {
  it('are 25, 50 and 100', () => {
    expect(PAGE_SIZES).toEqual([25, 50, 100]);
  });

  it('keeps a page size given as number or string and defaults anything else to 25', () => {
    expect([25, 50, 100, '25', '50', '100', ' 50 '].map(normalisePageSize)).toEqual([
      25, 50, 100, 25, 50, 100, 50,
    ]);
    for (const value of [undefined, null, 0, 10, 75, 1000, '1e2', 'abc', 50.5, [50]]) {
      expect(normalisePageSize(value), String(value)).toBe(25);
    }
  });
});
