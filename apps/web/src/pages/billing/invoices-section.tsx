// The invoices of a business (its billing page) or of a person's own plan (/upgrade): number,
// date, amount and status, newest first, each downloaded as the sealed PDF the server keeps.
import { paymentEndpoints } from '@countersign/contract';
import type { Invoice } from '@countersign/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../api/api-error.js';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { useFormatMoney } from '../../features/billing/use-locale.js';
import { businessQueryKey } from '../../features/business/business-api.js';
import { CallStatus } from '../../features/errors/call-status.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';
import { useFormatDate } from '../../features/i18n/use-format-date.js';
import { userQueryKey } from '../../features/session/session-provider.js';
import { saveBlob } from '../../features/signing/binary.js';

/** Whose invoices: a business's (its admins), or the signed-in person's own. */
export type InvoiceOwner = { businessId: string } | { own: true };

function useInvoices(owner: InvoiceOwner) {
  const { api } = useServices();
  return useQuery<{ invoices: Invoice[] }, ApiError>({
    queryKey:
      'businessId' in owner
        ? [...businessQueryKey, owner.businessId, 'invoices']
        : [...userQueryKey, 'invoices'],
    queryFn: ({ signal }) =>
      'businessId' in owner
        ? api.call(paymentEndpoints.listBusinessInvoices, { params: { id: owner.businessId }, signal })
        : api.call(paymentEndpoints.listUserInvoices, { signal }),
  });
}

export function InvoicesSection({ owner }: { owner: InvoiceOwner }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const formatMoney = useFormatMoney();
  const formatDate = useFormatDate();
  const invoices = useInvoices(owner);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  const download = async (invoice: Invoice) => {
    setBusy(invoice.id);
    setFailure(null);
    try {
      const file =
        'businessId' in owner
          ? await api.download(paymentEndpoints.downloadBusinessInvoice, {
              params: { id: owner.businessId, invoiceId: invoice.id },
            })
          : await api.download(paymentEndpoints.downloadUserInvoice, { params: { invoiceId: invoice.id } });
      saveBlob(file.blob, file.fileName ?? `${invoice.number}.pdf`);
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="invoices" className="flex flex-col gap-2">
      <h2 id="invoices" className="text-lg font-bold">
        {t('billing.invoices.heading')}
      </h2>
      <CallStatus isLoading={invoices.isPending} error={invoices.error} />
      {invoices.data?.invoices.length === 0 && <p>{t('billing.invoices.none')}</p>}
      {invoices.data && invoices.data.invoices.length > 0 && (
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className="py-1 pr-4">
                {t('billing.invoices.number')}
              </th>
              <th scope="col" className="py-1 pr-4">
                {t('billing.invoices.date')}
              </th>
              <th scope="col" className="py-1 pr-4 text-right">
                {t('billing.invoices.amount')}
              </th>
              <th scope="col" className="py-1 pr-4">
                {t('billing.invoices.status')}
              </th>
              <th scope="col" className="py-1">
                <span className="sr-only">{t('billing.invoices.pdf')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {invoices.data.invoices.map((invoice) => (
              <tr key={invoice.id} className="border-b border-line" data-testid="invoice-row">
                <td className="py-1 pr-4 font-mono">{invoice.number}</td>
                <td className="py-1 pr-4">{formatDate(invoice.issuedAt)}</td>
                <td className="py-1 pr-4 text-right">{formatMoney(invoice.totalMinor, invoice.currency)}</td>
                <td className="py-1 pr-4">{t(`billing.invoices.statuses.${invoice.status}`)}</td>
                <td className="py-1">
                  <Button
                    variant="text"
                    size="sm"
                    isBusy={busy === invoice.id}
                    onClick={() => void download(invoice)}
                  >
                    {t('billing.invoices.download')} <span className="sr-only">{invoice.number}</span>
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {failure !== null && <FormAlert message={t(describeApiError(failure))} />}
    </section>
  );
}
