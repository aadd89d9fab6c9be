// The dashboard's query string (spec 2 "Route rules") and list page sizes (spec 5 and 9).

export const DASHBOARD_TABS = ['inbox', 'drafts', 'search'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];
export const DEFAULT_DASHBOARD_TAB: DashboardTab = 'inbox';

export function isDashboardTab(value: unknown): value is DashboardTab {
  return typeof value === 'string' && (DASHBOARD_TABS as readonly string[]).includes(value);
}

/** A parsed query string: one value, several values (repeated key) or none per key. */
export type QueryInput = Readonly<Record<string, string | readonly string[] | null | undefined>>;

export type DashboardQuery = Record<string, string> & { tab: DashboardTab; q: string };

function firstValue(value: string | readonly string[] | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  return typeof value === 'string' ? value : value[0];
}

/**
 * Spec 2: /dashboard is replaced so that the query always has `tab` and `q`. The tab comes from
 * the query, else the last selected tab, else inbox; a value outside inbox, drafts and search
 * becomes inbox. Other parameters are kept (first value of a repeated key).
 */
export function normaliseDashboardQuery(query: QueryInput, lastTab?: string | null): DashboardQuery {
  const rest: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    const first = firstValue(value);
    if (first !== undefined) rest[key] = first;
  }
  const requested = firstValue(query.tab) ?? lastTab ?? DEFAULT_DASHBOARD_TAB;
  const tab = isDashboardTab(requested) ? requested : DEFAULT_DASHBOARD_TAB;
  return { ...rest, tab, q: firstValue(query.q) ?? '' };
}

/** Whether the address bar must be replaced to carry the normalised dashboard query. */
export function needsDashboardQueryReplace(query: QueryInput, lastTab?: string | null): boolean {
  const normal = normaliseDashboardQuery(query, lastTab);
  return query.tab !== normal.tab || query.q !== normal.q;
}

/** Spec 5 and 9: every list is paged by 25, 50 or 100. */
export const PAGE_SIZES = [25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 25;

/** Any value that is not one of the page sizes (as number or numeric string) gives the default. */
export function normalisePageSize(value: unknown): PageSize {
  const size = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return (PAGE_SIZES as readonly unknown[]).includes(size) ? (size as PageSize) : DEFAULT_PAGE_SIZE;
}
