// Turns any failure into the translation key of a message a person can act on. The API's codes
// carry their message key in the error catalogue (`@countersign/contract`), shared with the server,
// so the two cannot drift; the client's own codes (no answer from the API) are mapped here.
// Unknown codes get the generic message rather than a developer's sentence.
import { errorCatalogue, isErrorCode } from '@countersign/contract';
import type { ParseKeys } from 'i18next';
import { ApiError, clientErrorCodes } from '../../api/api-error.js';
import { ActionFailure } from './action-failure.js';

export type MessageKey = ParseKeys;

const keyByClientCode: Record<string, MessageKey> = {
  [clientErrorCodes.network]: 'apiErrors.network',
  [clientErrorCodes.unavailable]: 'apiErrors.unavailable',
};

/** The message key the catalogue gives an API code (checked against en-gb by a test). */
export function catalogueMessageKey(code: string): MessageKey | undefined {
  return isErrorCode(code) ? (errorCatalogue[code].messageKey as MessageKey) : undefined;
}

/** The message key of a password-policy code (`password.too_short` or `too_short`), if known. */
export function passwordPolicyKey(code: string | null | undefined): MessageKey | null {
  if (!code) return null;
  return catalogueMessageKey(code.startsWith('password.') ? code : `password.${code}`) ?? null;
}

export function describeApiError(error: unknown): MessageKey {
  // a spec 8 action failure carries the API's answer as its cause: say what precisely went wrong
  if (error instanceof ActionFailure) return describeApiError(error.cause);
  if (!(error instanceof ApiError)) return 'apiErrors.generic';
  return (
    keyByClientCode[error.code] ??
    catalogueMessageKey(error.code) ??
    (error.status === 429 ? 'apiErrors.tooManyRequests' : 'apiErrors.generic')
  );
}
