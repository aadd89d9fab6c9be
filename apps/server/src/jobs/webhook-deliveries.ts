// Sends the integrators' due webhook deliveries every few seconds (ADR 069). Every serving process
// runs it; each delivery is claimed under a lease, so they share the work and never send one twice
// at once, and what a process that died had claimed is sent by another once the lease runs out.
import { deliverDueWebhooks, type WebhookDeliveryDeps } from '../modules/webhooks/deliver.js';
import { schedulePeriodic, type JobLog } from './periodic.js';

export const WEBHOOK_DELIVERY_EVERY_MS = 5_000;

export function scheduleWebhookDeliveries(
  deps: WebhookDeliveryDeps,
  log: JobLog,
  everyMs = WEBHOOK_DELIVERY_EVERY_MS,
): () => void {
  return schedulePeriodic(
    'webhook deliveries',
    () => deliverDueWebhooks(deps),
    (report) => report.failed > 0 || report.disabled > 0,
    log,
    everyMs,
    2_000,
  );
}
