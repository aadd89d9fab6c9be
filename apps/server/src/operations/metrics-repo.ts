// The SQL of the metrics (ADR 081): how many mails wait in the outbox, sending ones included.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** Mails pending or being sent; those failed for good are kept for an operator, not counted. */
export async function countMailBacklog(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('status', '!=', 'failed')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
