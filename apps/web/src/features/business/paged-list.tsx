// One paged list of the business (admins, members, invitations): 25, 50 or 100 a page (spec 5),
// with the page and its size kept per list, and the pager under it.
import { PAGE_SIZES } from '@countersign/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../api/api-error.js';
import { Button } from '../../components/button.js';
import { SelectField } from '../../components/select-field.js';
import { businessQueryKey } from './business-api.js';

export interface Page<T> {
  items: T[];
  page: number;
  size: number;
  total: number;
}

export type PageSize = 25 | 50 | 100;

/** One page of a list of the business; `P` may carry more than the items (a list's limits). */
export function usePagedList<T, P extends Page<T> = Page<T>>(
  businessId: string,
  list: string,
  load: (input: { page: number; size: PageSize; signal: AbortSignal }) => Promise<P>,
) {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<PageSize>(25);
  const query = useQuery<P, ApiError>({
    queryKey: [...businessQueryKey, businessId, list, page, size],
    queryFn: ({ signal }) => load({ page, size, signal }),
    placeholderData: keepPreviousData,
  });
  const pages = Math.max(1, Math.ceil((query.data?.total ?? 0) / size));
  // a removal can leave the page past the end: show the last one instead
  if (query.data && page > pages) setPage(pages);
  return {
    query,
    page,
    pages,
    size,
    setPage,
    setSize: (next: PageSize) => {
      setSize(next);
      setPage(1);
    },
  };
}

/** Where a paged list is and how to move: what the pager needs of any paged list. */
export type PagePosition = Pick<
  ReturnType<typeof usePagedList<unknown>>,
  'page' | 'pages' | 'size' | 'setPage' | 'setSize'
>;

export function Pager({ list, label }: { list: PagePosition; label: string }) {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t('businessPages.paging.label', { list: label })}
      className="mt-3 flex flex-wrap items-end gap-3 text-sm"
    >
      <SelectField
        label={t('businessPages.paging.size')}
        value={String(list.size)}
        options={PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
        onChange={(event) => list.setSize(Number(event.target.value) as PageSize)}
      />
      <Button
        variant="secondary"
        size="sm"
        disabled={list.page <= 1}
        onClick={() => list.setPage(list.page - 1)}
      >
        {t('businessPages.paging.previous')}
      </Button>
      <span>{t('businessPages.paging.position', { page: list.page, pages: list.pages })}</span>
      <Button
        variant="secondary"
        size="sm"
        disabled={list.page >= list.pages}
        onClick={() => list.setPage(list.page + 1)}
      >
        {t('businessPages.paging.next')}
      </Button>
    </nav>
  );
}
