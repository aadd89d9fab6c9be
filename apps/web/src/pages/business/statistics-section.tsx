// The statistics of the business dashboard (GET .../statistics): signatures per month by level,
// open and completed requests, people and seats in use. Each is a chart and the same numbers as a
// table, so they are there for a screen reader and for anyone who wants the exact figures. The
// charts' library loads with this section only (its own chunk), never with other pages.
import type { BusinessStatistics } from '@countersign/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { FormAlert } from '../../components/form-alert.js';
import { Spinner } from '../../components/spinner.js';
import { statisticsQuery } from '../../features/business/business-queries.js';
import { ListTable } from '../../features/business/list-table.js';
import type { ChartTexts } from './statistics-charts.js';

const charts = () => import('./statistics-charts.js');
const SignaturesChart = lazy(async () => ({ default: (await charts()).SignaturesChart }));
const RequestsChart = lazy(async () => ({ default: (await charts()).RequestsChart }));

/** `2026-11` as the page's language names the month (`Nov 2026`). */
export function monthName(month: string, locale: string): string {
  const [year, number] = month.split('-').map(Number);
  if (!year || !number) return month;
  const date = new Date(Date.UTC(year, number - 1, 1));
  return new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date);
}

export function StatisticsSection({ businessId }: { businessId: string }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const statistics = useQuery(statisticsQuery(api, businessId));
  return (
    <section aria-labelledby="statistics-heading" className="mt-8 flex flex-col gap-6">
      <h2 id="statistics-heading" className="text-xl font-bold">
        {t('consolePages.statistics.heading')}
      </h2>
      {statistics.isPending && <Spinner label={t('app.loading')} />}
      {statistics.isError && <FormAlert message={t('consolePages.statistics.loadError')} />}
      {statistics.data && <Figures statistics={statistics.data} />}
    </section>
  );
}

function Figures({ statistics }: { statistics: BusinessStatistics }) {
  const { t, i18n } = useTranslation();
  const s = 'consolePages.statistics';
  const texts: ChartTexts = useMemo(
    () => ({
      levels: {
        ses: t('consolePages.activity.levels.ses'),
        aes: t('consolePages.activity.levels.aes'),
        qes: t('consolePages.activity.levels.qes'),
      },
      open: t(`${s}.open`),
      completed: t(`${s}.completed`),
      signaturesLabel: t(`${s}.signaturesChart`),
      requestsLabel: t(`${s}.requestsChart`),
    }),
    [t],
  );
  const monthLabel = useCallback((month: string) => monthName(month, i18n.language), [i18n.language]);
  const box = 'flex flex-col gap-3 rounded-lg border border-line bg-white p-4';
  return (
    <>
      <div className={box}>
        <h3 className="text-lg font-semibold">{t(`${s}.signaturesHeading`)}</h3>
        <Suspense fallback={<Spinner label={t('app.loading')} />}>
          <SignaturesChart statistics={statistics} texts={texts} monthLabel={monthLabel} />
        </Suspense>
        <ListTable
          headings={[t(`${s}.month`), texts.levels.ses, texts.levels.aes, texts.levels.qes, t(`${s}.total`)]}
        >
          {statistics.signaturesPerMonth.map((row) => (
            <tr key={row.month} className="border-b border-line last:border-0" data-testid="statistics-month">
              <th scope="row" className="p-3 text-left font-normal">
                {monthLabel(row.month)}
              </th>
              <td className="p-3">{row.ses}</td>
              <td className="p-3">{row.aes}</td>
              <td className="p-3">{row.qes}</td>
              <td className="p-3 font-semibold">{row.ses + row.aes + row.qes}</td>
            </tr>
          ))}
        </ListTable>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className={box}>
          <h3 className="text-lg font-semibold">{t(`${s}.requestsHeading`)}</h3>
          <Suspense fallback={<Spinner label={t('app.loading')} />}>
            <RequestsChart statistics={statistics} texts={texts} />
          </Suspense>
          <FigureTable
            rows={[
              [texts.open, statistics.requests.open],
              [texts.completed, statistics.requests.completed],
            ]}
          />
        </div>
        <div className={box}>
          <h3 className="text-lg font-semibold">{t(`${s}.peopleHeading`)}</h3>
          <FigureTable
            rows={[
              [t(`${s}.people`), statistics.members],
              [t(`${s}.seats`), statistics.seats.used],
            ]}
          />
        </div>
      </div>
    </>
  );
}

function FigureTable({ rows }: { rows: [string, number][] }) {
  const { t } = useTranslation();
  return (
    <ListTable headings={[t('consolePages.statistics.figure'), t('consolePages.statistics.value')]}>
      {rows.map(([label, value]) => (
        <tr key={label} className="border-b border-line last:border-0" data-testid="statistics-figure">
          <th scope="row" className="p-3 text-left font-normal">
            {label}
          </th>
          <td className="p-3 text-2xl font-bold">{value}</td>
        </tr>
      ))}
    </ListTable>
  );
}
