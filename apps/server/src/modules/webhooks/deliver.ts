// The background job that sends due webhook deliveries (ADR 069). Each run claims a batch under a
// lease, signs each delivery with the endpoint's valid secrets and POSTs it; a 2xx answer delivers
// it, anything else schedules it again with exponential back-off (30 s doubling, at most 6 h
// apart, 30 attempts: a little over five days), with the same webhook-id. An endpoint that has
// failed for WEBHOOK_DISABLE_AFTER_DAYS is disabled and its owner mailed.
import { isLanguage } from '@countersign/domain';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/tokens.js';
import type { Mailer } from '../../providers/mail/mailer.js';
import type { DeliveryRepo } from './delivery-repo.js';
import { renderEndpointDisabledMail } from './mail-templates.js';
import type { WebhookRepo } from './repo.js';
import { sendWebhook, signatureHeader, type AttemptResult } from './send.js';

export interface WebhookDeliveryDeps {
  endpoints: WebhookRepo;
  deliveries: DeliveryRepo;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  log: { error(obj: unknown, msg: string): void };
  settings: { disableAfterDays: number; allowPrivate: boolean; timeoutMs: number };
  /** tests replace the HTTP attempt; the server sends for real */
  send?: typeof sendWebhook;
}

export const MAX_ATTEMPTS = 30;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 6 * 60 * 60 * 1000;
const BATCH = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

/** How long after its `attempts`-th failed attempt a delivery is tried again. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

const isDelivered = (r: AttemptResult) => r.status !== null && r.status >= 200 && r.status < 300;

/** One run: the deliveries due now, each attempted once; how many were delivered and failed. */
export async function deliverDueWebhooks(
  deps: WebhookDeliveryDeps,
): Promise<{ delivered: number; failed: number; disabled: number }> {
  const holder = newId();
  const started = deps.clock.now();
  // a lease outlives the attempt's deadline, so it runs out only for a holder that died
  const leaseUntil = new Date(started.getTime() + deps.settings.timeoutMs * 2 + 30_000).toISOString();
  const claimed = await deps.deliveries.claimDue(started.toISOString(), holder, leaseUntil, BATCH);
  const report = { delivered: 0, failed: 0, disabled: 0 };
  for (const delivery of claimed) {
    const now = deps.clock.now();
    const timestamp = Math.floor(now.getTime() / 1000);
    const secrets = await deps.endpoints.validSecrets(delivery.endpointId, now.toISOString());
    const result = await (deps.send ?? sendWebhook)({
      url: delivery.url,
      body: delivery.payload,
      headers: {
        'webhook-id': delivery.messageId,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signatureHeader(secrets, delivery.messageId, timestamp, delivery.payload),
      },
      timeoutMs: deps.settings.timeoutMs,
      allowPrivate: deps.settings.allowPrivate,
    });
    const at = deps.clock.now();
    const delivered = isDelivered(result);
    const attempts = delivery.attempts + 1;
    const error = delivered ? null : (result.error ?? `answered HTTP ${result.status}`);
    await deps.deliveries.finish(delivery.id, holder, {
      at: at.toISOString(),
      responseStatus: result.status,
      error,
      delivered,
      nextAttemptAt:
        delivered || attempts >= MAX_ATTEMPTS
          ? null
          : new Date(at.getTime() + retryDelayMs(attempts)).toISOString(),
    });
    if (delivered) report.delivered++;
    else report.failed++;
    const failingSince = await deps.deliveries.markEndpoint(delivery.endpointId, delivered, at.toISOString());
    if (failingSince && (await disableIfFailedTooLong(deps, delivery.endpointId, at))) report.disabled++;
  }
  return report;
}

async function disableIfFailedTooLong(
  deps: WebhookDeliveryDeps,
  endpointId: string,
  at: Date,
): Promise<boolean> {
  const cutoff = new Date(at.getTime() - deps.settings.disableAfterDays * DAY_MS).toISOString();
  if (!(await deps.deliveries.disableFailing(endpointId, cutoff, at.toISOString()))) return false;
  const endpoint = await deps.endpoints.findById(endpointId);
  if (!endpoint) return true;
  for (const contact of await deps.endpoints.contactsOf(endpoint.owner)) {
    const lang = (JSON.parse(contact.attributes) as { lang?: string }).lang;
    try {
      await deps.mailer.send(
        renderEndpointDisabledMail(isLanguage(lang) ? lang : 'en', contact.email, {
          url: endpoint.url,
          days: deps.settings.disableAfterDays,
          link: `${deps.publicUrl}/api/docs`,
          idempotencyKey: `webhook-disabled-${endpointId}-${at.toISOString()}-${contact.email}`,
        }),
      );
    } catch (err) {
      // the endpoint is disabled either way; its list shows why
      deps.log.error({ err }, 'sending the webhook disabled mail failed');
    }
  }
  return true;
}
