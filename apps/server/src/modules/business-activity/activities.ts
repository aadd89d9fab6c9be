// The activity report of a business (admins only, ADR 035: who did what and when, never the
// documents): the three lists, paged, and the same rows as CSV, read in keyset pages and written
// out as they come, so that the memory an export holds does not grow with its size.
import { pipeline, Readable } from 'node:stream';
import type {
  AccountActivity,
  ActivityFilter,
  ActivityKind,
  ActivityQuery,
  IdentificationActivity,
  SignatureActivity,
} from '@countersign/contract';
import { activityRange } from '@countersign/domain';
import { AppError } from '../../lib/app-error.js';
import type { Principal } from '../../lib/principal.js';
import { type BusinessReader, authorizeBusiness, type BusinessAction } from '../businesses/index.js';
import { crlfRecords, csvLine, csvRecords } from './csv-cells.js';
import type { ActivityRepo, ActivityRow, ActivitySlice } from './repo.js';

export interface ActivityDeps {
  activity: ActivityRepo;
  businesses: Pick<BusinessReader, 'findBusiness'>;
}

/** The business named in a call, once the principal may take the action on it (404/403 otherwise). */
export async function requireBusiness(
  deps: ActivityDeps,
  principal: Principal,
  businessId: string,
  action: BusinessAction,
) {
  authorizeBusiness(principal, action, { businessId });
  const business = await deps.businesses.findBusiness(businessId);
  if (!business) throw new AppError('business.not_found', 'No such business');
  return business;
}

type Field = Exclude<keyof ActivityRow, 'id' | 'business_id' | 'kind'>;

/**
 * Each list's CSV columns: its JSON fields (snake_case, as on the wire) without the row id, each
 * with the stored column it is read from, so an export reads only those and builds no object of
 * its own per row.
 */
const COLUMNS: Record<ActivityKind, readonly (readonly [name: string, field: Field])[]> = {
  accounts: [
    ['at', 'at'],
    ['event', 'event'],
    ['email', 'email'],
    ['name', 'name'],
    ['role', 'role'],
    ['by_email', 'by_email'],
  ],
  signatures: [
    ['at', 'at'],
    ['request_id', 'request_id'],
    ['signer_email', 'email'],
    ['signer_name', 'name'],
    ['quality', 'quality'],
    ['legislation', 'legislation'],
    ['sender_email', 'sender_email'],
    ['group_name', 'group_name'],
  ],
  identifications: [
    ['at', 'at'],
    ['email', 'email'],
    ['name', 'name'],
    ['method', 'method'],
    ['legislation', 'legislation'],
    ['outcome', 'event'],
  ],
};

/** Each list's rows as it presents them (camelCase: the edge converts the keys). */
const PRESENT = {
  accounts: (row: ActivityRow): AccountActivity => ({
    id: row.id,
    at: row.at,
    event: row.event as AccountActivity['event'],
    email: row.email,
    name: row.name,
    role: row.role as AccountActivity['role'],
    byEmail: row.by_email ?? '',
  }),
  signatures: (row: ActivityRow): SignatureActivity => ({
    id: row.id,
    at: row.at,
    requestId: row.request_id ?? '',
    signerEmail: row.email,
    signerName: row.name,
    quality: row.quality as SignatureActivity['quality'],
    legislation: row.legislation as SignatureActivity['legislation'],
    senderEmail: row.sender_email ?? '',
    groupName: row.group_name,
  }),
  identifications: (row: ActivityRow): IdentificationActivity => ({
    id: row.id,
    at: row.at,
    email: row.email,
    name: row.name,
    method: row.method ?? '',
    legislation: row.legislation as IdentificationActivity['legislation'],
    outcome: row.event as IdentificationActivity['outcome'],
  }),
};

/** Rows per keyset page of an export (docs/benchmarks.md, bench:activity). */
const EXPORT_PAGE_SIZE = 1000;

/** When every export connection is busy: a download of a million rows takes about half a minute. */
const EXPORT_BUSY_RETRY_AFTER_S = 30;

const sliceOf = (businessId: string, kind: ActivityKind, filter: ActivityFilter): ActivitySlice => ({
  businessId,
  kind,
  range: activityRange(filter.startDate, filter.endDate),
  order: filter.sort,
});

export async function listActivities<K extends ActivityKind>(
  deps: ActivityDeps,
  principal: Principal,
  input: { businessId: string; kind: K; query: ActivityQuery },
): Promise<{ items: ReturnType<(typeof PRESENT)[K]>[]; page: number; size: number; total: number }> {
  await requireBusiness(deps, principal, input.businessId, 'view_activity');
  const { page, size } = input.query;
  const found = await deps.activity.listPage(sliceOf(input.businessId, input.kind, input.query), page, size);
  const present = PRESENT[input.kind] as (row: ActivityRow) => ReturnType<(typeof PRESENT)[K]>;
  return { items: found.items.map(present), page, size, total: found.total };
}

/**
 * The export of one list as a stream of CSV text (RFC 4180 with CRLF, UTF-8 with a byte order
 * mark, as spreadsheet programs need to read it as UTF-8). Authorised before the first byte.
 * On PostgreSQL the database writes the CSV (COPY) and its bytes pass through (ADR 060); on
 * SQLite each keyset page of rows becomes one piece of text, and the next page is read only when
 * the answer asks for more (read()). Either way memory holds about one page whatever the size.
 */
export async function exportActivities(
  deps: ActivityDeps,
  principal: Principal,
  input: { businessId: string; kind: ActivityKind; filter: ActivityFilter },
): Promise<Readable> {
  const business = await requireBusiness(deps, principal, input.businessId, 'view_activity');
  const columns = COLUMNS[input.kind];
  const fields = columns.map(([, field]) => field);
  const slice = sliceOf(business.id, input.kind, input.filter);
  const head = `\uFEFF${csvLine(columns.map(([name]) => name))}`;
  if (deps.activity.exportCsv) {
    const copied = await deps.activity.exportCsv(slice, fields);
    if (!copied)
      throw new AppError('activity.export_busy', 'Other exports are running; try again in a moment', {
        retryAfterSeconds: EXPORT_BUSY_RETRY_AFTER_S,
      });
    return pipeline(copied, crlfRecords(head), () => {});
  }
  let after: { at: string; id: string } | null = null;
  let started = false;
  let finished = false;
  return new Readable({
    read() {
      if (!started) {
        started = true;
        this.push(head);
      } else if (!finished) {
        deps.activity.nextPage(slice, fields, after, EXPORT_PAGE_SIZE).then((rows) => {
          const tail = rows[rows.length - 1];
          if (tail) after = { at: tail.at, id: tail.id };
          finished = rows.length < EXPORT_PAGE_SIZE;
          if (rows.length > 0) this.push(csvRecords(rows, fields));
          if (finished) this.push(null);
        }, this.destroy.bind(this));
      }
    },
  });
}
