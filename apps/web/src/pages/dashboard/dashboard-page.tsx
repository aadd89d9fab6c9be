// /dashboard (alias /): greets the user and shows the request tabs. Spec 2: the address is
// replaced so the query always has `tab` and `q`; the tab comes from the query, else the last
// selected one, else inbox. Below the tabs: filters, sort and page size (kept in the saved-view
// cookie) and the tab's list; the page number travels in the address as `page`.
import {
  DASHBOARD_TABS,
  dashboardListQuery,
  isDashboardListNarrowed,
  needsDashboardQueryReplace,
  normaliseDashboardQuery,
} from '@countersign/domain';
import type { DashboardTab, DashboardView } from '@countersign/domain';
import { useEffect, useId, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useServices } from '../../app/services.js';
import { PageHeading } from '../../components/page-heading.js';
import { useSession } from '../../features/session/session-provider.js';
import { DashboardFilters } from './dashboard-filters.js';
import { RequestList } from './request-list.js';
import { useOfferRelationshipSurvey } from '../../features/surveys/relationship-survey.js';
import { useDashboardView } from './use-dashboard-view.js';
import { useDebounced } from './use-debounced.js';

export const lastDashboardTabKey = 'countersign.dashboard-tab';

function readQuery(params: URLSearchParams): Record<string, string> {
  return Object.fromEntries(params.entries());
}

export function DashboardPage() {
  const { t } = useTranslation();
  const { storage } = useServices();
  const { user } = useSession();
  const { pathname } = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const baseId = useId();
  const tabRefs = useRef<Partial<Record<DashboardTab, HTMLButtonElement | null>>>({});
  const [view, updateView] = useDashboardView();
  useOfferRelationshipSurvey();
  const query = readQuery(searchParams);
  const lastTab = storage.getItem(lastDashboardTabKey);
  const normal = normaliseDashboardQuery(query, lastTab);
  const mustReplace = needsDashboardQueryReplace(query, lastTab);

  const normalSearch = new URLSearchParams(normal).toString();
  useEffect(() => {
    if (pathname !== '/' && mustReplace)
      setSearchParams(new URLSearchParams(normalSearch), { replace: true });
  }, [pathname, mustReplace, normalSearch, setSearchParams]);
  useEffect(() => {
    if (!mustReplace) storage.setItem(lastDashboardTabKey, normal.tab);
  }, [mustReplace, normal.tab, storage]);

  // The address follows every keystroke; the list waits until typing pauses. (Called before the
  // redirect below: a hook after an early return changes the hook order between renders.)
  const search = useDebounced(normal.q, 300);

  // `/` is the same page: move to /dashboard with the normalised query in one replacement.
  if (pathname === '/') return <Navigate to={`/dashboard?${normalSearch}`} replace />;

  // A new tab, filter or search starts again at the first page.
  const withoutPage = Object.fromEntries(Object.entries(normal).filter(([key]) => key !== 'page'));
  const selectTab = (tab: DashboardTab) => {
    setSearchParams({ ...withoutPage, tab }, { replace: false });
    updateView({ view: tab });
    tabRefs.current[tab]?.focus();
  };
  const changeView = (change: Partial<DashboardView>) => {
    updateView(change);
    setSearchParams(withoutPage, { replace: true });
  };
  const listQuery = dashboardListQuery({
    tab: normal.tab,
    q: search,
    page: Number(normal.page ?? 1),
    view,
  });
  const onKeyDown = (event: KeyboardEvent) => {
    const index = DASHBOARD_TABS.indexOf(normal.tab);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = DASHBOARD_TABS[(index + step + DASHBOARD_TABS.length) % DASHBOARD_TABS.length];
    if (next) selectTab(next);
  };

  return (
    <>
      <PageHeading>
        {t('dashboard.greeting', { name: user ? `${user.firstName} ${user.lastName}` : '' })}
      </PageHeading>
      <div
        role="tablist"
        aria-label={t('dashboard.tabsLabel')}
        className="mb-4 flex gap-1 border-b border-line"
        onKeyDown={onKeyDown}
      >
        {DASHBOARD_TABS.map((tab) => {
          const isSelected = tab === normal.tab;
          return (
            <button
              key={tab}
              ref={(element) => {
                tabRefs.current[tab] = element;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab}`}
              aria-selected={isSelected}
              aria-controls={`${baseId}-panel`}
              tabIndex={isSelected ? 0 : -1}
              className={`-mb-px border-b-2 px-4 py-2 font-semibold ${isSelected ? 'border-primary text-primary-dark' : 'border-transparent text-muted'}`}
              onClick={() => selectTab(tab)}
            >
              {t(`dashboard.tabs.${tab}`)}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={`${baseId}-tab-${normal.tab}`}
        className="flex flex-col gap-4"
      >
        {normal.tab === 'search' && (
          <label className="flex max-w-md flex-col gap-1 text-sm font-semibold">
            {t('dashboard.searchLabel')}
            <input
              type="search"
              className="rounded-md border border-line bg-white px-3 py-2 font-normal"
              value={normal.q}
              onChange={(event) =>
                setSearchParams({ ...withoutPage, q: event.target.value }, { replace: true })
              }
            />
          </label>
        )}
        <DashboardFilters tab={normal.tab} view={view} onChange={changeView} />
        <RequestList
          tab={normal.tab}
          query={listQuery}
          isNarrowed={isDashboardListNarrowed({ tab: normal.tab, q: search, view })}
          timeMode={view.currentTimeMode}
          onPage={(page) => setSearchParams({ ...normal, page: String(page) })}
        />
      </div>
    </>
  );
}
