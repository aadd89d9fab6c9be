// The SQL of one-time codes: a new code (superseding the ones before), the live one, how many were
// sent lately (the resend limit), a wrong try counted, a code used up.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface StoredCode {
  id: string;
  codeHash: string;
  channel: string;
  createdAt: string;
  expiresAt: string;
  attempts: number;
  usedAt: string | null;
}

export interface CodeKey {
  purpose: string;
  subject: string;
}

/** A new code for the key; the codes sent before it are used up (superseded) in the same step. */
export async function insertCode(
  db: Kysely<Database>,
  key: CodeKey,
  code: Omit<StoredCode, 'attempts' | 'usedAt'>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await withdrawCodes(trx, key, code.createdAt);
    await insertRow(trx, key, code);
  });
}

async function insertRow(db: Db, key: CodeKey, code: Omit<StoredCode, 'attempts' | 'usedAt'>): Promise<void> {
  await db
    .insertInto('one_time_codes')
    .values({
      id: code.id,
      purpose: key.purpose,
      subject: key.subject,
      code_hash: code.codeHash,
      channel: code.channel,
      created_at: code.createdAt,
      expires_at: code.expiresAt,
      attempts: 0,
      used_at: null,
    })
    .execute();
}

/**
 * The code of the purpose and subject not used yet (a resend uses up the ones before it, so there
 * is one at most); it may still be expired or locked.
 */
export async function liveCode(db: Db, key: CodeKey): Promise<StoredCode | undefined> {
  const row = await db
    .selectFrom('one_time_codes')
    .selectAll()
    .where('purpose', '=', key.purpose)
    .where('subject', '=', key.subject)
    .where('used_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      codeHash: row.code_hash,
      channel: row.channel,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      attempts: Number(row.attempts),
      usedAt: row.used_at,
    }
  );
}

export async function countCodesSince(db: Db, key: CodeKey, since: string): Promise<number> {
  const row = await db
    .selectFrom('one_time_codes')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('purpose', '=', key.purpose)
    .where('subject', '=', key.subject)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One more wrong try, counted in the database so that parallel tries all count; the new total. */
export async function countWrongTry(db: Db, id: string): Promise<number> {
  await db
    .updateTable('one_time_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
  const row = await db
    .selectFrom('one_time_codes')
    .select('attempts')
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(row?.attempts ?? 0);
}

/** Uses up every code of the key not used yet (a code withdrawn before it was answered). */
export async function withdrawCodes(db: Db, key: CodeKey, at: string): Promise<void> {
  await db
    .updateTable('one_time_codes')
    .set({ used_at: at })
    .where('purpose', '=', key.purpose)
    .where('subject', '=', key.subject)
    .where('used_at', 'is', null)
    .execute();
}

/** Marks the code used unless it was used already (compare-and-set): whether this call used it. */
export async function useCode(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('one_time_codes')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
