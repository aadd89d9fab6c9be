// The dashboard list: requests the caller sent, or was asked to sign or observe once they were
// sent, filtered, searched, sorted and paged. It reads the request_participants index (one row
// per person and request, kept in sync by service.ts writeRequest), so a page is one range scan of
// (email, sort key) that stops at the page size, plus one count over the same index. Search goes
// through the word index request_search_terms (ADR 012).
import { prefixUpperBound, searchTerms } from '@countersign/domain';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface ListQuery {
  page: number;
  size: number;
  sortBy: 'created_at' | 'updated_at' | 'title';
  sortOrder: 'asc' | 'desc';
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  dateTimeMode: 'created' | 'updated';
  status: string[];
  search?: string | undefined;
  sendBy: 'me' | 'others' | 'any';
}

const termsIn = (db: Kysely<Database>, word: string) =>
  db
    .selectFrom('request_search_terms as t')
    .where('t.term', '>=', word)
    .where('t.term', '<', prefixUpperBound(word));

/**
 * The query's words, rarest first: each word's matches are counted up to a cap (a short index
 * range scan), which is enough to tell "1234" from "contract" in a list of contracts.
 */
async function byRarity(db: Kysely<Database>, words: string[]) {
  const cap = 1000;
  const counted = await Promise.all(
    words.map(async (word) => {
      const row = await db
        .selectFrom(termsIn(db, word).select('t.request_id').limit(cap).as('m'))
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow();
      return { word, hits: Number(row.n) };
    }),
  );
  return counted.sort((a, b) => a.hits - b.hits);
}

export async function listRequests(
  db: Kysely<Database>,
  me: { userId: string; email: string },
  q: ListQuery,
) {
  let base = db.selectFrom('request_participants as p').where('p.email', '=', me.email);
  // Drafts are their owner's private work.
  if (q.sendBy === 'me') base = base.where('p.is_owner', '=', 1);
  else if (q.sendBy === 'others') base = base.where('p.is_owner', '=', 0).where('p.status', '<>', 'draft');
  else base = base.where((eb) => eb.or([eb('p.is_owner', '=', 1), eb('p.status', '<>', 'draft')]));
  if (q.status.length > 0) base = base.where('p.status', 'in', q.status);
  const dateColumn = q.dateTimeMode === 'created' ? 'p.created_at' : 'p.updated_at';
  if (q.dateFrom) base = base.where(dateColumn, '>=', new Date(q.dateFrom).toISOString());
  if (q.dateTo) base = base.where(dateColumn, '<=', new Date(q.dateTo).toISOString());
  // Every word of the query must start a word of the request (packages/domain search-terms.ts).
  // The rarest word drives the lookup through the term index; the others are checked per hit.
  const words = await byRarity(db, searchTerms(q.search));
  // A search of only signs ("%", "-") has no word to look for: it finds nothing rather than
  // everything, as a search for a word no request holds does.
  const unsearchable = words.length === 0 && (q.search ?? '').trim() !== '';
  if (words[0]?.hits === 0 || unsearchable) return { items: [], page: q.page, size: q.size, total: 0 };
  for (const [i, { word }] of words.entries()) {
    const upper = prefixUpperBound(word);
    base =
      i === 0
        ? base.where('p.request_id', 'in', termsIn(db, word).select('t.request_id'))
        : base.where((eb) =>
            eb.exists(
              eb
                .selectFrom('request_search_terms as t')
                .select('t.request_id')
                .whereRef('t.request_id', '=', 'p.request_id')
                .where('t.term', '>=', word)
                .where('t.term', '<', upper),
            ),
          );
  }
  // The page is chosen on the index alone; only its rows are then joined and counted, so a deep
  // page does not compute the signer counts of every row it skips.
  const pageKeys = base
    .select(['p.request_id', 'p.is_owner', sql.ref<string>(`p.${q.sortBy}`).as('sort_key')])
    .orderBy(`p.${q.sortBy}`, q.sortOrder)
    .orderBy('p.request_id', q.sortOrder)
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  const page = await db
    .selectFrom(pageKeys.as('k'))
    .innerJoin('signature_requests as r', 'r.id', 'k.request_id')
    .innerJoin('users as u', 'u.id', 'r.owner_id')
    .select([
      'r.id',
      'r.title',
      'r.status',
      'r.created_at',
      'r.updated_at',
      'k.is_owner',
      'u.email as owner_email',
      'u.first_name as owner_first_name',
      'u.last_name as owner_last_name',
      sql<number>`(select count(*) from signers s3 where s3.request_id = r.id and s3.status <> 'delegated')`.as(
        'signers_total',
      ),
      sql<number>`(select count(*) from signers s4 where s4.request_id = r.id and s4.status = 'signed')`.as(
        'signers_signed',
      ),
      sql<
        string | null
      >`(select s5.status from signers s5 left join users a5 on a5.id = s5.account_user_id where s5.request_id = r.id and (s5.email = ${me.email} or a5.id = ${me.userId}) limit 1)`.as(
        'your_status',
      ),
    ])
    .orderBy('k.sort_key', q.sortOrder)
    .orderBy('k.request_id', q.sortOrder)
    .execute();
  const count = await base.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow();
  return {
    items: page.map((r) => ({
      id: r.id,
      title: r.title,
      status: r.status as 'draft',
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      ownerEmail: r.owner_email,
      ownerName: `${r.owner_first_name ?? ''} ${r.owner_last_name ?? ''}`.trim(),
      sentByMe: Number(r.is_owner) === 1,
      yourSignatureStatus: (r.your_status ?? null) as 'pending' | null,
      signersTotal: Number(r.signers_total),
      signersSigned: Number(r.signers_signed),
    })),
    page: q.page,
    size: q.size,
    total: Number(count.total),
  };
}
