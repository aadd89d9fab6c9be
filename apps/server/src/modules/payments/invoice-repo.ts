// SQL of invoices: the counter moved and the invoice written in one transaction (no gaps, no
// duplicates), the lists of a business or a person, and the sealed PDF kept once. There is no
// update: an issued invoice is never changed (the database refuses it too).
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

export type InvoiceRow = Selectable<Database['invoices']>;
export type NewInvoice = Omit<InvoiceRow, 'number' | 'display_number'>;

function inTransaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>) {
  return db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);
}

export function createInvoiceRepo(db: Kysely<Database>) {
  return {
    /**
     * Takes the next number of the issuer's series and writes the invoice with it, in one
     * transaction: the counter row is locked until commit, so concurrent issues queue on it, and
     * a failed insert gives its number back. An invoice for a payment invoiced already is that one.
     * Called inside a transaction (billing applying a paid charge), it joins that one, so the
     * invoice exists exactly when the charge is applied.
     */
    issue: (invoice: NewInvoice, displayNumber: (n: number) => string): Promise<InvoiceRow> =>
      inTransaction(db, async (trx) => {
        if (invoice.payment_id) {
          const earlier = await trx
            .selectFrom('invoices')
            .selectAll()
            .where('payment_id', '=', invoice.payment_id)
            .executeTakeFirst();
          if (earlier) return earlier;
        }
        const { last_number: number } = await trx
          .insertInto('invoice_counters')
          .values({ issuer: invoice.issuer, kind: invoice.kind, last_number: 1 })
          .onConflict((oc) =>
            oc
              .columns(['issuer', 'kind'])
              .doUpdateSet({ last_number: sql<number>`invoice_counters.last_number + 1` }),
          )
          .returning('last_number')
          .executeTakeFirstOrThrow();
        const row = { ...invoice, number: Number(number), display_number: displayNumber(Number(number)) };
        await trx.insertInto('invoices').values(row).execute();
        return row;
      }),

    findForPayment: (paymentId: string) =>
      db.selectFrom('invoices').selectAll().where('payment_id', '=', paymentId).executeTakeFirst(),

    find: (id: string) => db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst(),

    /** What credit notes have credited of an invoice so far. */
    creditedOf: async (invoiceId: string): Promise<number> => {
      const row = await db
        .selectFrom('invoices')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('total_minor'), sql<number>`0`).as('credited'))
        .where('credits_invoice_id', '=', invoiceId)
        .executeTakeFirstOrThrow();
      return Number(row.credited);
    },

    /** What credit notes have credited of each of `invoiceIds`, by invoice (absent: nothing). */
    creditedOfEach: async (invoiceIds: readonly string[]): Promise<Map<string, number>> => {
      if (invoiceIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('invoices')
        .select((eb) => ['credits_invoice_id', eb.fn.sum<number>('total_minor').as('credited')])
        .where('credits_invoice_id', 'in', invoiceIds)
        .groupBy('credits_invoice_id')
        .execute();
      return new Map(rows.map((r) => [r.credits_invoice_id ?? '', Number(r.credited)]));
    },

    listOf: (owner: { businessId: string } | { userId: string }, limit: number) =>
      db
        .selectFrom('invoices')
        .selectAll()
        .$call((q) =>
          'businessId' in owner
            ? q.where('business_id', '=', owner.businessId)
            : q.where('user_id', '=', owner.userId).where('business_id', 'is', null),
        )
        .orderBy('issued_at', 'desc')
        .orderBy('number', 'desc')
        .limit(limit)
        .execute(),

    documentOf: async (invoiceId: string): Promise<Uint8Array | undefined> => {
      const row = await db
        .selectFrom('invoice_documents')
        .select('pdf')
        .where('invoice_id', '=', invoiceId)
        .executeTakeFirst();
      return row && new Uint8Array(row.pdf);
    },

    /** Keeps the sealed PDF made first; one made at the same moment elsewhere is dropped. */
    keepDocument: (invoiceId: string, pdf: Uint8Array, at: string) =>
      db
        .insertInto('invoice_documents')
        .values({ invoice_id: invoiceId, pdf: Buffer.from(pdf), created_at: at })
        .onConflict((oc) => oc.column('invoice_id').doNothing())
        .execute(),
  };
}

export type InvoiceRepo = ReturnType<typeof createInvoiceRepo>;
