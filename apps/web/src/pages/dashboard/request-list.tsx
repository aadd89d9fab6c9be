// One page of signature requests for a tab (GET /v3/signature-requests-redesign), with its
// loading, error and empty states and the page controls. Sent requests open at /view/{srid};
// drafts reopen on the upload screen to be finished. On the drafts tab, drafts can be selected
// and deleted, one or several at once (delete-drafts.ts).
import type { signatureRequestEndpoints } from '@countersign/contract';
import type { EndpointResponse } from '@countersign/contract';
import { formatDateTime, pageCountOf } from '@countersign/domain';
import type { DashboardListQuery, DashboardTab, Locale, TimeMode } from '@countersign/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useServices } from '../../app/services.js';
import { Button, buttonClasses } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { Spinner } from '../../components/spinner.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';
import { useDeleteDrafts } from './delete-drafts.js';
import { useDuplicateRequest } from './duplicate-request.js';
import { requestListQuery } from '../../features/requests/request-queries.js';
import { StatusBadge } from './status-badge.js';

type ListItem = EndpointResponse<typeof signatureRequestEndpoints.listSignatureRequests>['items'][number];

/** Where a row leads: drafts back to the upload screen, everything else to the request view. */
export function requestHref(item: Pick<ListItem, 'id' | 'status'>): string {
  return item.status === 'draft'
    ? `/upload?draft=${encodeURIComponent(item.id)}`
    : `/view/${encodeURIComponent(item.id)}`;
}

interface DraftSelection {
  isSelected: boolean;
  onToggle: () => void;
  onDelete: () => void;
}

function RequestRow({
  item,
  timeMode,
  locale,
  draft,
  onDuplicate,
}: {
  item: ListItem;
  timeMode: TimeMode;
  locale: Locale;
  /** on the drafts tab: the row can be selected and deleted */
  draft?: DraftSelection;
  /** a request of the caller's own can be copied into a new draft */
  onDuplicate?: () => void;
}) {
  const { t } = useTranslation();
  const date = formatDateTime(timeMode === 'created' ? item.createdAt : item.updatedAt, locale);
  return (
    <li className="flex items-center border-b border-line last:border-b-0">
      {draft && (
        <input
          type="checkbox"
          className="ml-3 size-5 shrink-0"
          aria-label={t('dashboard.drafts.select', { title: item.title })}
          checked={draft.isSelected}
          onChange={draft.onToggle}
        />
      )}
      <Link
        to={requestHref(item)}
        className="flex min-w-0 flex-1 flex-wrap items-center gap-x-4 gap-y-1 px-3 py-3 hover:bg-canvas focus-visible:bg-canvas"
      >
        <span className="min-w-0 flex-1 basis-48">
          <span className="block truncate font-semibold text-primary-dark">{item.title}</span>
          <span className="block truncate text-sm text-muted">
            {item.status === 'draft'
              ? t('dashboard.list.yourDraft')
              : item.sentByMe
                ? t('dashboard.list.sentByYou')
                : t('dashboard.list.from', { email: item.ownerName || item.ownerEmail })}
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
      {onDuplicate && (
        <Button
          variant="text"
          size="sm"
          className="shrink-0"
          aria-label={t('dashboard.duplicate.action', { title: item.title })}
          onClick={onDuplicate}
        >
          {t('dashboard.duplicate.short')}
        </Button>
      )}
      {draft && (
        <Button
          variant="text"
          size="sm"
          className="mr-2 shrink-0"
          aria-label={t('dashboard.drafts.delete', { title: item.title })}
          onClick={draft.onDelete}
        >
          {t('dashboard.drafts.deleteShort')}
        </Button>
      )}
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
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const deleteDrafts = useDeleteDrafts(() => setSelected(new Set()));
  const duplicate = useDuplicateRequest();
  const list = useQuery(requestListQuery(api, query));

  // An empty page kept from before (the cache of an earlier visit, or the previous tab's) is not
  // the answer yet: right after a first send it would claim there are no requests while the list
  // that has the new one is on its way. Only a fetched-and-settled empty list says "none".
  const emptyAwaitingAnswer = list.isFetching && list.data?.items.length === 0;
  if (list.isPending || emptyAwaitingAnswer) return <Spinner label={t('dashboard.list.loading')} />;
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
  const drafts = tab === 'drafts' ? items.filter((item) => item.status === 'draft') : [];
  const chosen = drafts.filter((item) => selected.has(item.id));
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <div className="flex flex-col gap-3" aria-busy={list.isFetching || undefined}>
      <div className="flex flex-wrap items-center gap-3">
        {drafts.length > 0 && (
          <input
            type="checkbox"
            className="ml-3 size-5"
            aria-label={t('dashboard.drafts.selectAll')}
            checked={chosen.length === drafts.length}
            onChange={() =>
              setSelected(chosen.length === drafts.length ? new Set() : new Set(drafts.map((d) => d.id)))
            }
          />
        )}
        <p className="text-sm text-muted" aria-live="polite">
          {t('dashboard.list.total', { total })}
        </p>
        {chosen.length > 0 && (
          <Button variant="secondary" size="sm" onClick={() => deleteDrafts(chosen)}>
            {t('dashboard.drafts.deleteSelected', { count: chosen.length })}
          </Button>
        )}
      </div>
      <ul aria-label={t('dashboard.list.label')} className="rounded-lg border border-line bg-white">
        {items.map((item) => (
          <RequestRow
            key={item.id}
            item={item}
            timeMode={timeMode}
            locale={i18n.language as Locale}
            draft={
              tab === 'drafts' && item.status === 'draft'
                ? {
                    isSelected: selected.has(item.id),
                    onToggle: () => toggle(item.id),
                    onDelete: () => deleteDrafts([item]),
                  }
                : undefined
            }
            onDuplicate={
              item.sentByMe || item.status === 'draft'
                ? () => {
                    if (!duplicate.isPending) duplicate.mutate(item.id);
                  }
                : undefined
            }
          />
        ))}
      </ul>
      {pages > 1 && <Pagination page={Math.min(query.page, pages)} pages={pages} onPage={onPage} />}
    </div>
  );
}
