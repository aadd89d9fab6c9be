// An endpoint's delivery log (ADR 069), newest first: each event with its state, attempts, the
// HTTP status of the last answer (or why there was none) and when; any delivery can be sent again
// with the same webhook-id.
import type { WebhookDelivery } from '@countersign/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.js';
import { ListTable } from '../business/list-table.js';
import { CallStatus } from '../errors/call-status.js';
import { describeApiError } from '../errors/describe-api-error.js';
import { useFormatDate } from '../i18n/use-format-date.js';
import { eventKey } from './webhook-form.js';
import { useDeliveries, useRedeliver, type WebhookOwner } from './webhooks-api.js';

function answerOf(delivery: WebhookDelivery, none: string): string {
  if (delivery.lastResponseStatus !== null) return String(delivery.lastResponseStatus);
  return delivery.lastError ?? none;
}

export function WebhookDeliveries({ owner, endpointId }: { owner: WebhookOwner; endpointId: string }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const deliveries = useDeliveries(owner, endpointId);
  const redeliver = useRedeliver(owner, endpointId);
  return (
    <section aria-label={t('webhooks.deliveriesHeading')} className="flex flex-col gap-2">
      <h4 className="font-semibold">{t('webhooks.deliveriesHeading')}</h4>
      <CallStatus isLoading={deliveries.isPending} error={deliveries.error} />
      {redeliver.isError && (
        <p role="alert" className="text-sm text-error">
          {t(describeApiError(redeliver.error))}
        </p>
      )}
      {deliveries.data?.length === 0 && <p className="text-muted">{t('webhooks.deliveriesEmpty')}</p>}
      {deliveries.data && deliveries.data.length > 0 && (
        <ListTable
          headings={[
            t('webhooks.event'),
            t('webhooks.state'),
            t('webhooks.attempts'),
            t('webhooks.response'),
            t('webhooks.lastAttempt'),
            '',
          ]}
        >
          {deliveries.data.map((delivery) => (
            <tr key={delivery.id} className="border-t border-line" data-testid="webhook-delivery">
              <td className="p-3">{t(eventKey(delivery.eventType))}</td>
              <td className="p-3">{t(`webhooks.states.${delivery.status}`)}</td>
              <td className="p-3">{delivery.attempts}</td>
              <td className="p-3 font-mono break-all">{answerOf(delivery, t('webhooks.noAnswer'))}</td>
              <td className="p-3">{delivery.lastAttemptAt ? formatDate(delivery.lastAttemptAt) : '–'}</td>
              <td className="p-3">
                <Button
                  size="sm"
                  variant="secondary"
                  isBusy={redeliver.isPending && redeliver.variables === delivery.id}
                  onClick={() => redeliver.mutate(delivery.id)}
                >
                  {t('webhooks.redeliver')}
                </Button>
              </td>
            </tr>
          ))}
        </ListTable>
      )}
    </section>
  );
}
