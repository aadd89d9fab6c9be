// Turns any failure into the translation key of a message a person can act on. The API's stable
// problem codes (ARCHITECTURE.md) are mapped here, in one place; unknown codes get the generic
// message rather than a developer's sentence.
import type { ParseKeys } from 'i18next';
import { ApiError, clientErrorCodes } from '../../api/api-error.js';
import { enGb } from '../i18n/locales/en-gb.js';

export type MessageKey = ParseKeys;

const keyByCode: Record<string, MessageKey> = {
  [clientErrorCodes.network]: 'apiErrors.network',
  [clientErrorCodes.unavailable]: 'apiErrors.unavailable',
  'service.unavailable': 'apiErrors.unavailable',
  'auth.invalid_credentials': 'apiErrors.invalidCredentials',
  'auth.email_not_confirmed': 'apiErrors.emailNotConfirmed',
  'auth.wrong_password': 'apiErrors.wrongPassword',
  'auth.token_invalid': 'apiErrors.tokenInvalid',
  'auth.token_used': 'apiErrors.tokenUsed',
  'auth.token_expired': 'apiErrors.tokenExpired',
  'user.email_taken': 'apiErrors.emailTaken',
  'request.validation_failed': 'apiErrors.validation',
  'rate_limit.exceeded': 'apiErrors.tooManyRequests',
  'http.429': 'apiErrors.tooManyRequests',
};

/** The message key of a password-policy code (`password.too_short` or `too_short`), if known. */
export function passwordPolicyKey(code: string | null | undefined): MessageKey | null {
  if (!code) return null;
  const bare = code.replace(/^password\./, '');
  return bare in enGb.passwordPolicy.codes ? (`passwordPolicy.codes.${bare}` as MessageKey) : null;
}

export function describeApiError(error: unknown): MessageKey {
  if (!(error instanceof ApiError)) return 'apiErrors.generic';
  return (
    keyByCode[error.code] ??
    passwordPolicyKey(error.code) ??
    (error.status === 429 ? 'apiErrors.tooManyRequests' : 'apiErrors.generic')
  );
}
