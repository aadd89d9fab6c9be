// How many requests each person owns in each state, kept by the database itself: triggers on
// signature_requests count every insert, change of state or owner (a hand-off), and delete, so
// no code path can forget it. The dashboard then adds up a business's people's counts (one row
// per person and state) instead of counting their requests, which stays fast at a million.
// Existing requests are counted once here.
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

// PostgreSQL counts per statement, from the rows it changed (transition tables): a statement
// that writes many requests (a bulk delete, a seed) updates each count once, not once per row.
const postgresTriggers = [
  sql`create function count_inserted_requests() returns trigger language plpgsql as $$
  begin
    insert into request_status_counts (owner_id, status, count)
      select owner_id, status, count(*) from new_rows group by owner_id, status
      on conflict (owner_id, status) do update set count = request_status_counts.count + excluded.count;
    return null;
  end $$`,
  sql`create function count_deleted_requests() returns trigger language plpgsql as $$
  begin
    update request_status_counts c set count = c.count - d.n
      from (select owner_id, status, count(*) as n from old_rows group by owner_id, status) d
      where c.owner_id = d.owner_id and c.status = d.status;
    return null;
  end $$`,
  sql`create function count_updated_requests() returns trigger language plpgsql as $$
  begin
    update request_status_counts c set count = c.count - d.n
      from (select o.owner_id, o.status, count(*) as n from old_rows o join new_rows n on n.id = o.id
            where o.status <> n.status or o.owner_id <> n.owner_id group by o.owner_id, o.status) d
      where c.owner_id = d.owner_id and c.status = d.status;
    insert into request_status_counts (owner_id, status, count)
      select n.owner_id, n.status, count(*) from new_rows n join old_rows o on o.id = n.id
      where o.status <> n.status or o.owner_id <> n.owner_id group by n.owner_id, n.status
      on conflict (owner_id, status) do update set count = request_status_counts.count + excluded.count;
    return null;
  end $$`,
  sql`create trigger request_status_count_insert after insert on signature_requests
    referencing new table as new_rows for each statement execute function count_inserted_requests()`,
  sql`create trigger request_status_count_delete after delete on signature_requests
    referencing old table as old_rows for each statement execute function count_deleted_requests()`,
  sql`create trigger request_status_count_update after update on signature_requests
    referencing old table as old_rows new table as new_rows
    for each statement execute function count_updated_requests()`,
];

const sqliteTriggers = [
  sql`create trigger request_status_count_insert after insert on signature_requests begin
    insert or ignore into request_status_counts (owner_id, status, count) values (new.owner_id, new.status, 0);
    update request_status_counts set count = count + 1 where owner_id = new.owner_id and status = new.status;
  end`,
  sql`create trigger request_status_count_update after update of status, owner_id on signature_requests
    when old.status <> new.status or old.owner_id <> new.owner_id begin
    update request_status_counts set count = count - 1 where owner_id = old.owner_id and status = old.status;
    insert or ignore into request_status_counts (owner_id, status, count) values (new.owner_id, new.status, 0);
    update request_status_counts set count = count + 1 where owner_id = new.owner_id and status = new.status;
  end`,
  sql`create trigger request_status_count_delete after delete on signature_requests begin
    update request_status_counts set count = count - 1 where owner_id = old.owner_id and status = old.status;
  end`,
];

export async function migration026RequestStatusCounts(
  db: Kysely<unknown>,
  dialect: DialectName,
): Promise<void> {
  // counting the requests themselves, which this replaces, needed this index
  await db.schema.dropIndex('requests_owner_status_idx').execute();
  await db.schema
    .createTable('request_status_counts')
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('request_status_counts_pk', ['owner_id', 'status'])
    .execute();
  await sql`
    insert into request_status_counts (owner_id, status, count)
    select owner_id, status, count(*) from signature_requests group by owner_id, status
  `.execute(db);
  for (const trigger of dialect === 'postgres' ? postgresTriggers : sqliteTriggers) await trigger.execute(db);
}
