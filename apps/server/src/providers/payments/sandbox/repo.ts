// SQL of the sandbox payment provider: its customers, saved cards, setup intents, payments and
// portal sessions, and the outbox of webhook events it has yet to deliver.
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../../db/schema.js';

export type SetupIntentRow = Selectable<Database['sandbox_setup_intents']>;
export type PaymentRow = Selectable<Database['sandbox_payments']>;
export type MethodRow = Selectable<Database['sandbox_payment_methods']>;
export type WebhookRow = Selectable<Database['sandbox_payment_webhooks']>;

export function createSandboxPaymentsRepo(db: Kysely<Database>) {
  return {
    insertCustomer: (row: Database['sandbox_payment_customers']) =>
      db.insertInto('sandbox_payment_customers').values(row).execute(),

    findCustomer: (id: string) =>
      db.selectFrom('sandbox_payment_customers').selectAll().where('id', '=', id).executeTakeFirst(),

    insertSetupIntent: (row: SetupIntentRow) => db.insertInto('sandbox_setup_intents').values(row).execute(),

    findSetupIntent: (id: string) =>
      db.selectFrom('sandbox_setup_intents').selectAll().where('id', '=', id).executeTakeFirst(),

    /** The customer's default card, if any. */
    defaultMethod: (customerId: string) =>
      db
        .selectFrom('sandbox_payment_methods as m')
        .innerJoin('sandbox_payment_customers as c', 'c.default_method_id', 'm.id')
        .selectAll('m')
        .where('c.id', '=', customerId)
        .executeTakeFirst(),

    findMethod: (id: string) =>
      db.selectFrom('sandbox_payment_methods').selectAll().where('id', '=', id).executeTakeFirst(),

    /**
     * Moves a setup intent on from `from` (compare and set: two submissions of one form cannot
     * both act), writing the card the step concerns and its event in the same transaction.
     * False when another submission moved it first.
     */
    async moveSetupIntent(
      id: string,
      from: string,
      change: { status: string; failureCode: string | null; at: string },
      effects: {
        newMethod?: MethodRow;
        makeDefault?: { customerId: string; methodId: string };
        event?: WebhookRow;
      },
    ): Promise<boolean> {
      return db
        .transaction()
        .execute(async (trx) => {
          if (effects.newMethod)
            await trx.insertInto('sandbox_payment_methods').values(effects.newMethod).execute();
          const moved = await trx
            .updateTable('sandbox_setup_intents')
            .set({
              status: change.status,
              failure_code: change.failureCode,
              updated_at: change.at,
              ...(effects.newMethod && { method_id: effects.newMethod.id }),
            })
            .where('id', '=', id)
            .where('status', '=', from)
            .executeTakeFirst();
          if (Number(moved.numUpdatedRows) !== 1) {
            // the card row written above goes with the rolled-back transaction
            throw new LostRace();
          }
          if (effects.makeDefault)
            await trx
              .updateTable('sandbox_payment_customers')
              .set({ default_method_id: effects.makeDefault.methodId })
              .where('id', '=', effects.makeDefault.customerId)
              .execute();
          if (effects.event) await trx.insertInto('sandbox_payment_webhooks').values(effects.event).execute();
          return true;
        })
        .catch((err: unknown) => {
          if (err instanceof LostRace) return false;
          throw err;
        });
    },

    findPaymentByKey: (idempotencyKey: string) =>
      db
        .selectFrom('sandbox_payments')
        .selectAll()
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirst(),

    findPayment: (id: string) =>
      db.selectFrom('sandbox_payments').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Records a payment and its event together; false when the idempotency key is taken already. */
    async insertPayment(row: PaymentRow, event: WebhookRow | undefined): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('sandbox_payments')
          .values(row)
          .onConflict((oc) => oc.column('idempotency_key').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!inserted) return false;
        if (event) await trx.insertInto('sandbox_payment_webhooks').values(event).execute();
        return true;
      });
    },

    /** Settles a payment that waited for its card holder; false when it was settled already. */
    async settlePayment(
      id: string,
      change: { status: string; failureCode: string | null; at: string },
      event: WebhookRow,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const moved = await trx
          .updateTable('sandbox_payments')
          .set({ status: change.status, failure_code: change.failureCode, updated_at: change.at })
          .where('id', '=', id)
          .where('status', '=', 'requires_action')
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) return false;
        await trx.insertInto('sandbox_payment_webhooks').values(event).execute();
        return true;
      });
    },

    insertPortalSession: (row: Database['sandbox_portal_sessions']) =>
      db.insertInto('sandbox_portal_sessions').values(row).execute(),

    findPortalSession: (id: string) =>
      db.selectFrom('sandbox_portal_sessions').selectAll().where('id', '=', id).executeTakeFirst(),

    recentPayments: (customerId: string) =>
      db
        .selectFrom('sandbox_payments')
        .selectAll()
        .where('customer_id', '=', customerId)
        .orderBy('created_at', 'desc')
        .limit(25)
        .execute(),
  };
}

class LostRace extends Error {}

export type SandboxPaymentsRepo = ReturnType<typeof createSandboxPaymentsRepo>;

/** The outbox of webhook events (webhooks.ts delivers them). */
export function createWebhookOutboxRepo(db: Kysely<Database>) {
  return {
    /**
     * Leases up to `limit` events that are due (pending, or sending with a lease run out) until
     * `leaseUntil`, reading them in the same statement: two processes never hold the same event.
     */
    claimDue: (now: string, leaseUntil: string, limit: number, ids?: string[]) =>
      db
        .updateTable('sandbox_payment_webhooks')
        .set({ status: 'sending', next_attempt_at: leaseUntil })
        .where('id', 'in', (eb) => {
          let due = eb
            .selectFrom('sandbox_payment_webhooks')
            .select('id')
            .where('status', 'in', ['pending', 'sending'])
            .where('next_attempt_at', '<=', now);
          if (ids) due = due.where('id', 'in', ids);
          return due.orderBy('next_attempt_at').limit(limit);
        })
        .where('status', 'in', ['pending', 'sending'])
        .where('next_attempt_at', '<=', now)
        .returningAll()
        .execute(),

    markDelivered: (id: string, at: string) =>
      db
        .updateTable('sandbox_payment_webhooks')
        .set({ status: 'delivered', delivered_at: at, last_error: null })
        .where('id', '=', id)
        .execute(),

    markRefused: (id: string, attempts: number, nextAttemptAt: string, error: string) =>
      db
        .updateTable('sandbox_payment_webhooks')
        .set({ status: 'pending', attempts, next_attempt_at: nextAttemptAt, last_error: error.slice(0, 500) })
        .where('id', '=', id)
        .execute(),

    find: (id: string) =>
      db.selectFrom('sandbox_payment_webhooks').selectAll().where('id', '=', id).executeTakeFirst(),
  };
}
