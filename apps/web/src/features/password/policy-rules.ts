// The react-hook-form rule for a new password: the domain policy, worded by its code.
import { checkPassword } from '@countersign/domain';
import type { TFunction } from 'i18next';
import type { RegisterOptions } from 'react-hook-form';
import { passwordPolicyKey } from '../errors/describe-api-error.js';

export function newPasswordRules(
  t: TFunction,
  email: () => string | null | undefined,
): Pick<RegisterOptions, 'required' | 'validate'> {
  return {
    required: t('form.required'),
    validate: (value: unknown) => {
      const verdict = checkPassword(String(value), { email: email() ?? null });
      return verdict.valid || t(passwordPolicyKey(verdict.code) ?? 'passwordPolicy.invalid');
    },
  };
}
