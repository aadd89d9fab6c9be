// National eIDs (ADR 083): an account keeps the birth date its eID vouched for, and a sign-in under
// way records what it is for (a business's or the installation's single sign-on, an eID+ sign-up,
// an ID Austria connection) and for whom (the account or link signature that started it), so an
// answer is only taken by the flow and the person that asked for it.
import type { Kysely } from 'kysely';

export async function migration045EidAccounts(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('birth_date', 'text').execute();
  await db.schema
    .alterTable('sso_sign_ins')
    .addColumn('purpose', 'text', (c) => c.notNull().defaultTo('sso'))
    .execute();
  // `user:<id>` or `signer:<id>`; null for flows that start without anyone signed in
  await db.schema.alterTable('sso_sign_ins').addColumn('holder', 'text').execute();
}
