// The configured payment provider, built with what it needs: the sandbox gets its tables, a
// webhook secret derived from the installation's key, and a way to POST to our own webhook
// endpoint; Stripe gets its keys (and another API server in tests). Serving processes deliver
// the sandbox's events in the background; tests deliver them when they choose
// (app.jobs.deliverPaymentWebhooks).
import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { DEVELOPMENT_TRUST_KEK } from '../../modules/trust/open-trust.js';
import type { PaymentProvider } from './provider.js';
import { createStripeProvider } from './stripe.js';
import { createSandboxPaymentsRepo, createWebhookOutboxRepo } from './sandbox/repo.js';
import { createSandboxPaymentProvider, type SandboxPaymentProvider } from './sandbox/sandbox.js';
import { createSandboxWebhooks, type WebhookSender } from './sandbox/webhooks.js';

/** How often a serving process looks for sandbox webhook events due for (another) delivery. */
const DELIVERY_POLL_MS = 10_000;

export const SANDBOX_WEBHOOK_PURPOSE = 'countersign sandbox payments webhook';

/** A sandbox secret derived from the installation's key, so that all its processes agree on it. */
export function deriveSandboxSecret(config: Config, purpose: string): string {
  return createHmac('sha256', config.trustKek ?? DEVELOPMENT_TRUST_KEK)
    .update(purpose)
    .digest('hex');
}

export interface ConfiguredPayments {
  provider: PaymentProvider | undefined;
  /** the sandbox, when it is the provider: its pages are served then */
  sandbox: SandboxPaymentProvider | undefined;
  /** Delivers the sandbox's due webhook events (a no-op for other providers). */
  deliverWebhooks(): Promise<{ delivered: number; refused: number }>;
  stop(): void;
}

export function createConfiguredPayments(options: {
  config: Config;
  db: Kysely<Database>;
  clock: Clock;
  log: { warn(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void };
  /** POSTs a signed event to our webhook endpoint and tells its status (set once routes exist) */
  send: () => WebhookSender;
}): ConfiguredPayments {
  const { config, db, clock, log } = options;
  const payments = config.payments;
  if (payments.provider !== 'sandbox') {
    const provider =
      payments.provider === 'stripe'
        ? createStripeProvider({
            secretKey: payments.secretKey,
            webhookSecret: payments.webhookSecret,
            apiBase: payments.apiBase,
            clock,
          })
        : undefined;
    // Stripe delivers its own events; there is nothing of ours to deliver
    return {
      provider,
      sandbox: undefined,
      deliverWebhooks: async () => ({ delivered: 0, refused: 0 }),
      stop: () => undefined,
    };
  }
  const derive = (purpose: string) => deriveSandboxSecret(config, purpose);
  const webhooks = createSandboxWebhooks({
    outbox: createWebhookOutboxRepo(db),
    clock,
    secret: derive(SANDBOX_WEBHOOK_PURPOSE),
    send: options.send,
    log,
  });
  const deliver = () =>
    webhooks.deliverDue().catch((err: unknown) => {
      log.error({ err }, 'delivering sandbox payment webhooks failed');
      return { delivered: 0, refused: 0 };
    });
  const background = config.backgroundJobs;
  const timer = background ? setInterval(() => void deliver(), DELIVERY_POLL_MS) : undefined;
  timer?.unref();
  const sandbox = createSandboxPaymentProvider({
    repo: createSandboxPaymentsRepo(db),
    webhooks,
    clock,
    publicUrl: config.publicUrl,
    pageSecret: derive('countersign sandbox payments pages'),
    // a charge's event goes out right after the charge, off the caller's path
    afterCharge: () => {
      if (background) setImmediate(() => void deliver());
    },
  });
  return {
    provider: sandbox,
    sandbox,
    deliverWebhooks: () => webhooks.deliverDue(),
    stop: () => clearInterval(timer),
  };
}
