// Webhook endpoints of a business or of the signed-in person's own account (ADR 069), over the
// existing API: add one with the events it wants, change or disable it, rotate its signing secret,
// remove it, and read its delivery log with each answer's HTTP status and send a delivery again. A
// signing secret is in the answer of creation and rotation only, so it is shown once, until the
// person says it is stored.
import type { WebhookEndpoint } from '@countersign/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.js';
import { CallStatus } from '../errors/call-status.js';
import { describeApiError } from '../errors/describe-api-error.js';
import { WebhookDeliveries } from './webhook-deliveries.js';
import { WebhookForm, eventKey } from './webhook-form.js';
import { useWebhooks, type NewWebhook, type WebhookChange, type WebhookOwner } from './webhooks-api.js';

const EMPTY: NewWebhook = { url: '', description: '', events: ['signature_request.completed'] };

interface ShownSecret {
  url: string;
  secret: string;
}

function SecretOnce({ shown, onDone }: { shown: ShownSecret; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="webhook-secret-heading"
      className="flex flex-col gap-3 rounded-lg border border-warning bg-warning/10 p-4"
      data-testid="webhook-secret"
    >
      <h3 id="webhook-secret-heading" className="font-semibold">
        {t('webhooks.secretHeading', { url: shown.url })}
      </h3>
      <p>{t('webhooks.secretOnce')}</p>
      <code className="font-mono break-all" data-testid="webhook-secret-value">
        {shown.secret}
      </code>
      <Button className="self-start" onClick={onDone}>
        {t('webhooks.secretStored')}
      </Button>
    </section>
  );
}

function EndpointCard({
  owner,
  endpoint,
  onSecret,
}: {
  owner: WebhookOwner;
  endpoint: WebhookEndpoint;
  onSecret: (shown: ShownSecret) => void;
}) {
  const { t } = useTranslation();
  const { calls, refresh } = useWebhooks(owner);
  const [isEditing, setIsEditing] = useState(false);
  const [isConfirmingRemoval, setIsConfirmingRemoval] = useState(false);
  const [isShowingLog, setIsShowingLog] = useState(false);
  const update = useMutation({
    mutationFn: (change: WebhookChange) => calls.update(endpoint.id, change),
    onSuccess: async () => {
      setIsEditing(false);
      await refresh();
    },
  });
  const rotate = useMutation({
    mutationFn: () => calls.rotate(endpoint.id),
    onSuccess: async (answer) => {
      onSecret({ url: answer.endpoint.url, secret: answer.secret });
      await refresh();
    },
  });
  const remove = useMutation({ mutationFn: () => calls.remove(endpoint.id), onSuccess: refresh });
  const failure = update.error ?? rotate.error ?? remove.error;
  return (
    <li
      className="flex flex-col gap-3 rounded-lg border border-line bg-white p-4"
      data-testid="webhook-endpoint"
    >
      <div className="flex flex-col gap-1">
        <h3 className="font-mono font-semibold break-all">{endpoint.url}</h3>
        {endpoint.description && <p className="text-muted">{endpoint.description}</p>}
        <p className="text-sm">
          {endpoint.enabled
            ? t('webhooks.enabled')
            : t(endpoint.disabledReason === 'failing' ? 'webhooks.disabledFailing' : 'webhooks.disabled')}
        </p>
        <p className="text-sm text-muted">{endpoint.events.map((event) => t(eventKey(event))).join(', ')}</p>
      </div>
      {failure && (
        <p role="alert" className="text-sm text-error">
          {t(describeApiError(failure))}
        </p>
      )}
      {isEditing ? (
        <WebhookForm
          initial={{ url: endpoint.url, description: endpoint.description, events: endpoint.events }}
          submitLabel={t('webhooks.save')}
          isBusy={update.isPending}
          onSubmit={(values) => update.mutate(values)}
          onCancel={() => setIsEditing(false)}
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => setIsEditing(true)}>
            {t('webhooks.edit')}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            isBusy={update.isPending}
            onClick={() => update.mutate({ enabled: !endpoint.enabled })}
          >
            {endpoint.enabled ? t('webhooks.disable') : t('webhooks.enable')}
          </Button>
          <Button size="sm" variant="secondary" isBusy={rotate.isPending} onClick={() => rotate.mutate()}>
            {t('webhooks.rotate')}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setIsShowingLog((shown) => !shown)}>
            {isShowingLog ? t('webhooks.hideDeliveries') : t('webhooks.showDeliveries')}
          </Button>
          {isConfirmingRemoval ? (
            <>
              <Button size="sm" isBusy={remove.isPending} onClick={() => remove.mutate()}>
                {t('webhooks.confirmRemove')}
              </Button>
              <Button size="sm" variant="text" onClick={() => setIsConfirmingRemoval(false)}>
                {t('webhooks.cancel')}
              </Button>
            </>
          ) : (
            <Button size="sm" variant="text" onClick={() => setIsConfirmingRemoval(true)}>
              {t('webhooks.remove')}
            </Button>
          )}
        </div>
      )}
      {isShowingLog && <WebhookDeliveries owner={owner} endpointId={endpoint.id} />}
    </li>
  );
}

export function WebhooksSection({ owner }: { owner: WebhookOwner }) {
  const { t } = useTranslation();
  const { calls, endpoints, refresh } = useWebhooks(owner);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const [formKey, setFormKey] = useState(0);
  const create = useMutation({
    mutationFn: (values: NewWebhook) => calls.create(values),
    onSuccess: async (answer) => {
      setShown({ url: answer.endpoint.url, secret: answer.secret });
      setFormKey((key) => key + 1);
      await refresh();
    },
  });
  return (
    <section aria-labelledby="webhooks-heading" className="flex flex-col gap-4">
      <h2 id="webhooks-heading" className="text-lg font-semibold">
        {t('webhooks.heading')}
      </h2>
      <p className="text-muted">{t('webhooks.lead')}</p>
      {shown && <SecretOnce shown={shown} onDone={() => setShown(null)} />}
      <CallStatus isLoading={endpoints.isPending} error={endpoints.error} />
      {endpoints.data?.length === 0 && <p className="text-muted">{t('webhooks.empty')}</p>}
      {endpoints.data && endpoints.data.length > 0 && (
        <ul className="flex flex-col gap-3">
          {endpoints.data.map((endpoint) => (
            <EndpointCard key={endpoint.id} owner={owner} endpoint={endpoint} onSecret={setShown} />
          ))}
        </ul>
      )}
      <div className="flex flex-col gap-3 rounded-lg border border-line bg-white p-4">
        <h3 className="font-semibold">{t('webhooks.addHeading')}</h3>
        {create.isError && (
          <p role="alert" className="text-sm text-error">
            {t(describeApiError(create.error))}
          </p>
        )}
        <WebhookForm
          key={formKey}
          initial={EMPTY}
          submitLabel={t('webhooks.add')}
          isBusy={create.isPending}
          onSubmit={(values) => create.mutate(values)}
        />
      </div>
    </section>
  );
}
