// SQL of bulk sends: a bulk send with its rows as checked, its progress, the claim a worker holds
// on it (a lease another takes over when it runs out, so a crash stops nothing for long), and each
// row's move from pending to created (in the transaction that makes its request) to sent.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { TemplateRecord } from '../templates/index.js';
import type { CheckedRow, RowData, RowError } from './csv-rows.js';

export type BulkStatus = 'previewed' | 'running' | 'finished';
export type RowStatus = 'invalid' | 'pending' | 'created' | 'sent' | 'failed';

export interface BulkSendRecord {
  id: string;
  templateId: string;
  ownerId: string;
  businessId: string | null;
  template: TemplateRecord;
  status: BulkStatus;
  total: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

export interface RowRecord {
  row: number;
  status: RowStatus;
  data: RowData;
  errors: RowError[];
  requestId: string | null;
}

export type BulkSendRepo = ReturnType<typeof createBulkSendRepo>;

const toRow = (r: {
  position: number;
  status: string;
  data: string;
  errors: string;
  request_id: string | null;
}) => ({
  row: r.position,
  status: r.status as RowStatus,
  data: JSON.parse(r.data) as RowData,
  errors: JSON.parse(r.errors) as RowError[],
  requestId: r.request_id,
});

export function createBulkSendRepo(db: Kysely<Database>) {
  return {
    async insert(
      b: Omit<BulkSendRecord, 'startedAt' | 'finishedAt'>,
      rows: readonly CheckedRow[],
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('bulk_sends')
          .values({
            id: b.id,
            template_id: b.templateId,
            owner_id: b.ownerId,
            business_id: b.businessId,
            template: JSON.stringify(b.template),
            status: b.status,
            total_rows: b.total,
            created_at: b.createdAt,
          })
          .execute();
        // in slices: PostgreSQL takes at most 65535 parameters a statement
        for (let i = 0; i < rows.length; i += 500) {
          await trx
            .insertInto('bulk_send_rows')
            .values(
              rows.slice(i, i + 500).map((r) => ({
                bulk_send_id: b.id,
                position: r.row,
                data: JSON.stringify(r.data),
                status: r.errors.length > 0 ? 'invalid' : 'pending',
                errors: JSON.stringify(r.errors),
              })),
            )
            .execute();
        }
      });
    },

    async find(id: string): Promise<BulkSendRecord | undefined> {
      const r = await db.selectFrom('bulk_sends').selectAll().where('id', '=', id).executeTakeFirst();
      if (!r) return undefined;
      return {
        id: r.id,
        templateId: r.template_id,
        ownerId: r.owner_id,
        businessId: r.business_id,
        template: JSON.parse(r.template) as TemplateRecord,
        status: r.status as BulkStatus,
        total: Number(r.total_rows),
        createdAt: r.created_at,
        startedAt: r.started_at,
        finishedAt: r.finished_at,
      };
    },

    /** How many rows are in each state. */
    async counts(id: string): Promise<Record<RowStatus, number>> {
      const rows = await db
        .selectFrom('bulk_send_rows')
        .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
        .where('bulk_send_id', '=', id)
        .groupBy('status')
        .execute();
      const out: Record<RowStatus, number> = { invalid: 0, pending: 0, created: 0, sent: 0, failed: 0 };
      for (const r of rows) out[r.status as RowStatus] = Number(r.n);
      return out;
    },

    async rowsWithErrors(id: string, limit: number): Promise<RowRecord[]> {
      const rows = await db
        .selectFrom('bulk_send_rows')
        .select(['position', 'status', 'data', 'errors', 'request_id'])
        .where('bulk_send_id', '=', id)
        .where('status', 'in', ['invalid', 'failed'])
        .orderBy('position')
        .limit(limit)
        .execute();
      return rows.map(toRow);
    },

    async allRows(id: string): Promise<RowRecord[]> {
      const rows = await db
        .selectFrom('bulk_send_rows')
        .select(['position', 'status', 'data', 'errors', 'request_id'])
        .where('bulk_send_id', '=', id)
        .orderBy('position')
        .execute();
      return rows.map(toRow);
    },

    /** previewed -> running, once: false when it was started already. */
    async start(id: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('bulk_sends')
        .set({ status: 'running', started_at: now })
        .where('id', '=', id)
        .where('status', '=', 'previewed')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Takes (or renews) the lease of a running bulk send for `worker` until `until`: its own lease,
     * a free one or one that ran out (a worker that died). False when another worker holds it.
     */
    async claim(id: string, worker: string, now: string, until: string): Promise<boolean> {
      const result = await db
        .updateTable('bulk_sends')
        .set({ claimed_by: worker, claimed_until: until })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .where((eb) =>
          eb.or([
            eb('claimed_by', '=', worker),
            eb('claimed_until', 'is', null),
            eb('claimed_until', '<', now),
          ]),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Running bulk sends no live worker holds: those to claim. */
    async unclaimed(now: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('bulk_sends')
        .select('id')
        .where('status', '=', 'running')
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
        .orderBy('started_at')
        .limit(limit)
        .execute();
      return rows.map((r) => r.id);
    },

    /** The next rows still to work on, in order: pending, or created and not yet sent. */
    async openRows(id: string, limit: number): Promise<RowRecord[]> {
      const rows = await db
        .selectFrom('bulk_send_rows')
        .select(['position', 'status', 'data', 'errors', 'request_id'])
        .where('bulk_send_id', '=', id)
        .where('status', 'in', ['pending', 'created'])
        .orderBy('position')
        .limit(limit)
        .execute();
      return rows.map(toRow);
    },

    /**
     * pending -> created with the request's id, in the transaction that makes the request: either
     * both are written or neither. False when the row was taken meanwhile (the transaction is then
     * given up by the caller).
     */
    async markCreated(
      trx: Transaction<Database>,
      id: string,
      row: number,
      requestId: string,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('bulk_send_rows')
        .set({ status: 'created', request_id: requestId })
        .where('bulk_send_id', '=', id)
        .where('position', '=', row)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async markSent(id: string, row: number, now: string): Promise<void> {
      await db
        .updateTable('bulk_send_rows')
        .set({ status: 'sent', sent_at: now })
        .where('bulk_send_id', '=', id)
        .where('position', '=', row)
        .execute();
    },

    async markFailed(id: string, row: number, errors: readonly RowError[]): Promise<void> {
      await db
        .updateTable('bulk_send_rows')
        .set({ status: 'failed', errors: JSON.stringify(errors) })
        .where('bulk_send_id', '=', id)
        .where('position', '=', row)
        .where('status', 'in', ['pending', 'created'])
        .execute();
    },

    /** running -> finished once no row is left to work on. */
    async finishIfDone(id: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('bulk_sends')
        .set({ status: 'finished', finished_at: now, claimed_by: null, claimed_until: null })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('bulk_send_rows')
                .select(sql`1`.as('one'))
                .where('bulk_send_id', '=', id)
                .where('status', 'in', ['pending', 'created']),
            ),
          ),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
