import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DASHBOARD_VIEW,
  dashboardListQuery,
  isDashboardListNarrowed,
  pageCountOf,
  parseDashboardView,
} from './dashboard-view.js';
import type { DashboardView } from './dashboard-view.js';

const view = (overrides: Partial<DashboardView> = {}): DashboardView => ({
  ...DEFAULT_DASHBOARD_VIEW,
  ...overrides,
});

describe('parseDashboardView (spec 3 saved view)', () => {
  it('reads back a complete view unchanged', () => {
    const saved: DashboardView = {
      filters: { status: ['open', 'completed'] },
      dates: { from: '2026-01-01T00:00:00.000Z', to: '2026-02-01T23:59:59.999Z' },
      currentTimeMode: 'created',
      sentByMe: true,
      sort: { by: 'title', order: 'asc' },
      view: 'search',
      pageSize: 100,
    };
    expect(parseDashboardView(JSON.parse(JSON.stringify(saved)))).toEqual(saved);
  });

  it('falls back field by field for anything it does not recognise', () => {
    expect(parseDashboardView('nonsense')).toEqual(DEFAULT_DASHBOARD_VIEW);
    expect(parseDashboardView(null)).toEqual(DEFAULT_DASHBOARD_VIEW);
    const parsed = parseDashboardView({
      filters: { status: ['open', 'draft', 'bogus', 'expired'] },
      dates: { from: 'not a date', to: '2026-03-01' },
      currentTimeMode: 'yesterday',
      sentByMe: 'yes',
      sort: { by: 'owner', order: 'sideways' },
      view: 'archive',
      pageSize: 30,
    });
    expect(parsed).toEqual({
      ...DEFAULT_DASHBOARD_VIEW,
      filters: { status: ['open', 'expired'] },
      dates: { from: null, to: '2026-03-01T00:00:00.000Z' },
    });
    expect(parseDashboardView({ pageSize: '50' }).pageSize).toBe(50);
  });
});

describe('dashboardListQuery', () => {
  it('lists every sent state in the inbox unless states are chosen', () => {
    const inbox = dashboardListQuery({ tab: 'inbox', q: 'ignored', page: 1, view: view() });
    expect(inbox).toEqual({
      page: 1,
      size: 25,
      sortBy: 'updated_at',
      sortOrder: 'desc',
      dateTimeMode: 'updated',
      status: ['open', 'completed', 'declined', 'withdrawn', 'expired'],
      sendBy: 'any',
    });
    const chosen = dashboardListQuery({
      tab: 'inbox',
      q: '',
      page: 3,
      view: view({ filters: { status: ['completed'] }, sentByMe: true, pageSize: 50 }),
    });
    expect(chosen).toMatchObject({ page: 3, size: 50, status: ['completed'], sendBy: 'me' });
  });

  it('shows only the caller’s own drafts in the drafts tab, whatever the status filter', () => {
    const drafts = dashboardListQuery({
      tab: 'drafts',
      q: '',
      page: 1,
      view: view({ filters: { status: ['open'] } }),
    });
    expect(drafts).toMatchObject({ status: ['draft'], sendBy: 'me' });
  });

  it('searches with the trimmed text across every state and carries dates and sort', () => {
    const search = dashboardListQuery({
      tab: 'search',
      q: '  lease  ',
      page: 0,
      view: view({
        dates: { from: '2026-01-01T00:00:00.000Z', to: null },
        currentTimeMode: 'created',
        sort: { by: 'title', order: 'asc' },
      }),
    });
    expect(search).toEqual({
      page: 1,
      size: 25,
      sortBy: 'title',
      sortOrder: 'asc',
      dateTimeMode: 'created',
      dateFrom: '2026-01-01T00:00:00.000Z',
      status: [],
      search: 'lease',
      sendBy: 'any',
    });
    expect(dashboardListQuery({ tab: 'search', q: '   ', page: 1, view: view() })).not.toHaveProperty(
      'search',
    );
  });

  it('counts pages, at least one', () => {
    expect([pageCountOf(0, 25), pageCountOf(25, 25), pageCountOf(26, 25), pageCountOf(101, 100)]).toEqual([
      1, 1, 2, 2,
    ]);
  });
});

describe('isDashboardListNarrowed', () => {
  it('is false for the saved defaults on every tab, and for an empty search', () => {
    for (const tab of ['inbox', 'drafts', 'search'] as const)
      expect(isDashboardListNarrowed({ tab, q: '  ', view: view() })).toBe(false);
  });

  it('is true for chosen states, "sent by me" or a search, except where the tab ignores them', () => {
    const states = view({ filters: { status: ['expired'] } });
    const mine = view({ sentByMe: true });
    expect(isDashboardListNarrowed({ tab: 'inbox', q: '', view: states })).toBe(true);
    expect(isDashboardListNarrowed({ tab: 'inbox', q: '', view: mine })).toBe(true);
    expect(isDashboardListNarrowed({ tab: 'search', q: 'lease', view: view() })).toBe(true);
    // drafts are always the caller's own drafts: neither narrows them
    expect(isDashboardListNarrowed({ tab: 'drafts', q: '', view: states })).toBe(false);
    expect(isDashboardListNarrowed({ tab: 'drafts', q: '', view: mine })).toBe(false);
    // the search box shows only on the search tab
    expect(isDashboardListNarrowed({ tab: 'inbox', q: 'lease', view: view() })).toBe(false);
  });

  it('is true on every tab for a date range, open at either end', () => {
    const from = view({ dates: { from: '2030-01-01T00:00:00.000Z', to: null } });
    const to = view({ dates: { from: null, to: '2020-01-01T23:59:59.999Z' } });
    for (const tab of ['inbox', 'drafts', 'search'] as const) {
      expect(isDashboardListNarrowed({ tab, q: '', view: from })).toBe(true);
      expect(isDashboardListNarrowed({ tab, q: '', view: to })).toBe(true);
    }
  });
});
