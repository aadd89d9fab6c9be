import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/fixtures.js';
import { initialValues, toSignatureInput } from './signature-form-values.js';

describe('visual signature form values', () => {
  it('starts a new signature from the user’s name and the permitted defaults', () => {
    const user = makeUser();
    user.permissions.visualSignatures.claim = { canUpdate: false, defaultValue: false };
    expect(initialValues(undefined, user, true)).toMatchObject({
      name: 'Ada Lovelace',
      displayClaim: false,
      displayDate: true,
      isDefault: true,
    });
  });

  it('sends blank optional lines as null and leaves out the flags the user may not change', () => {
    const user = makeUser();
    user.permissions.visualSignatures.std = { canUpdate: false, defaultValue: true };
    const values = { ...initialValues(undefined, user, false), alias: ' Work ', optionalLine: '  ' };
    expect(
      toSignatureInput({ ...values, displayStandards: false }, user.permissions.visualSignatures),
    ).toEqual({
      alias: 'Work',
      name: 'Ada Lovelace',
      optionalLine: null,
      location: null,
      displayDate: true,
      displayClaim: true,
      displayQr: true,
    });
  });
});
