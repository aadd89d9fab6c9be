// Bulk send (ADR 080): a template and a CSV, one request per row. The CSV is checked first (a
// preview with each row's errors: a bad address, a role with no address, an unknown column, a row
// given twice), then the valid rows are sent in the background, each once, resumed after a crash;
// the progress is read here and the result comes as a CSV.
import { z } from 'zod';
import { defineEndpoint, ZFile } from './endpoint.js';
import { templateProblems } from './templates.js';

const tags = ['Templates'];
const ZIdParams = z.object({ id: z.string().min(1).max(64) });

export const ZBulkRowError = z.object({
  /** the CSV column it concerns, or null for the row as a whole */
  column: z.string().nullable(),
  code: z.enum(['bad_address', 'missing_role', 'unknown_column', 'duplicate', 'bad_value', 'send_failed']),
  message: z.string(),
});

export const ZBulkRow = z.object({
  /** 1 for the first row after the header */
  row: z.number().int(),
  status: z.enum(['invalid', 'pending', 'sent', 'failed']),
  errors: z.array(ZBulkRowError),
  signatureRequestId: z.string().nullable(),
});

export const ZBulkSend = z.object({
  id: z.string(),
  templateId: z.string(),
  status: z.enum(['previewed', 'running', 'finished']),
  total: z.number().int(),
  invalid: z.number().int(),
  pending: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  /** the columns the CSV must have: `<role> email`, `<role> name` per role, then one per fillable field label */
  columns: z.array(z.string()),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** the first rows with errors, up to 100 */
  rowsWithErrors: z.array(ZBulkRow),
  /** how many rows the plan of the caller lets one bulk send have */
  maxRows: z.number().int(),
});
export type BulkSend = z.infer<typeof ZBulkSend>;

export const previewBulkSend = defineEndpoint({
  method: 'POST',
  path: '/v3/templates/{id}/bulk-sends',
  summary: 'Check a CSV for a bulk send: one request per row, nothing sent yet',
  description:
    'Takes the CSV (UTF-8, a header row, comma or semicolon separated) and records each row with its errors: a bad address, a role with no address, a column the template does not know, a row given twice. Nothing is sent until `POST /v3/bulk-sends/{id}/start`.',
  tags,
  auth: 'session',
  params: ZIdParams,
  body: z.strictObject({ csv: z.string().min(1).max(5_000_000) }),
  response: ZBulkSend,
  successStatus: 201,
  problems: [
    ...templateProblems,
    'template.no_documents',
    'bulk_send.csv_invalid',
    'bulk_send.too_many_rows',
  ],
});

export const startBulkSend = defineEndpoint({
  method: 'POST',
  path: '/v3/bulk-sends/{id}/start',
  summary: 'Send the valid rows of a checked bulk send, in the background',
  tags,
  auth: 'session',
  params: ZIdParams,
  response: ZBulkSend,
  problems: ['bulk_send.not_found', 'bulk_send.already_started', 'bulk_send.nothing_to_send'],
});

export const getBulkSend = defineEndpoint({
  method: 'GET',
  path: '/v3/bulk-sends/{id}',
  summary: 'A bulk send and its progress',
  tags,
  auth: 'session',
  params: ZIdParams,
  response: ZBulkSend,
  problems: ['bulk_send.not_found'],
});

export const getBulkSendResult = defineEndpoint({
  method: 'GET',
  path: '/v3/bulk-sends/{id}/result',
  summary: 'The result of a bulk send as CSV: each row with its status, request and errors',
  tags,
  auth: 'session',
  params: ZIdParams,
  response: ZFile,
  file: { mediaTypes: ['text/csv'], description: 'One line per row of the CSV sent' },
  problems: ['bulk_send.not_found'],
});

export const bulkSendEndpoints = {
  previewBulkSend,
  startBulkSend,
  getBulkSend,
  getBulkSendResult,
};
