// react-hook-form rules carrying the spec's default form messages (spec 5), so every form says
// "This field is required" and "Please enter a valid email" in the same words.
import { isEmail } from '@countersign/domain';
import type { TFunction } from 'i18next';
import type { RegisterOptions } from 'react-hook-form';

type Rules = Pick<RegisterOptions, 'required' | 'validate' | 'maxLength' | 'minLength'>;

export function requiredRules(t: TFunction): Rules {
  return { required: t('form.required') };
}

export function emailRules(t: TFunction): Rules {
  return {
    required: t('form.required'),
    maxLength: { value: 254, message: t('form.maxLength', { 0: 254 }) },
    validate: (value: unknown) => isEmail(String(value).trim()) || t('form.email'),
  };
}

export function nameRules(t: TFunction): Rules {
  return {
    validate: (value: unknown) => String(value).trim() !== '' || t('form.required'),
    maxLength: { value: 100, message: t('form.maxLength', { 0: 100 }) },
  };
}
