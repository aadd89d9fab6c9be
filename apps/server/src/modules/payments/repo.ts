// SQL of the payments module: the webhook events applied, by provider and event id.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { PaymentEvent, PaymentProviderName } from '../../providers/payments/provider.js';

export function createPaymentsRepo(db: Kysely<Database>) {
  return {
    /**
     * Records the event and runs `apply` in the same transaction, unless the event was recorded
     * before: then nothing runs and the answer is false. A failing `apply` records nothing, so the
     * provider's next delivery tries again.
     */
    recordEvent: (
      provider: PaymentProviderName,
      event: PaymentEvent,
      receivedAt: string,
      apply: (trx: Transaction<Database>) => Promise<void>,
    ): Promise<boolean> =>
      db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('payment_events')
          .values({
            provider,
            event_id: event.id,
            type: event.type,
            customer_id: event.customerId,
            object_id: event.objectId,
            failure_code: event.failureCode,
            received_at: receivedAt,
          })
          .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
          .returning('event_id')
          .executeTakeFirst();
        if (!inserted) return false;
        await apply(trx);
        return true;
      }),

    eventsOf: (provider: PaymentProviderName, customerId: string) =>
      db
        .selectFrom('payment_events')
        .selectAll()
        .where('provider', '=', provider)
        .where('customer_id', '=', customerId)
        .orderBy('received_at')
        .execute(),
  };
}

export type PaymentsRepo = ReturnType<typeof createPaymentsRepo>;
