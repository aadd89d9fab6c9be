// The dashboard list: requests the caller sent, or was asked to sign or observe once they were
// sent, filtered, searched, sorted and paged. It reads the request_participants index (one row
// per person and request, kept in sync by repo.updateRequest), so a page is one range scan of
// (email, sort key) that stops at the page size, plus one count over the same index.
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
  if (q.search) {
    // Substring search cannot use a B-tree index; the signer match is computed once, not per row.
    const pattern = `%${q.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where(
      sql<boolean>`(lower(p.title) like ${pattern} escape '\\' or p.request_id in (select s2.request_id from signers s2 where s2.email like ${pattern} escape '\\'))`,
    );
  }
  const page = await base
    .innerJoin('signature_requests as r', 'r.id', 'p.request_id')
    .innerJoin('users as u', 'u.id', 'r.owner_id')
    .select([
      'r.id',
      'r.title',
      'r.status',
      'r.created_at',
      'r.updated_at',
      'p.is_owner',
      'u.email as owner_email',
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
    .orderBy(`p.${q.sortBy}`, q.sortOrder)
    .orderBy('p.request_id', q.sortOrder)
    .limit(q.size)
    .offset((q.page - 1) * q.size)
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
