import { describe, expect, it } from 'vitest';
import { ApiError, clientErrorCodes } from '../../api/api-error.js';
import { codeOf, describeSignFailure } from './sign-outcome.js';

describe('describeSignFailure', () => {
  it('shows the locked overlay when another signature holds the document', () => {
    expect(describeSignFailure('signature_request.locked')).toEqual({
      kind: 'overlay',
      name: 'signing-locked',
      reason: null,
    });
  });

  it('asks for a TAN, and shows the TAN overlays for its outcomes', () => {
    expect(describeSignFailure('signing.tan_required')).toEqual({ kind: 'tan-entry' });
    expect(describeSignFailure('signing.pwdotp_required')).toEqual({ kind: 'pwdotp-entry' });
    expect(describeSignFailure('signing.tan_invalid')).toMatchObject({ name: 'tan-invalid' });
    expect(describeSignFailure('signing.tan_expired')).toMatchObject({ name: 'tan-expired' });
    expect(describeSignFailure('signing.tan_locked')).toMatchObject({ name: 'tan-locked' });
    // the certificate at the provider changed after the signature was prepared (ADR 101)
    expect(describeSignFailure('signing.serial_number_mismatch')).toMatchObject({
      name: 'serial-number-mismatch',
    });
    // the plan's allowance of that level is used up for this period
    expect(describeSignFailure('billing.signatures_exhausted')).toMatchObject({
      name: 'exhausted-signatures',
    });
  });

  it('names the reason of a failure the server explains', () => {
    expect(describeSignFailure('signing.quality_not_available')).toEqual({
      kind: 'overlay',
      name: 'signing-failure',
      reason: 'sign.errors.qualityNotAvailable',
    });
    expect(describeSignFailure('signature_request.invalid_transition')).toMatchObject({
      reason: 'sign.errors.notPending',
    });
  });

  it('falls back to the general API messages', () => {
    const offline = new ApiError(0, clientErrorCodes.network, 'offline');
    expect(describeSignFailure(codeOf(offline), offline)).toMatchObject({
      name: 'signing-failure',
      reason: 'apiErrors.network',
    });
    expect(describeSignFailure(null, new Error('boom'))).toMatchObject({ reason: 'apiErrors.generic' });
  });
});
