// What a change charges, as the server's preview says (the change charges exactly that): the new
// terms for the days left, the credit for the unused part of the current plan, the discount, VAT
// and the total due now, then what each following period costs.
import type { Preview } from '@countersign/contract';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/spinner.js';
import { useFormatDate } from '../i18n/use-format-date.js';
import { useFormatMoney } from './use-locale.js';

/** Basis points as a percentage for reading: 810 is "8.1". */
export function basisPointsAsPercent(basisPoints: number): string {
  const whole = Math.trunc(basisPoints / 100);
  const rest = Math.abs(basisPoints % 100);
  if (rest === 0) return String(whole);
  return `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

export function PreviewTable({ preview, isLoading }: { preview: Preview | undefined; isLoading: boolean }) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const formatDate = useFormatDate();
  if (!preview) return isLoading ? <Spinner label={t('billing.preview.loading')} /> : null;
  const money = (amount: number) => formatMoney(amount, preview.currency);
  const rows: [string, number][] = [
    [t('billing.preview.subtotal', { date: formatDate(preview.periodEnd) }), preview.subtotalMinor],
  ];
  if (preview.creditMinor !== 0) rows.push([t('billing.preview.credit'), -preview.creditMinor]);
  if (preview.discountMinor !== 0)
    rows.push([t('billing.preview.discount', { code: preview.promoCode ?? '' }), -preview.discountMinor]);
  rows.push([
    t('billing.preview.tax', { rate: basisPointsAsPercent(preview.taxRateBasisPoints) }),
    preview.taxMinor,
  ]);
  return (
    <section aria-label={t('billing.preview.heading')} className="rounded-lg border border-line bg-white p-4">
      <h2 className="mb-2 font-semibold">{t('billing.preview.heading')}</h2>
      <table className="w-full text-sm" data-testid="preview">
        <tbody>
          {rows.map(([label, amount]) => (
            <tr key={label}>
              <th scope="row" className="py-1 text-left font-normal">
                {label}
              </th>
              <td className="py-1 text-right tabular-nums">{money(amount)}</td>
            </tr>
          ))}
          <tr className="border-t border-line font-bold">
            <th scope="row" className="py-1 text-left">
              {t('billing.preview.total')}
            </th>
            <td className="py-1 text-right tabular-nums" data-testid="preview-total">
              {money(preview.totalMinor)}
            </td>
          </tr>
        </tbody>
      </table>
      {preview.reverseCharge && (
        <p className="mt-2 text-sm text-muted">{t('billing.preview.reverseCharge')}</p>
      )}
      <p className="mt-2 text-sm text-muted">
        {t('billing.preview.recurring', {
          amount: money(preview.recurringMinor),
          date: formatDate(preview.nextInvoiceAt),
        })}
      </p>
    </section>
  );
}
