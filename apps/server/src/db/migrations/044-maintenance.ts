// Maintenance notices as data: the operator sets, schedules and clears the one notice through the
// operator API or the command line, and every server reads it from here, so no server needs a
// restart. Staff the operator names pass a blocking notice (spec: "internal staff ... bypass").
import type { Kysely } from 'kysely';

export async function migration044Maintenance(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('maintenance_notice')
    // one row at most: the notice in force or scheduled
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text')
    .addColumn('set_at', 'text', (c) => c.notNull())
    .addColumn('set_by', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('maintenance_staff')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('added_at', 'text', (c) => c.notNull())
    .execute();
}
