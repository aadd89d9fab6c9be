// /business/activity (and /business/members/activity, which redirects here): the activity lists of
// the business (accounts, signatures, identifications) with the filters the calls take (start
// and end date, each inclusive, order, page size), and the whole list for those filters as CSV. The
// export streams in, so the button shows the bytes received as they arrive.
import { businessActivityEndpoints } from '@countersign/contract';
import type { ActivityFilter, ActivityKind, Business } from '@countersign/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/page-heading.js';
import { SelectField } from '../../components/select-field.js';
import { Spinner } from '../../components/spinner.js';
import { TextField } from '../../components/text-field.js';
import { FormAlert } from '../../components/form-alert.js';
import { useServices } from '../../app/services.js';
import { businessQueryKey } from '../../features/business/business-api.js';
import { BusinessGate } from '../../features/business/business-gate.js';
import { Pager } from '../../features/business/paged-list.js';
import type { PageSize } from '../../features/business/paged-list.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';
import { ActivityTable } from './activity-table.js';
import type { ActivityPage } from './activity-table.js';
import { CsvDownload } from './csv-download.js';

const kinds: readonly ActivityKind[] = ['accounts', 'signatures', 'identifications'];

const endpointOf = {
  accounts: businessActivityEndpoints.listAccountActivities,
  signatures: businessActivityEndpoints.listSignatureActivities,
  identifications: businessActivityEndpoints.listIdentificationActivities,
} as const;

export function ActivityPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading lead={t('consolePages.activity.lead')}>{t('consolePages.activity.heading')}</PageHeading>
      <BusinessGate>{(business) => <Activity business={business} />}</BusinessGate>
    </>
  );
}

/** The filters as the calls take them: dates left out when empty (the whole history). */
export function filterOf(from: string, to: string, sort: ActivityFilter['sort']): ActivityFilter {
  return { sort, ...(from ? { startDate: from } : {}), ...(to ? { endDate: to } : {}) };
}

function Activity({ business }: { business: Business }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [kind, setKind] = useState<ActivityKind>('signatures');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [sort, setSort] = useState<ActivityFilter['sort']>('desc');
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<PageSize>(25);
  const datesInvalid = from !== '' && to !== '' && to < from;
  const filter = filterOf(from, to, sort);
  const list = useQuery({
    queryKey: [...businessQueryKey, business.id, 'activity', kind, filter, page, size],
    queryFn: async ({ signal }): Promise<ActivityPage> => {
      const input = { params: { id: business.id }, query: { ...filter, page, size }, signal };
      switch (kind) {
        case 'accounts':
          return { kind, ...(await api.call(endpointOf.accounts, input)) };
        case 'signatures':
          return { kind, ...(await api.call(endpointOf.signatures, input)) };
        case 'identifications':
          return { kind, ...(await api.call(endpointOf.identifications, input)) };
      }
    },
    enabled: !datesInvalid,
    placeholderData: keepPreviousData,
  });
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / size));
  // a change of filter starts from the first page again
  const refilter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return (
    <div className="flex flex-col gap-6">
      <form
        aria-label={t('consolePages.activity.heading')}
        className="flex flex-wrap items-start gap-4 rounded-lg border border-line bg-white p-4"
        onSubmit={(event) => event.preventDefault()}
      >
        <SelectField
          label={t('consolePages.activity.kind')}
          value={kind}
          options={kinds.map((value) => ({ value, label: t(`consolePages.activity.kinds.${value}`) }))}
          onChange={(event) => refilter(setKind)(event.target.value as ActivityKind)}
        />
        <TextField
          type="date"
          label={t('consolePages.activity.from')}
          value={from}
          onChange={(event) => refilter(setFrom)(event.target.value)}
        />
        <TextField
          type="date"
          label={t('consolePages.activity.to')}
          value={to}
          min={from || undefined}
          error={datesInvalid ? t('consolePages.activity.datesInvalid') : undefined}
          onChange={(event) => refilter(setTo)(event.target.value)}
        />
        <SelectField
          label={t('consolePages.activity.sort')}
          value={sort}
          options={[
            { value: 'desc', label: t('consolePages.activity.newest') },
            { value: 'asc', label: t('consolePages.activity.oldest') },
          ]}
          onChange={(event) => refilter(setSort)(event.target.value as ActivityFilter['sort'])}
        />
      </form>
      <CsvDownload businessId={business.id} kind={kind} filter={filter} disabled={datesInvalid} />
      {list.isPending && !datesInvalid && <Spinner label={t('app.loading')} />}
      <FormAlert message={list.error ? t(describeApiError(list.error)) : null} />
      {list.data && !datesInvalid && (
        <section aria-labelledby="activity-list-heading" className="flex flex-col gap-3">
          <h2 id="activity-list-heading" className="text-lg font-semibold">
            {t(`consolePages.activity.kinds.${list.data.kind}`)}
          </h2>
          {list.data.total === 0 ? (
            <p className="text-muted">{t('consolePages.activity.empty')}</p>
          ) : (
            <ActivityTable page={list.data} />
          )}
          <Pager
            list={{
              page,
              pages,
              size,
              setPage,
              setSize: (next) => {
                setSize(next);
                setPage(1);
              },
            }}
            label={t(`consolePages.activity.kinds.${list.data.kind}`)}
          />
        </section>
      )}
    </div>
  );
}
