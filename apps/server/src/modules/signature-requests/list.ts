// The dashboard list: requests the caller sent, or was asked to sign or observe once they were
// sent, filtered, searched, sorted and paged in one query (plus one count).
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
  let base = db.selectFrom('signature_requests as r').innerJoin('users as u', 'u.id', 'r.owner_id');
  const mine = sql<boolean>`r.owner_id = ${me.userId}`;
  const involved = sql<boolean>`(r.status <> 'draft' and (exists (select 1 from signers s where s.request_id = r.id and (s.account_user_id = ${me.userId} or s.email = ${me.email})) or exists (select 1 from observers o where o.request_id = r.id and o.email = ${me.email})))`;
  if (q.sendBy === 'me') base = base.where(mine);
  else if (q.sendBy === 'others') base = base.where(sql<boolean>`r.owner_id <> ${me.userId}`).where(involved);
  else base = base.where(sql<boolean>`(${mine} or ${involved})`);
  if (q.status.length > 0) base = base.where('r.status', 'in', q.status);
  const dateColumn = q.dateTimeMode === 'created' ? 'r.created_at' : 'r.updated_at';
  if (q.dateFrom) base = base.where(dateColumn, '>=', new Date(q.dateFrom).toISOString());
  if (q.dateTo) base = base.where(dateColumn, '<=', new Date(q.dateTo).toISOString());
  if (q.search) {
    const pattern = `%${q.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where(
      sql<boolean>`(lower(r.title) like ${pattern} escape '\\' or exists (select 1 from signers s2 where s2.request_id = r.id and s2.email like ${pattern} escape '\\'))`,
    );
  }
  const [rows, count] = await Promise.all([
    base
      .select([
        'r.id',
        'r.title',
        'r.status',
        'r.created_at',
        'r.updated_at',
        'r.owner_id',
        'u.email as owner_email',
        sql<number>`(select count(*) from signers s3 where s3.request_id = r.id and s3.status <> 'delegated')`.as(
          'signers_total',
        ),
        sql<number>`(select count(*) from signers s4 where s4.request_id = r.id and s4.status = 'signed')`.as(
          'signers_signed',
        ),
        sql<
          string | null
        >`(select s5.status from signers s5 where s5.request_id = r.id and (s5.account_user_id = ${me.userId} or s5.email = ${me.email}) limit 1)`.as(
          'your_status',
        ),
      ])
      .orderBy(`r.${q.sortBy}`, q.sortOrder)
      .orderBy('r.id', q.sortOrder)
      .limit(q.size)
      .offset((q.page - 1) * q.size)
      .execute(),
    base.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      title: r.title,
      status: r.status as 'draft',
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      ownerEmail: r.owner_email,
      sentByMe: r.owner_id === me.userId,
      yourSignatureStatus: (r.your_status ?? null) as 'pending' | null,
      signersTotal: Number(r.signers_total),
      signersSigned: Number(r.signers_signed),
    })),
    page: q.page,
    size: q.size,
    total: Number(count.total),
  };
}
