// The sandbox phone's confirmations (never in production): one row per confirmation the server
// asked for, answered on the sandbox phone page.
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { MobileIdHolder } from './provider.js';

export interface SandboxConfirmation {
  transactionId: string;
  mobile: string;
  message: string;
  status: 'pending' | 'approved' | 'refused';
  holder: MobileIdHolder | null;
  createdAt: Date;
  expiresAt: Date;
}

export function createSandboxMobileIdRepo(db: Kysely<Database>) {
  return {
    async insert(c: SandboxConfirmation): Promise<void> {
      await db
        .insertInto('sandbox_mobile_id')
        .values({
          transaction_id: c.transactionId,
          mobile: c.mobile,
          message: c.message,
          status: c.status,
          given_name: null,
          surname: null,
          country: null,
          created_at: c.createdAt.toISOString(),
          expires_at: c.expiresAt.toISOString(),
        })
        .execute();
    },

    async find(transactionId: string): Promise<SandboxConfirmation | undefined> {
      const row = await db
        .selectFrom('sandbox_mobile_id')
        .selectAll()
        .where('transaction_id', '=', transactionId)
        .executeTakeFirst();
      return row && toConfirmation(row);
    },

    /** The newest confirmations first, for the phone page and the tests. */
    async latest(limit = 50): Promise<SandboxConfirmation[]> {
      const rows = await db
        .selectFrom('sandbox_mobile_id')
        .selectAll()
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toConfirmation);
    },

    /** Answers a pending confirmation; false when it was answered already. */
    async answer(
      transactionId: string,
      answer: { status: 'approved'; holder: MobileIdHolder } | { status: 'refused' },
    ): Promise<boolean> {
      const holder = answer.status === 'approved' ? answer.holder : null;
      const result = await db
        .updateTable('sandbox_mobile_id')
        .set({
          status: answer.status,
          given_name: holder?.givenName ?? null,
          surname: holder?.surname ?? null,
          country: holder?.country ?? null,
        })
        .where('transaction_id', '=', transactionId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type SandboxMobileIdRepo = ReturnType<typeof createSandboxMobileIdRepo>;

function toConfirmation(row: Selectable<Database['sandbox_mobile_id']>): SandboxConfirmation {
  return {
    transactionId: row.transaction_id,
    mobile: row.mobile,
    message: row.message,
    status: row.status,
    holder:
      row.given_name && row.surname
        ? { givenName: row.given_name, surname: row.surname, country: row.country ?? 'CH' }
        : null,
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
  };
}
