// The business dashboard's summary of the satisfaction survey (ADR 059), for admins: how many of
// the business's people answered after their first send and how many declined, the mean rating,
// how many gave each answer, and the latest comments, none with a name.
import type { SatisfactionSurveySummary } from '@countersign/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { FormAlert } from '../../components/form-alert.js';
import { Spinner } from '../../components/spinner.js';
import { surveySummaryQuery } from '../../features/business/business-queries.js';
import { ratingKey } from '../../features/business/satisfaction-survey-dialog.js';
import { ListTable } from '../../features/business/list-table.js';
import { useFormatDate } from '../../features/i18n/use-format-date.js';

const s = 'businessPages.surveySummary';

export function SurveySummarySection({ businessId }: { businessId: string }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const summary = useQuery(surveySummaryQuery(api, businessId));
  return (
    <section aria-labelledby="survey-summary-heading" className="mt-8 flex flex-col gap-4">
      <h2 id="survey-summary-heading" className="text-xl font-bold">
        {t(`${s}.heading`)}
      </h2>
      <p className="text-muted">{t(`${s}.lead`)}</p>
      {summary.isPending && <Spinner label={t('app.loading')} />}
      {summary.isError && <FormAlert message={t('apiErrors.generic')} />}
      {summary.data && <Summary summary={summary.data} />}
    </section>
  );
}

function Summary({ summary }: { summary: SatisfactionSurveySummary }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const figures: [string, string][] = [
    [t(`${s}.answered`), String(summary.answered)],
    [t(`${s}.dismissed`), String(summary.dismissed)],
    [
      t(`${s}.average`),
      summary.averageRating === null ? '–' : t(`${s}.averageValue`, { value: summary.averageRating }),
    ],
  ];
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 rounded-lg border border-line bg-white p-4">
        {figures.map(([label, value]) => (
          <div key={label} className="contents" data-testid="survey-figure">
            <dt>{label}</dt>
            <dd className="text-right font-bold">{value}</dd>
          </div>
        ))}
      </dl>
      {summary.answered === 0 ? (
        <p className="text-muted">{t(`${s}.none`)}</p>
      ) : (
        <ListTable headings={[t(`${s}.rating`), t(`${s}.count`)]}>
          {summary.ratingCounts.map((count, index) => (
            <tr key={index} className="border-b border-line last:border-0" data-testid="survey-rating">
              <th scope="row" className="p-3 text-left font-normal">
                {t(ratingKey(index + 1))}
              </th>
              <td className="p-3">{count}</td>
            </tr>
          ))}
        </ListTable>
      )}
      {summary.comments.length > 0 && (
        <div className="flex flex-col gap-2 lg:col-span-2">
          <h3 className="text-lg font-semibold">{t(`${s}.comments`)}</h3>
          <ul className="flex flex-col gap-2">
            {summary.comments.map((c) => (
              <li key={`${c.createdAt}-${c.comment}`} className="rounded-lg border border-line bg-white p-3">
                <p className="break-words whitespace-pre-line">{c.comment}</p>
                <p className="text-sm text-muted">
                  {t(ratingKey(c.rating))} · {formatDate(c.createdAt)}
                </p>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
