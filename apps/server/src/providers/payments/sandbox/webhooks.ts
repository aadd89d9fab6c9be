// Webhook events of the sandbox payment provider, delivered as a provider delivers them: each
// event is a row of an outbox, written in the same transaction as the change it reports, then
// POSTed, signed, to our own webhook endpoint until the endpoint answers 2xx, with a growing
// pause between attempts measured on the app's clock. A delivery is leased, so two processes never
// send the same event at once; a process that dies mid-delivery leaves a lease that runs out, and
// the event is sent again (at least once, as real providers do: the endpoint ignores replays).
import { z } from 'zod';
import type { Clock } from '../../../lib/clock.js';
import { AppError } from '../../../lib/app-error.js';
import type { PaymentEvent, PaymentEventType } from '../provider.js';
import { newSandboxId } from './ids.js';
import type { WebhookRow, createWebhookOutboxRepo } from './repo.js';
import { isSignatureValid, signPayload } from './signature.js';

/** Pauses after the n-th refused delivery; the last one repeats until the endpoint takes it. */
export const WEBHOOK_RETRY_DELAYS_MS = [60, 300, 1800, 7200, 18_000, 43_200].map((s) => s * 1000);

export function webhookRetryDelay(refusedAttempts: number): number {
  return WEBHOOK_RETRY_DELAYS_MS[Math.min(refusedAttempts, WEBHOOK_RETRY_DELAYS_MS.length) - 1]!;
}

/** How long one delivery may take before another process may try the same event. */
const LEASE_MS = 60_000;
const BATCH = 20;

const ZWireEvent = z.object({
  id: z.string().min(1).max(100),
  type: z.enum(['setup_intent.succeeded', 'setup_intent.failed', 'payment.succeeded', 'payment.failed']),
  created: z.number().int(),
  customer_id: z.string().min(1).max(100),
  object_id: z.string().min(1).max(100),
  failure_code: z.string().max(100).nullable(),
});

/** What the endpoint answered: its status, or the failure that kept it from answering. */
export type WebhookSender = (body: string, signature: string) => Promise<number>;

export interface SandboxWebhooks {
  /** The outbox row of a new event, to be written with the change it reports. */
  event(type: PaymentEventType, customerId: string, objectId: string, failureCode: string | null): WebhookRow;
  /** Delivers every due event (of `ids` only, when given). */
  deliverDue(ids?: string[]): Promise<{ delivered: number; refused: number }>;
  /** Checks a delivery's signature and reads it (the webhook endpoint's side). */
  parse(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}

export function createSandboxWebhooks(options: {
  outbox: ReturnType<typeof createWebhookOutboxRepo>;
  clock: Clock;
  secret: string;
  send: () => WebhookSender;
  log: { warn(obj: unknown, msg: string): void };
}): SandboxWebhooks {
  const { outbox, clock, secret, log } = options;
  const at = (offsetMs = 0) => new Date(clock.now().getTime() + offsetMs).toISOString();

  async function deliverOne(row: WebhookRow): Promise<boolean> {
    let failure: string;
    try {
      const status = await options.send()(row.payload, signPayload(secret, row.payload, clock.now()));
      if (status >= 200 && status < 300) {
        await outbox.markDelivered(row.id, at());
        return true;
      }
      failure = `the endpoint answered ${status}`;
    } catch (err) {
      failure = err instanceof Error ? err.message : String(err);
    }
    const attempts = Number(row.attempts) + 1;
    const delay = webhookRetryDelay(attempts);
    await outbox.markRefused(row.id, attempts, at(delay), failure);
    log.warn(
      { eventId: row.id, attempts, failure, retryInMs: delay },
      'payment webhook not taken, will retry',
    );
    return false;
  }

  return {
    event(type, customerId, objectId, failureCode) {
      const id = newSandboxId('evt');
      const created = at();
      const payload = JSON.stringify({
        id,
        type,
        created: Math.floor(new Date(created).getTime() / 1000),
        customer_id: customerId,
        object_id: objectId,
        failure_code: failureCode,
      });
      return {
        id,
        payload,
        status: 'pending',
        attempts: 0,
        next_attempt_at: created,
        last_error: null,
        created_at: created,
        delivered_at: null,
      };
    },

    async deliverDue(ids) {
      let delivered = 0;
      let refused = 0;
      for (;;) {
        const rows = await outbox.claimDue(at(), at(LEASE_MS), BATCH, ids);
        for (const row of rows) {
          if (await deliverOne(row)) delivered += 1;
          else refused += 1;
        }
        if (rows.length < BATCH) return { delivered, refused };
      }
    },

    parse(rawBody, signature) {
      if (!isSignatureValid(secret, rawBody, signature, clock.now()))
        throw new AppError('payment.webhook_invalid', 'The webhook signature is missing, wrong or too old');
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new AppError('payment.webhook_invalid', 'The webhook body is not JSON');
      }
      const parsed = ZWireEvent.safeParse(json);
      if (!parsed.success) throw new AppError('payment.webhook_invalid', 'The webhook body is not an event');
      const e = parsed.data;
      return {
        id: e.id,
        type: e.type,
        customerId: e.customer_id,
        objectId: e.object_id,
        failureCode: e.failure_code,
      };
    },
  };
}
