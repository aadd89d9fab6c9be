// Endings that end everything (ADR 061). `business_removals` remembers whom an admin removed from
// a business, so that joining it again through its verified domain is refused until a new
// invitation is accepted. Seals are applied by assignment, API users included: each live API
// user is put on every seal its business has now, which is what it could apply before, so that no
// integration stops working; from here on an admin assigns seals to API users one by one.
import { sql, type Kysely } from 'kysely';

export async function migration033BusinessEndings(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('business_removals')
    .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('removed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('business_removals_pk', ['business_id', 'user_id'])
    .execute();
  await sql`
    insert into seal_members (seal_id, user_id, added_at)
      select s.id, a.user_id, a.created_at
        from seals s join api_users a on a.business_id = s.business_id
       where a.deleted_at is null
  `.execute(db);
}
