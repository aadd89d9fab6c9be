// The bulk send use cases a caller makes (ADR 080): check a CSV against a template (nothing is sent;
// each row is recorded with its errors), start the sending of the valid rows, read the progress,
// and fetch the result as CSV. A bulk send is its maker's alone: anyone else gets 404.
import type { BulkSend } from '@countersign/contract';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { PersonPrincipal } from '../../lib/principal.js';
import { newId } from '../../lib/tokens.js';
import { csvLine } from '../business-activity/index.js';
import type { PlanGate } from '../billing/index.js';
import { loadTemplate, type TemplateRepo } from '../templates/index.js';
import { checkRows, columnsOf, readCsv } from './csv-rows.js';
import type { BulkSendRecord, BulkSendRepo } from './repo.js';

export interface BulkSendDeps {
  templates: TemplateRepo;
  bulkSends: BulkSendRepo;
  clock: Clock;
  plans: Pick<PlanGate, 'maxBulkSendRows'>;
  /** starts working on a bulk send now, in this process (a serving process; tests run the job) */
  kick: (id: string) => void;
}

/** The rows with errors the progress shows; the result file has them all. */
const ERRORS_SHOWN = 100;

async function present(
  deps: Pick<BulkSendDeps, 'bulkSends' | 'plans'>,
  b: BulkSendRecord,
): Promise<BulkSend> {
  const [counts, rowsWithErrors, maxRows] = await Promise.all([
    deps.bulkSends.counts(b.id),
    deps.bulkSends.rowsWithErrors(b.id, ERRORS_SHOWN),
    deps.plans.maxBulkSendRows(b.ownerId),
  ]);
  return {
    id: b.id,
    templateId: b.templateId,
    status: b.status,
    total: b.total,
    invalid: counts.invalid,
    // a row whose request is made but not yet sent is still to be sent
    pending: counts.pending + counts.created,
    sent: counts.sent,
    failed: counts.failed,
    columns: columnsOf(b.template).map((c) => c.name),
    createdAt: b.createdAt,
    startedAt: b.startedAt,
    finishedAt: b.finishedAt,
    rowsWithErrors: rowsWithErrors.map((r) => ({
      row: r.row,
      status: r.status === 'invalid' ? 'invalid' : 'failed',
      errors: r.errors,
      signatureRequestId: r.requestId,
    })),
    maxRows,
  };
}

async function requireOwn(deps: Pick<BulkSendDeps, 'bulkSends'>, principal: PersonPrincipal, id: string) {
  const b = await deps.bulkSends.find(id);
  if (!b || b.ownerId !== principal.userId) throw new AppError('bulk_send.not_found', 'No such bulk send');
  return b;
}

/** POST /v3/templates/{id}/bulk-sends: the CSV checked and recorded, nothing sent. */
export async function previewBulkSend(
  deps: BulkSendDeps,
  principal: PersonPrincipal,
  templateId: string,
  csv: string,
): Promise<BulkSend> {
  const template = await loadTemplate(deps, principal, templateId, 'use');
  if (template.documents.length === 0)
    throw new AppError('template.no_documents', 'The template has no documents');
  const { header, records } = readCsv(csv);
  const maxRows = await deps.plans.maxBulkSendRows(principal.userId);
  if (records.length > maxRows)
    throw new AppError('bulk_send.too_many_rows', `The plan allows ${maxRows} rows in one bulk send`, {
      rows: records.length,
      maxRows,
    });
  const rows = checkRows(template, header, records);
  const record = {
    id: newId(),
    templateId,
    ownerId: principal.userId,
    businessId: principal.membership?.businessId ?? null,
    template,
    status: 'previewed' as const,
    total: rows.length,
    createdAt: deps.clock.now().toISOString(),
  };
  await deps.bulkSends.insert(record, rows);
  return present(deps, { ...record, startedAt: null, finishedAt: null });
}

/** POST /v3/bulk-sends/{id}/start: the valid rows are sent in the background, each once. */
export async function startBulkSend(deps: BulkSendDeps, principal: PersonPrincipal, id: string) {
  const b = await requireOwn(deps, principal, id);
  if ((await deps.bulkSends.counts(id)).pending === 0 && b.status === 'previewed')
    throw new AppError('bulk_send.nothing_to_send', 'No row is free of errors');
  if (!(await deps.bulkSends.start(id, deps.clock.now().toISOString())))
    throw new AppError('bulk_send.already_started', 'The bulk send was started already');
  deps.kick(id);
  return present(deps, (await deps.bulkSends.find(id))!);
}

export async function readBulkSend(deps: BulkSendDeps, principal: PersonPrincipal, id: string) {
  return present(deps, await requireOwn(deps, principal, id));
}

/** GET /v3/bulk-sends/{id}/result: one line per row, its people, status, request and errors. */
export async function bulkSendResult(deps: BulkSendDeps, principal: PersonPrincipal, id: string) {
  const b = await requireOwn(deps, principal, id);
  const rows = await deps.bulkSends.allRows(id);
  const roles = b.template.roles;
  let text = csvLine([
    'row',
    ...roles.map((r) => `${r.name} email`),
    'status',
    'signature_request_id',
    'errors',
  ]);
  for (const r of rows) {
    const emails = roles.map((role) => r.data.roles.find((x) => x.roleId === role.id)?.email ?? null);
    const errors = r.errors.map((e) => (e.column ? `${e.column}: ${e.message}` : e.message)).join('; ');
    text += csvLine([
      String(r.row),
      ...emails,
      r.status === 'created' ? 'pending' : r.status,
      r.requestId,
      errors,
    ]);
  }
  return text;
}
