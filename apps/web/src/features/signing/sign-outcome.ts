// What a failed signing attempt shows, decided from the API's stable problem code. The server
// answers a held document lock with `signature_request.locked`; the TAN codes are those a
// TAN-confirming signing provider answers with (spec 2 lists their overlays; spec 8 leaves the
// triggers open). Anything else is a signing failure with the best reason we can name.
import type { MessageKey } from '../errors/describe-api-error.js';
import { describeApiError } from '../errors/describe-api-error.js';
import { ApiError } from '../../api/api-error.js';
import type { FailureOverlayName } from './signing-overlays.js';

export const TAN_REQUIRED = 'signing.tan_required';
/** a Swisscom-style credential: the password at the provider and the texted code (ADR 087) */
export const PWDOTP_REQUIRED = 'signing.pwdotp_required';

/** The overlay of a qualified signature whose certificate changed at the provider (ADR 093, 101). */
export const SERIAL_NUMBER_MISMATCH = 'serial-number-mismatch';

export type SignFailureView =
  | { kind: 'tan-entry' }
  | { kind: 'pwdotp-entry' }
  | { kind: 'overlay'; name: FailureOverlayName | 'exhausted-signatures'; reason: MessageKey | null };

const overlayByCode: Record<string, FailureOverlayName | 'exhausted-signatures'> = {
  'signature_request.locked': 'signing-locked',
  'signing.tan_invalid': 'tan-invalid',
  'signing.tan_expired': 'tan-expired',
  'signing.tan_locked': 'tan-locked',
  'signing.serial_number_mismatch': SERIAL_NUMBER_MISMATCH,
  // the plan's allowance of signatures of that level is used up for this period
  'billing.signatures_exhausted': 'exhausted-signatures',
};

const reasonByCode: Record<string, MessageKey> = {
  'signing.quality_not_available': 'sign.errors.qualityNotAvailable',
  'signing.consent_required': 'sign.errors.consentRequired',
  'signing.consent_unknown': 'sign.errors.consentOutdated',
  'signature_request.invalid_transition': 'sign.errors.notPending',
  'signature_request.conflict': 'sign.errors.changed',
  'signature_request.forbidden': 'sign.errors.notPending',
  'signature_request.not_found': 'sign.errors.notFound',
};

export function codeOf(error: unknown): string | null {
  return error instanceof ApiError ? error.code : null;
}

export function describeSignFailure(code: string | null, error: unknown = null): SignFailureView {
  if (code === TAN_REQUIRED) return { kind: 'tan-entry' };
  if (code === PWDOTP_REQUIRED) return { kind: 'pwdotp-entry' };
  const overlay = code ? overlayByCode[code] : undefined;
  if (overlay) return { kind: 'overlay', name: overlay, reason: null };
  const reason = (code ? reasonByCode[code] : undefined) ?? describeApiError(error);
  return { kind: 'overlay', name: 'signing-failure', reason };
}
