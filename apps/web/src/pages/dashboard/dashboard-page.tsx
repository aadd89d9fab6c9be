// /dashboard (alias /): greets the user and shows the request tabs. Spec 2: the address is
// replaced so the query always has `tab` and `q`; the tab comes from the query, else the last
// selected one, else inbox. The lists themselves belong to a later issue.
import { DASHBOARD_TABS, needsDashboardQueryReplace, normaliseDashboardQuery } from '@countersign/domain';
import type { DashboardTab } from '@countersign/domain';
import { useEffect, useId, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useServices } from '../../app/services.js';
import { PageHeading } from '../../components/page-heading.js';
import { useSession } from '../../features/session/session-provider.js';
import { NotBuiltNotice } from '../system/not-built-page.js';

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

  // `/` is the same page: move to /dashboard with the normalised query in one replacement.
  if (pathname === '/') return <Navigate to={`/dashboard?${normalSearch}`} replace />;

  const selectTab = (tab: DashboardTab) => {
    setSearchParams({ ...normal, tab }, { replace: false });
    tabRefs.current[tab]?.focus();
  };
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
              onChange={(event) => setSearchParams({ ...normal, q: event.target.value }, { replace: true })}
            />
          </label>
        )}
        <NotBuiltNotice />
      </div>
    </>
  );
}
