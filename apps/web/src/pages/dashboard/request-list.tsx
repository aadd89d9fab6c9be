// One page of signature requests for a tab (GET /v3/signature-requests-redesign), with its
// loading, error and empty states and the page controls. Sent requests open at /view/{srid};
// drafts reopen on the upload screen to be finished.
import { signatureRequestEndpoints } from '@countersign/contract';
import type { EndpointResponse } from '@countersign/contract';
import { formatDateTime, pageCountOf } from '@countersign/domain';
import type { DashboardListQuery, DashboardTab, Locale, TimeMode } from '@countersign/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useServices } from '../../app/services.js';
import { Button, buttonClasses } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { Spinner } from '../../components/spinner.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';
import { requestListKey } from './request-list-key.js';
import { StatusBadge } from './status-badge.js';

type ListItem = EndpointResponse<typeof signatureRequestEndpoints.listSignatureRequests>['items'][number];

/** Where a row leads: drafts back to the upload screen, everything else to the request view. */
export function requestHref(item: Pick<ListItem, 'id' | 'status'>): string {
  return item.status === 'draft'
    ? `/upload?draft=${encodeURIComponent(item.id)}`
    : `/view/${encodeURIComponent(item.id)}`;
}

function RequestRow({ item, timeMode, locale }: { item: ListItem; timeMode: TimeMode; locale: Locale }) {
  const { t } = useTranslation();
  const date = formatDateTime(timeMode === 'created' ? item.createdAt : item.updatedAt, locale);
  return (
    <li className="border-b border-line last:border-b-0">
      <Link
        to={requestHref(item)}
        className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-3 hover:bg-canvas focus-visible:bg-canvas"
      >
        <span className="min-w-0 flex-1 basis-48">
          <span className="block truncate font-semibold text-primary-dark">{item.title}</span>
          <span className="block truncate text-sm text-muted">
            {item.status === 'draft'
              ? t('dashboard.list.yourDraft')
              : item.sentByMe
                ? t('dashboard.list.sentByYou')
                : t('dashboard.list.from', { email: item.ownerEmail })}
          </span>
        </span>
        <StatusBadge request={item} />
        <span className="text-sm text-muted">
          {t('dashboard.list.progress', { signed: item.signersSigned, total: item.signersTotal })}
        </span>
        <span className="text-sm text-muted">
          {t(timeMode === 'created' ? 'dashboard.list.created' : 'dashboard.list.updated', { date })}
        </span>
      </Link>
    </li>
  );
}

function Pagination({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('dashboard.pagination.label')} className="flex flex-wrap items-center gap-3">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('dashboard.pagination.previous')}
      </Button>
      <span aria-live="polite">{t('dashboard.pagination.position', { page, pages })}</span>
      <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('dashboard.pagination.next')}
      </Button>
    </nav>
  );
}

export function RequestList({
  tab,
  query,
  isNarrowed,
  timeMode,
  onPage,
}: {
  tab: DashboardTab;
  query: DashboardListQuery;
  /** A search or filter is on: an empty list means nothing matched, not a first visit. */
  isNarrowed: boolean;
  timeMode: TimeMode;
  onPage: (page: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const list = useQuery({
    queryKey: [...requestListKey, query],
    queryFn: ({ signal }) => api.call(signatureRequestEndpoints.listSignatureRequests, { query, signal }),
    placeholderData: keepPreviousData,
  });

  if (list.isPending) return <Spinner label={t('dashboard.list.loading')} />;
  if (list.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <FormAlert message={`${t('dashboard.list.error')} ${t(describeApiError(list.error))}`} />
        <Button variant="secondary" onClick={() => void list.refetch()}>
          {t('dashboard.list.retry')}
        </Button>
      </div>
    );
  }
  const { items, total, size } = list.data;
  if (items.length === 0 && query.page <= 1) {
    return (
      <div className="flex flex-col items-start gap-3 rounded-lg border border-dashed border-line bg-white p-6">
        <p>{t(`dashboard.list.empty.${isNarrowed ? 'search' : tab}`)}</p>
        {!isNarrowed && tab !== 'search' && (
          <Link to="/upload" className={buttonClasses('primary')}>
            {t('dashboard.list.upload')}
          </Link>
        )}
      </div>
    );
  }
  const pages = pageCountOf(total, size);
  return (
    <div className="flex flex-col gap-3" aria-busy={list.isFetching || undefined}>
      <p className="text-sm text-muted" aria-live="polite">
        {t('dashboard.list.total', { total })}
      </p>
      <ul aria-label={t('dashboard.list.label')} className="rounded-lg border border-line bg-white">
        {items.map((item) => (
          <RequestRow key={item.id} item={item} timeMode={timeMode} locale={i18n.language as Locale} />
        ))}
      </ul>
      {pages > 1 && <Pagination page={Math.min(query.page, pages)} pages={pages} onPage={onPage} />}
    </div>
  );
}
