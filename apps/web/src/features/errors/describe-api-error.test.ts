import { describe, expect, it as test } from 'vitest';
import { errorCatalogue, errorCodes, type ErrorCode } from '@countersign/contract';
import type { PasswordErrorCode } from '@countersign/domain';
import { ApiError } from '../../api/api-error.js';
import enGb from '@countersign/locales/en-gb/translation.json';
import { describeApiError, passwordPolicyKey } from './describe-api-error.js';

/** The text at a dotted key of the core messages, if there is one. */
function textAt(key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], enGb);
}

// Every password-policy code of the domain is a catalogue code (a type error otherwise), so a new
// rule cannot reach a person without words.
const asCatalogueCode = (code: PasswordErrorCode): ErrorCode => code;

describe('the error catalogue as the web app reads it', () => {
  test.each(errorCodes)('%s has a message in the core texts', (code) => {
    expect(typeof textAt(errorCatalogue[code].messageKey)).toBe('string');
  });

  test('an API problem is described by the key the catalogue gives its code', () => {
    expect(describeApiError(new ApiError(429, 'rate_limit.exceeded', 'Too Many Requests'))).toBe(
      'apiErrors.tooManyRequests',
    );
    expect(describeApiError(new ApiError(422, 'pdf.encrypted', 'Unprocessable Content'))).toBe(
      'apiErrors.invalidFile',
    );
    expect(describeApiError(new ApiError(410, 'auth.token_used', 'Gone'))).toBe('apiErrors.tokenUsed');
  });

  test('an unknown code gets the generic message, or the one its status says', () => {
    expect(describeApiError(new ApiError(400, 'something.new', 'Bad Request'))).toBe('apiErrors.generic');
    expect(describeApiError(new ApiError(429, 'http.429', 'Too Many Requests'))).toBe(
      'apiErrors.tooManyRequests',
    );
  });

  test('password-policy verdicts read the same keys, with or without their prefix', () => {
    expect(passwordPolicyKey(asCatalogueCode('password.too_short'))).toBe('passwordPolicy.codes.too_short');
    expect(passwordPolicyKey('too_common')).toBe('passwordPolicy.codes.too_common');
    expect(passwordPolicyKey('nonsense')).toBeNull();
  });
});
