// SQL of the activity report and the dashboard: activity rows written as things happen, read as
// pages (offset, for the lists) or as keyset pages (for exports, so that a million rows cost one
// page of memory), the signatures per month counted as they are made, the figures of the
// dashboard, and AES for business on the business row.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Aes4Biz } from '@countersign/contract';
import type { CopyOut } from '../../db/copy-out.js';
import type { Database } from '../../db/schema.js';
import type { BusinessActivitiesTable } from './tables.js';
import { findPerson as findAccount, fullNameOf } from '../accounts/index.js';

type Db = Kysely<Database>;

/** AES for business as a business that never set it has it: off, nothing named. */
export const AES4BIZ_OFF: Aes4Biz = {
  enabled: false,
  representativeName: '',
  representativeEmail: '',
  commercialRegister: '',
  domains: [],
};

type Tx = Transaction<Database>;
export type ActivityRow = BusinessActivitiesTable;
export type ActivityKindName = ActivityRow['kind'];

/** A range of time, as ISO strings: from inclusive, to exclusive; either may be open. */
export interface TimeRange {
  from: string | null;
  toExclusive: string | null;
}

export interface ActivitySlice {
  businessId: string;
  kind: ActivityKindName;
  range: TimeRange;
  order: 'asc' | 'desc';
}

function sliceQuery(db: Db, slice: ActivitySlice) {
  let query = db
    .selectFrom('business_activities')
    .where('business_id', '=', slice.businessId)
    .where('kind', '=', slice.kind);
  if (slice.range.from) query = query.where('at', '>=', slice.range.from);
  if (slice.range.toExclusive) query = query.where('at', '<', slice.range.toExclusive);
  return query;
}

/** A person's address and name, as the report shows them. */
export async function findPerson(
  db: Db | Tx,
  userId: string,
): Promise<{ email: string; name: string } | undefined> {
  const user = await findAccount(db, userId, { includeDeleted: true });
  return user && { email: user.email, name: fullNameOf(user) };
}

/** Adds activity rows (in the caller's transaction, so they stand or fall with what they record). */
export async function insertActivities(db: Db | Tx, rows: readonly ActivityRow[]): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto('business_activities')
      .values([...rows])
      .execute();
}

/** Counts one signature in its business, month and level. */
export async function countSignature(
  db: Db | Tx,
  entry: { businessId: string; month: string; quality: string },
): Promise<void> {
  await db
    .insertInto('business_signature_months')
    .values({ business_id: entry.businessId, month: entry.month, quality: entry.quality, count: 1 })
    .onConflict((oc) =>
      oc
        .columns(['business_id', 'month', 'quality'])
        .doUpdateSet({ count: sql`business_signature_months.count + 1` }),
    )
    .execute();
}

/**
 * One cell of the export in PostgreSQL's words: the formula guard of csv-cells.ts (an apostrophe
 * before =, +, -, @, tab or carriage return), and an empty text as null, which PostgreSQL's CSV
 * leaves unquoted as csvCell does (an empty text it would write as "").
 */
const csvCellSql = (column: string) =>
  `nullif(case when left("${column}", 1) in ('=', '+', '-', '@', chr(9), chr(13)) ` +
  `then '''' || "${column}" else "${column}" end, '')`;

/**
 * The COPY that writes a slice's rows as CSV (LF line ends), the given columns in order. The
 * slice's values travel as settings of the transaction (COPY takes no bind parameters); the
 * statement's own text comes from the code alone (column names and the order's direction).
 */
function exportStatement(slice: ActivitySlice, fields: readonly (keyof ActivityRow)[]) {
  const settings: Record<string, string> = {
    'countersign.export_business': slice.businessId,
    'countersign.export_kind': slice.kind,
  };
  const where = [
    `business_id = current_setting('countersign.export_business')`,
    `kind = current_setting('countersign.export_kind')`,
  ];
  if (slice.range.from) {
    settings['countersign.export_from'] = slice.range.from;
    where.push(`at >= current_setting('countersign.export_from')`);
  }
  if (slice.range.toExclusive) {
    settings['countersign.export_to'] = slice.range.toExclusive;
    where.push(`at < current_setting('countersign.export_to')`);
  }
  const direction = slice.order === 'asc' ? 'asc' : 'desc';
  const statement =
    `copy (select ${fields.map(csvCellSql).join(', ')} from business_activities ` +
    `where ${where.join(' and ')} order by at ${direction}, id ${direction}) to stdout with (format csv)`;
  return { settings, statement };
}

/** `copyOut` where the database streams COPY (PostgreSQL); SQLite exports by keyset pages. */
export function createActivityRepo(db: Db, copyOut?: CopyOut) {
  return {
    /**
     * A slice's rows as PostgreSQL writes them in CSV, the given columns in order, streamed; null
     * when every export connection is in use, undefined where the database has no COPY.
     */
    exportCsv: copyOut
      ? (slice: ActivitySlice, fields: readonly (keyof ActivityRow)[]) =>
          copyOut(exportStatement(slice, fields))
      : undefined,

    async listPage(slice: ActivitySlice, page: number, size: number) {
      const [items, total] = await Promise.all([
        sliceQuery(db, slice)
          .selectAll()
          .orderBy('at', slice.order)
          .orderBy('id', slice.order)
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
        sliceQuery(db, slice)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { items, total: Number(total.n) };
    },

    /**
     * One keyset page of an export: the given columns of the next `size` rows of the slice after
     * `after` (the last row of the previous page, by the index's (at, id)), or its first rows.
     * Reading a slice page by page keeps one page in memory however many rows there are.
     */
    async nextPage<F extends keyof ActivityRow>(
      slice: ActivitySlice,
      fields: readonly F[],
      after: Pick<ActivityRow, 'at' | 'id'> | null,
      size: number,
    ): Promise<Pick<ActivityRow, F | 'at' | 'id'>[]> {
      let query = sliceQuery(db, slice).select([...new Set<keyof ActivityRow>(['at', 'id', ...fields])]);
      if (after) {
        const op = slice.order === 'asc' ? '>' : '<';
        query = query.where((eb) => eb(eb.refTuple('at', 'id'), op, eb.tuple(after.at, after.id)));
      }
      return (await query
        .orderBy('at', slice.order)
        .orderBy('id', slice.order)
        .limit(size)
        .execute()) as Pick<ActivityRow, F | 'at' | 'id'>[];
    },

    async signaturesPerMonth(businessId: string, fromMonth: string) {
      return db
        .selectFrom('business_signature_months')
        .select(['month', 'quality', 'count'])
        .where('business_id', '=', businessId)
        .where('month', '>=', fromMonth)
        .execute();
    },

    /**
     * Requests of the business's people now, by state (open and completed): the sums of their
     * counts, which triggers keep (db/migrations/026), one row per person and state.
     */
    async requestCounts(businessId: string): Promise<{ open: number; completed: number }> {
      const rows = await db
        .selectFrom('request_status_counts as c')
        .innerJoin('business_accounts as m', 'm.user_id', 'c.owner_id')
        .select(['c.status as status', (eb) => eb.fn.sum<number | string>('c.count').as('n')])
        .where('m.business_id', '=', businessId)
        .where('c.status', 'in', ['open', 'completed'])
        .groupBy('c.status')
        .execute();
      const of = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
      return { open: of('open'), completed: of('completed') };
    },

    async countPeople(businessId: string): Promise<number> {
      const row = await db
        .selectFrom('business_memberships')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('business_id', '=', businessId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    findPerson: (userId: string) => findPerson(db, userId),

    async findAes4Biz(businessId: string): Promise<Partial<Aes4Biz> | undefined> {
      const row = await db
        .selectFrom('businesses')
        .select('aes4biz')
        .where('id', '=', businessId)
        .executeTakeFirst();
      return row?.aes4biz ? (JSON.parse(row.aes4biz) as Partial<Aes4Biz>) : undefined;
    },

    /**
     * Sets the business's register number, which AES for business keeps (`commercialRegister`)
     * and the verification of its organisation covers (ADR 062); the other settings stay.
     */
    async saveCommercialRegister(businessId: string, commercialRegister: string, now: string): Promise<void> {
      await db.transaction().execute(async (tx) => {
        const row = await tx
          .selectFrom('businesses')
          .select('aes4biz')
          .where('id', '=', businessId)
          .executeTakeFirst();
        const before = row?.aes4biz ? (JSON.parse(row.aes4biz) as Partial<Aes4Biz>) : {};
        const next: Aes4Biz = { ...AES4BIZ_OFF, ...before, commercialRegister };
        await tx
          .updateTable('businesses')
          .set({ aes4biz: JSON.stringify(next), updated_at: now })
          .where('id', '=', businessId)
          .execute();
      });
    },

    async saveAes4Biz(businessId: string, aes4biz: Aes4Biz, now: string): Promise<void> {
      await db
        .updateTable('businesses')
        .set({ aes4biz: JSON.stringify(aes4biz), updated_at: now })
        .where('id', '=', businessId)
        .execute();
    },
  };
}

export type ActivityRepo = ReturnType<typeof createActivityRepo>;
