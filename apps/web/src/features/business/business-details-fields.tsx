// The fields that describe a new business (name, country, optional support contact) and the two
// acceptances POST /v2/businesses requires: the registration of a signed-in user and the first
// step of the public business sign-up ask the same things in the same words.
import { useMemo } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../../components/checkbox-field.js';
import { SelectField } from '../../components/select-field.js';
import { TextField } from '../../components/text-field.js';
import { requiredRules } from '../forms/rules.js';
import { htmlLangOf } from '../i18n/locale.js';
import type { WebLocale } from '../i18n/locale.js';
import { listCountries } from './countries.js';

export interface BusinessDetailsForm {
  name: string;
  country: string;
  email: string;
  phone: string;
  acceptGtc: boolean;
  acceptDpa: boolean;
}

/** The countries in the interface language, in the order of spec 1 for this host. */
export function useCountryOptions() {
  const { i18n } = useTranslation();
  return useMemo(
    () => listCountries(htmlLangOf(i18n.language as WebLocale), window.location.hostname),
    [i18n.language],
  );
}

/** Empty details, the country preset to the first of the list (spec 1's order). */
export function emptyBusinessDetails(firstCountry: string | undefined): BusinessDetailsForm {
  return {
    name: '',
    country: firstCountry ?? 'CH',
    email: '',
    phone: '',
    acceptGtc: false,
    acceptDpa: false,
  };
}

export function BusinessDetailsFields({ form }: { form: UseFormReturn<BusinessDetailsForm> }) {
  const { t } = useTranslation();
  const countries = useCountryOptions();
  const { errors } = form.formState;
  const mustAccept = { validate: (value: boolean) => value || t('businessPages.register.mustAccept') };
  return (
    <>
      <TextField
        label={t('businessPages.register.name')}
        autoComplete="organization"
        error={errors.name?.message}
        {...form.register('name', {
          ...requiredRules(t),
          validate: (value) => value.trim() !== '' || t('form.required'),
          maxLength: { value: 200, message: t('form.maxLength', { 0: 200 }) },
        })}
      />
      <SelectField
        label={t('businessPages.register.country')}
        options={countries}
        {...form.register('country')}
      />
      <TextField
        label={t('businessPages.register.email')}
        type="email"
        autoComplete="email"
        {...form.register('email', { maxLength: { value: 254, message: t('form.maxLength', { 0: 254 }) } })}
        error={errors.email?.message}
      />
      <TextField
        label={t('businessPages.register.phone')}
        type="tel"
        autoComplete="tel"
        hint={t('businessPages.register.contactHint')}
        error={errors.phone?.message}
        {...form.register('phone', { maxLength: { value: 40, message: t('form.maxLength', { 0: 40 }) } })}
      />
      <CheckboxField
        label={t('businessPages.register.acceptGtc')}
        note={errors.acceptGtc?.message}
        aria-invalid={errors.acceptGtc ? true : undefined}
        {...form.register('acceptGtc', mustAccept)}
      />
      <CheckboxField
        label={t('businessPages.register.acceptDpa')}
        note={errors.acceptDpa?.message}
        aria-invalid={errors.acceptDpa ? true : undefined}
        {...form.register('acceptDpa', mustAccept)}
      />
    </>
  );
}
