// The two ways the page /verify checks a PDF (ADR 079): on the server (the file is uploaded to
// POST /v1/verify) or in this browser, where the same engine runs and the file goes nowhere. Both
// answer the contract's report, so the page shows them alike.
import { verificationEndpoints, type VerificationReport } from '@countersign/contract';
import type { ApiClient } from '../../api/client.js';
import { catalogueMessageKey, describeApiError, type MessageKey } from '../errors/describe-api-error.js';

export type VerifyMode = 'browser' | 'server';

export interface VerificationOutcome {
  report: VerificationReport;
  mode: VerifyMode;
  fileName: string;
  /** how long the check took, from the file's bytes to the report */
  ms: number;
}

/** Uploads the file to the public verifier; `at` (YYYY-MM-DD) judges it as of that day instead of now. */
export function verifyOnServer(api: ApiClient, file: File, at?: string): Promise<VerificationReport> {
  const form = new FormData();
  form.append('file', file);
  return api.call(verificationEndpoints.verifyPdf, { form, ...(at ? { query: { at } } : {}) });
}

const refusalKeys: Record<string, MessageKey> = {
  'pdf.not_pdf': 'verify.refusal.notPdf',
  'pdf.truncated': 'verify.refusal.truncated',
  'pdf.encrypted': 'verify.refusal.encrypted',
  'pdf.corrupt': 'verify.refusal.corrupt',
  'upload.too_large': 'verify.refusal.tooLarge',
  'request.body_too_large': 'verify.refusal.tooLarge',
};

/**
 * What to tell the person about a file that could not be checked: the server's problem code and
 * the browser engine's error code are the same catalogue codes, so one table answers both.
 */
export function describeRefusal(error: unknown): MessageKey {
  const code = error instanceof Error && 'code' in error ? String(error.code) : undefined;
  if (code && refusalKeys[code]) return refusalKeys[code];
  if (code?.startsWith('pdf.limit.')) return 'verify.refusal.limit';
  if (code?.startsWith('pdf.')) return catalogueMessageKey(code) ?? 'verify.refusal.corrupt';
  return describeApiError(error);
}
