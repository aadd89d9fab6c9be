// One-time codes (ADR 077, 078): the second factor a Part 11 signature asks of its signer and the
// TAN a link signer is sent. Only an argon2id hash of each code is kept, with its expiry and the
// wrong tries counted against it, so that a code is refused once it is old, used or guessed at.
import type { Kysely } from 'kysely';

export async function migration040OneTimeCodes(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('one_time_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // what the code is for ('part11', 'direct_tan') and whom (an account, a signer)
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    // 'sms' or 'mail': where it was sent, to say so again
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('one_time_codes_subject_idx')
    .on('one_time_codes')
    .columns(['purpose', 'subject', 'created_at'])
    .execute();
}
