// What a CSC v2 provider's refusal means to a signer: every error the API defines (and the
// sandbox's names for the OTP flow) mapped to a code of the catalogue. A provider that does not
// answer in time, or fails on its side, is unavailable; a refusal of our own call (bad request,
// unknown client) is the operator's problem and says so, without the provider's words reaching
// the person.
import { TrustError } from '@countersign/trust';
import type { ErrorCode } from '@countersign/contract';
import { AppError } from '../../lib/app-error.js';

const BY_ERROR: Record<string, ErrorCode> = {
  // credentials/authorize with an OTP (the TAN flow of ADR 021)
  invalid_otp: 'signing.tan_invalid',
  otp_expired: 'signing.tan_expired',
  otp_locked: 'signing.tan_locked',
  // the password of a pwdotp credential (the Swisscom step-up, ADR 087)
  invalid_pin: 'signing.password_invalid',
  weak_pin: 'signing.password_weak',
  // OAuth2 (RFC 6749 5.2, RFC 9126 2.3) and CSC v2 credential authorisation
  invalid_grant: 'signing.authorisation_invalid',
  invalid_request_uri: 'signing.authorisation_invalid',
  access_denied: 'signing.authorisation_denied',
  invalid_client: 'signing.qtsp_refused',
  unauthorized_client: 'signing.qtsp_refused',
  unsupported_grant_type: 'signing.qtsp_refused',
  unsupported_response_type: 'signing.qtsp_refused',
  invalid_scope: 'signing.qtsp_refused',
  invalid_authorization_details: 'signing.qtsp_refused',
  invalid_token: 'signing.qtsp_refused',
  invalid_request: 'signing.qtsp_refused',
  server_error: 'signing.qtsp_unavailable',
  temporarily_unavailable: 'signing.qtsp_unavailable',
};

/** The catalogue code of a provider's `error` and `error_description` (as on a redirect). */
export function remoteErrorCode(error: string | undefined, description: string | undefined): ErrorCode {
  const text = description ?? '';
  // CSC v2 answers an expired SAD, and a locked credential, within broader error names
  if (/\bSAD\b.*expired|expired.*\bSAD\b/i.test(text)) return 'signing.sad_expired';
  if (/credential[_ ]locked|credential is locked/i.test(text)) return 'signing.credential_locked';
  return (error && BY_ERROR[error]) || 'signing.qtsp_refused';
}

/** A TrustError of the CSC client as an AppError of the catalogue; anything else unchanged. */
export function toSigningError(error: unknown): unknown {
  if (!(error instanceof TrustError)) return error;
  if (error.code === 'trust.csc_unavailable')
    return new AppError('signing.qtsp_unavailable', 'The signing provider did not answer in time');
  if (error.code !== 'trust.csc_error') return error;
  const code = remoteErrorCode(error.remoteError, error.remoteDescription);
  return new AppError(code, `The signing provider answered ${error.remoteError ?? 'an error'}`);
}

/** Runs a call to the provider and turns its refusals into catalogue errors. */
export async function atProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toSigningError(error);
  }
}
