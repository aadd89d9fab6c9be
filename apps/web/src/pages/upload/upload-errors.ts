// What to tell someone whose upload the server refused (413 too large; 422 encrypted, damaged
// or not a PDF); anything else gets the app's usual message for its code.
import type { ParseKeys } from 'i18next';
import { ApiError } from '../../api/api-error.js';
import { ActionFailure } from '../../features/errors/action-failure.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';

const keyByCode: Record<string, ParseKeys> = {
  'upload.too_large': 'send.errors.tooLarge',
  'request.body_too_large': 'send.errors.tooLarge',
  'pdf.encrypted': 'send.errors.encrypted',
  'pdf.corrupt': 'send.errors.corrupt',
  'pdf.truncated': 'send.errors.corrupt',
  'pdf.not_pdf': 'send.errors.notPdf',
  'signature_request.duplicate_signer': 'send.errors.duplicateSigner',
  'signature_request.invalid_placement': 'send.errors.invalidPlacement',
  'pdf.form_fields_after_signature': 'send.errors.signedDocumentFields',
  'signature_request.invalid_expiry': 'send.errors.invalidDeadline',
  'signature_request.not_found': 'send.errors.notFound',
  'document.not_found': 'send.errors.notFound',
};

export function describeUploadError(error: unknown): ParseKeys {
  if (error instanceof ActionFailure) return describeUploadError(error.cause);
  if (error instanceof ApiError) {
    const key = keyByCode[error.code] ?? (error.status === 413 ? 'send.errors.tooLarge' : undefined);
    if (key) return key;
  }
  return describeApiError(error);
}
