// Dashboard search by word prefix (packages/domain search-terms.ts): one row per request and
// word of its title and of its parties' names and addresses, kept in sync with
// request_participants. The term column compares by code point on both databases (SQLite's
// BINARY default, PostgreSQL's "C" collation), so a prefix is an index range. Existing requests
// are indexed here.
import { searchTerms } from '@countersign/domain';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

interface Old {
  signature_requests: { id: string; title: string; owner_id: string };
  users: { id: string; email: string; first_name: string; last_name: string };
  signers: {
    request_id: string;
    email: string;
    name: string | null;
    first_name: string | null;
    last_name: string | null;
  };
  observers: { request_id: string; email: string };
  request_search_terms: { request_id: string; term: string };
}

export async function migration009SearchTerms(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('request_search_terms')
    .addColumn('request_id', 'text', (c) =>
      c.notNull().references('signature_requests.id').onDelete('cascade'),
    )
    .addColumn('term', 'text', (c) =>
      dialect === 'postgres' ? c.notNull().modifyEnd(sql`collate "C"`) : c.notNull(),
    )
    .addPrimaryKeyConstraint('request_search_terms_pk', ['term', 'request_id'])
    .execute();
  await db.schema
    .createIndex('request_search_terms_request_idx')
    .on('request_search_terms')
    .columns(['request_id', 'term'])
    .execute();

  const old = db as Kysely<Old>;
  const requests = await old
    .selectFrom('signature_requests as r')
    .innerJoin('users as u', 'u.id', 'r.owner_id')
    .select(['r.id', 'r.title', 'u.email', 'u.first_name', 'u.last_name'])
    .execute();
  for (const r of requests) {
    const [signers, observers] = await Promise.all([
      old
        .selectFrom('signers')
        .select(['email', 'name', 'first_name', 'last_name'])
        .where('request_id', '=', r.id)
        .execute(),
      old.selectFrom('observers').select('email').where('request_id', '=', r.id).execute(),
    ]);
    const terms = searchTerms(
      r.title,
      r.email,
      r.first_name,
      r.last_name,
      ...signers.flatMap((s) => [s.email, s.name, s.first_name, s.last_name]),
      ...observers.map((o) => o.email),
    );
    if (terms.length > 0)
      await old
        .insertInto('request_search_terms')
        .values(terms.map((term) => ({ request_id: r.id, term })))
        .execute();
  }
}
