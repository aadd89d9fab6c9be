// Turns any failure into the translation key of a message a person can act on. The API's stable
// problem codes (ARCHITECTURE.md) are mapped here, in one place; unknown codes get the generic
// message rather than a developer's sentence.
import type { PasswordErrorCode } from '@countersign/domain';
import type { ParseKeys } from 'i18next';
import { ApiError, clientErrorCodes } from '../../api/api-error.js';
import { ActionFailure } from './action-failure.js';

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
  'password.unchanged': 'apiErrors.passwordUnchanged',
  'observer.not_found': 'apiErrors.observerNotFound',
  'request.validation_failed': 'apiErrors.validation',
  'rate_limit.exceeded': 'apiErrors.tooManyRequests',
  'http.429': 'apiErrors.tooManyRequests',
  // a request's dialogs (pass on, decline, withdraw, add a signer or an observer)
  'signature_request.duplicate_signer': 'apiErrors.alreadyTakesPart',
  'observer.already_added': 'apiErrors.alreadyObserver',
  'signature_request.invalid_transition': 'apiErrors.requestChanged',
  'signature_request.forbidden': 'apiErrors.requestForbidden',
  'signature_request.not_found': 'apiErrors.requestNotFound',
};

// Typed against the domain's codes, so a new policy rule fails the type check until it has words.
const keyByPasswordCode: Record<PasswordErrorCode, MessageKey> = {
  'password.too_short': 'passwordPolicy.codes.too_short',
  'password.too_long': 'passwordPolicy.codes.too_long',
  'password.too_common': 'passwordPolicy.codes.too_common',
  'password.contains_email': 'passwordPolicy.codes.contains_email',
  'password.repetitive': 'passwordPolicy.codes.repetitive',
};

/** The message key of a password-policy code (`password.too_short` or `too_short`), if known. */
export function passwordPolicyKey(code: string | null | undefined): MessageKey | null {
  if (!code) return null;
  const qualified = code.startsWith('password.') ? code : `password.${code}`;
  return keyByPasswordCode[qualified as PasswordErrorCode] ?? null;
}

export function describeApiError(error: unknown): MessageKey {
  // a spec 8 action failure carries the API's answer as its cause: say what precisely went wrong
  if (error instanceof ActionFailure) return describeApiError(error.cause);
  if (!(error instanceof ApiError)) return 'apiErrors.generic';
  return (
    keyByCode[error.code] ??
    passwordPolicyKey(error.code) ??
    (error.status === 429 ? 'apiErrors.tooManyRequests' : 'apiErrors.generic')
  );
}
