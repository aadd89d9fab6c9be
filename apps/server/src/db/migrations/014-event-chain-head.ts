// The head of each request's audit chain (ADR 026): the sequence number and hash of its last
// event, kept on the request row so that removing the newest events shows. Existing requests
// take the head their chain has now.
import { sql, type Kysely } from 'kysely';

export async function migration014EventChainHead(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('signature_requests')
    .addColumn('events_head_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('signature_requests').addColumn('events_head_hash', 'text').execute();
  await sql`
    update signature_requests set
      events_head_seq = coalesce(
        (select max(e.seq) from events e where e.request_id = signature_requests.id), 0),
      events_head_hash = (
        select e.hash from events e where e.request_id = signature_requests.id
        order by e.seq desc limit 1)
  `.execute(db);
}
