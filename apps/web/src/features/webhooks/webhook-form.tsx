// The form of a webhook endpoint: its URL, what it is for, and the events it wants (ADR 069), for a
// new endpoint and for changing one. The URL is checked by the contract's own rule before sending.
import { WEBHOOK_EVENT_TYPES, ZWebhookUrl } from '@countersign/contract';
import type { WebhookEventType } from '@countersign/contract';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.js';
import { CheckboxField } from '../../components/checkbox-field.js';
import { TextField } from '../../components/text-field.js';
import type { NewWebhook } from './webhooks-api.js';

/** The key of each event's name among the texts. */
const EVENT_KEYS = {
  'signature_request.sent': 'webhooks.events.signatureRequestSent',
  'signature_request.viewed': 'webhooks.events.signatureRequestViewed',
  'signature_request.signed': 'webhooks.events.signatureRequestSigned',
  'signature_request.declined': 'webhooks.events.signatureRequestDeclined',
  'signature_request.withdrawn': 'webhooks.events.signatureRequestWithdrawn',
  'signature_request.expired': 'webhooks.events.signatureRequestExpired',
  'signature_request.completed': 'webhooks.events.signatureRequestCompleted',
  'signature_request.deleted': 'webhooks.events.signatureRequestDeleted',
  'identification.finished': 'webhooks.events.identificationFinished',
} as const satisfies Record<WebhookEventType, string>;

export const eventKey = (event: WebhookEventType) => EVENT_KEYS[event];

/** The contract's rule for a webhook URL, which throws on some input rather than refusing it. */
function isWebhookUrl(value: string): boolean {
  try {
    return ZWebhookUrl.safeParse(value).success;
  } catch {
    return false;
  }
}

export function WebhookForm({
  initial,
  submitLabel,
  isBusy,
  onSubmit,
  onCancel,
}: {
  initial: NewWebhook;
  submitLabel: string;
  isBusy: boolean;
  onSubmit: (values: NewWebhook) => void;
  onCancel?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState(initial.url);
  const [description, setDescription] = useState(initial.description);
  const [events, setEvents] = useState<WebhookEventType[]>(initial.events);
  const [problems, setProblems] = useState<{ url?: string; events?: string }>({});
  const toggle = (event: WebhookEventType, isOn: boolean) =>
    setEvents((current) => WEBHOOK_EVENT_TYPES.filter((e) => (e === event ? isOn : current.includes(e))));
  const submit = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    const next = {
      ...(!isWebhookUrl(url.trim()) && { url: t('webhooks.urlInvalid') }),
      ...(events.length === 0 && { events: t('webhooks.eventsRequired') }),
    };
    setProblems(next);
    if (next.url || next.events) return;
    onSubmit({ url: url.trim(), description: description.trim(), events });
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3">
      <TextField
        label={t('webhooks.url')}
        hint={t('webhooks.urlHint')}
        error={problems.url}
        value={url}
        type="url"
        spellCheck={false}
        autoCapitalize="off"
        maxLength={2000}
        onChange={(event) => setUrl(event.target.value)}
      />
      <TextField
        label={t('webhooks.description')}
        value={description}
        maxLength={200}
        onChange={(event) => setDescription(event.target.value)}
      />
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-semibold">{t('webhooks.eventsLegend')}</legend>
        {WEBHOOK_EVENT_TYPES.map((event) => (
          <CheckboxField
            key={event}
            label={t(eventKey(event))}
            checked={events.includes(event)}
            onChange={(e) => toggle(event, e.target.checked)}
          />
        ))}
        {problems.events && (
          <p role="alert" className="text-sm text-error">
            {problems.events}
          </p>
        )}
      </fieldset>
      <div className="flex gap-2">
        <Button type="submit" isBusy={isBusy}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            {t('webhooks.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}
