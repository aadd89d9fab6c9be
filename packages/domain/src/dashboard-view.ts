// The saved dashboard view (spec 3: filters, dates as ISO strings, currentTimeMode, sentByMe,
// sort, view, pageSize) and how a tab plus that view becomes the list query of
// GET /v3/signature-requests-redesign (spec 3: page, size, sortOrder, sortBy, dateFrom, dateTo,
// dateTimeMode, status list, search, sendBy). The view comes back from a cookie the browser
// may have kept for a year, so reading it forgives anything and falls back field by field.
import { DEFAULT_DASHBOARD_TAB, isDashboardTab, normalisePageSize } from './dashboard-query.js';
import type { DashboardTab, PageSize } from './dashboard-query.js';
import { DEFAULT_PAGE_SIZE } from './dashboard-query.js';
import type { RequestStateName } from './request-display-status.js';

/** The states the status filter offers; drafts have a tab of their own. */
export const FILTERABLE_STATUSES = ['open', 'completed', 'declined', 'withdrawn', 'expired'] as const;
export type FilterableStatus = (typeof FILTERABLE_STATUSES)[number];

export const TIME_MODES = ['updated', 'created'] as const;
export type TimeMode = (typeof TIME_MODES)[number];

export const SORT_FIELDS = ['updated_at', 'created_at', 'title'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export type SortOrder = 'asc' | 'desc';

export interface DashboardView {
  filters: { status: FilterableStatus[] };
  /** Instants as ISO 8601 strings; `to` is inclusive. */
  dates: { from: string | null; to: string | null };
  currentTimeMode: TimeMode;
  sentByMe: boolean;
  sort: { by: SortField; order: SortOrder };
  /** The tab last shown. */
  view: DashboardTab;
  pageSize: PageSize;
}

export const DEFAULT_DASHBOARD_VIEW: DashboardView = {
  filters: { status: [] },
  dates: { from: null, to: null },
  currentTimeMode: 'updated',
  sentByMe: false,
  sort: { by: 'updated_at', order: 'desc' },
  view: DEFAULT_DASHBOARD_TAB,
  pageSize: DEFAULT_PAGE_SIZE,
};

function oneOf<T extends string>(allowed: readonly T[], value: unknown, fallback: T): T {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value)
    ? (value as T)
    : fallback;
}

function isoOrNull(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** Any value (parsed cookie JSON, or garbage) as a complete view. */
export function parseDashboardView(raw: unknown): DashboardView {
  const input = record(raw);
  const filters = record(input.filters);
  const dates = record(input.dates);
  const sort = record(input.sort);
  const statuses = Array.isArray(filters.status) ? filters.status : [];
  return {
    filters: {
      status: FILTERABLE_STATUSES.filter((status) => statuses.includes(status)),
    },
    dates: { from: isoOrNull(dates.from), to: isoOrNull(dates.to) },
    currentTimeMode: oneOf(TIME_MODES, input.currentTimeMode, DEFAULT_DASHBOARD_VIEW.currentTimeMode),
    sentByMe: input.sentByMe === true,
    sort: {
      by: oneOf(SORT_FIELDS, sort.by, DEFAULT_DASHBOARD_VIEW.sort.by),
      order: oneOf(['asc', 'desc'] as const, sort.order, DEFAULT_DASHBOARD_VIEW.sort.order),
    },
    view: isDashboardTab(input.view) ? input.view : DEFAULT_DASHBOARD_VIEW.view,
    pageSize: normalisePageSize(input.pageSize),
  };
}

export interface DashboardListQuery {
  page: number;
  size: PageSize;
  sortBy: SortField;
  sortOrder: SortOrder;
  dateFrom?: string;
  dateTo?: string;
  dateTimeMode: TimeMode;
  status: RequestStateName[];
  search?: string;
  sendBy: 'me' | 'any';
}

/**
 * The list query of one tab. Drafts are the caller's own unsent requests. The inbox shows
 * everything sent (the chosen states, else every state but draft). Search looks through
 * everything, drafts included, unless states are chosen.
 */
export function dashboardListQuery(input: {
  tab: DashboardTab;
  q: string;
  page: number;
  view: DashboardView;
}): DashboardListQuery {
  const { view } = input;
  const chosen: RequestStateName[] = [...view.filters.status];
  const status: RequestStateName[] =
    input.tab === 'drafts'
      ? ['draft']
      : chosen.length > 0 || input.tab === 'search'
        ? chosen
        : [...FILTERABLE_STATUSES];
  const query: DashboardListQuery = {
    page: Number.isInteger(input.page) && input.page >= 1 ? input.page : 1,
    size: view.pageSize,
    sortBy: view.sort.by,
    sortOrder: view.sort.order,
    dateTimeMode: view.currentTimeMode,
    status,
    sendBy: input.tab === 'drafts' || view.sentByMe ? 'me' : 'any',
  };
  if (view.dates.from) query.dateFrom = view.dates.from;
  if (view.dates.to) query.dateTo = view.dates.to;
  const search = input.q.trim();
  if (input.tab === 'search' && search !== '') query.search = search.slice(0, 200);
  return query;
}

/**
 * Whether the person narrowed a tab's list: a search (search tab), chosen states or "sent by
 * me" (not on drafts, which ignore them), or a date range. An empty list then means nothing
 * matched, not that there is nothing yet, and says so.
 */
export function isDashboardListNarrowed(input: {
  tab: DashboardTab;
  q: string;
  view: DashboardView;
}): boolean {
  const { view } = input;
  if (view.dates.from || view.dates.to) return true;
  if (input.tab === 'drafts') return false;
  return view.filters.status.length > 0 || view.sentByMe || (input.tab === 'search' && input.q.trim() !== '');
}

/** The number of pages a list of `total` items fills, at least one. */
export function pageCountOf(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}
