// Receiving a payment provider's webhook: the provider checks the signature over the bytes as
// sent, then the event is recorded by its id and handed to billing in one transaction, so the
// same event delivered twice changes nothing and a handler that fails leaves the event to the
// provider's next delivery.
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type {
  PaymentEvent,
  PaymentProvider,
  PaymentProviderName,
} from '../../providers/payments/provider.js';
import type { PaymentsRepo } from './repo.js';

/** What billing does with a verified, first-time event, inside the transaction that records it. */
export type PaymentEventHandler = (
  event: PaymentEvent & { provider: PaymentProviderName },
  trx: Transaction<Database>,
) => Promise<void>;

export interface WebhookDeps {
  repo: PaymentsRepo;
  clock: Clock;
  provider: PaymentProvider | undefined;
  /** billing's handler; until one is registered events are only recorded */
  onPaymentEvent: PaymentEventHandler | undefined;
}

export async function receivePaymentWebhook(
  deps: WebhookDeps,
  input: {
    provider: PaymentProviderName;
    rawBody: Buffer;
    headers: Record<string, string | string[] | undefined>;
  },
): Promise<{ received: true; applied: boolean }> {
  const { provider } = deps;
  if (!provider || provider.name !== input.provider)
    throw new AppError(
      'payment.provider_unavailable',
      `This installation does not take payments through ${input.provider}`,
    );
  const event = provider.parseWebhook(input.rawBody, input.headers);
  // a kind of event billing does not act on is acknowledged, so the provider stops sending it
  if (!event) return { received: true, applied: false };
  const applied = await deps.repo.recordEvent(provider.name, event, deps.clock.now().toISOString(), (trx) =>
    deps.onPaymentEvent ? deps.onPaymentEvent({ ...event, provider: provider.name }, trx) : Promise.resolve(),
  );
  return { received: true, applied };
}
