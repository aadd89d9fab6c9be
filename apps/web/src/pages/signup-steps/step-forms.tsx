// The forms of /signup/steps, one per step (ADR 092). Each says what it saves; the page saves it
// together with the step that follows, so the account moves on only once its answer is kept.
import { languageForLocale, parseLocale } from '@countersign/domain';
import type { Language } from '@countersign/domain';
import type { User } from '@countersign/contract';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { SelectField } from '../../components/select-field.js';
import { TextField } from '../../components/text-field.js';
import { LegalLink } from '../../features/account/signup-form.js';
import { nameRules } from '../../features/forms/rules.js';
import { useAppConfig } from '../../features/maintenance/use-app-config.js';
import {
  languageOptions,
  legislationOptions,
  qualityOptions,
  selectableLanguages,
} from '../../features/profile/preference-options.js';

/** What a step's form hands to the page: the profile changes to save, if any. */
export interface StepAnswer {
  firstName?: string;
  lastName?: string;
  acceptGtc?: true;
  attributes?: {
    lang?: Language;
    defaultLegislation?: User['attributes']['defaultLegislation'];
    defaultQuality?: User['attributes']['defaultQuality'];
  };
}

export interface StepFormProps {
  user: User;
  /** the id of the <form>, which the page's Continue button submits */
  formId: string;
  onAnswer: (answer: StepAnswer) => void;
}

export function NameStep({ user, formId, onAnswer }: StepFormProps) {
  const { t } = useTranslation();
  const form = useForm({ defaultValues: { firstName: user.firstName, lastName: user.lastName } });
  const { errors } = form.formState;
  const locked = new Set(user.attributes.immutableEidFields);
  return (
    <form
      id={formId}
      noValidate
      className="grid gap-4 sm:grid-cols-2"
      onSubmit={form.handleSubmit((v) =>
        onAnswer({ firstName: v.firstName.trim(), lastName: v.lastName.trim() }),
      )}
    >
      <TextField
        label={t('profile.settings.firstName')}
        autoComplete="given-name"
        readOnly={locked.has('firstName')}
        error={errors.firstName?.message}
        {...form.register('firstName', nameRules(t))}
      />
      <TextField
        label={t('profile.settings.lastName')}
        autoComplete="family-name"
        readOnly={locked.has('lastName')}
        error={errors.lastName?.message}
        {...form.register('lastName', nameRules(t))}
      />
    </form>
  );
}

export function TermsStep({ formId, onAnswer }: StepFormProps) {
  const { t } = useTranslation();
  const { config } = useAppConfig();
  const form = useForm({ defaultValues: { acceptGtc: false } });
  const error = form.formState.errors.acceptGtc?.message;
  return (
    <form id={formId} noValidate onSubmit={form.handleSubmit(() => onAnswer({ acceptGtc: true }))}>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-1 size-4"
          aria-invalid={error ? true : undefined}
          aria-describedby="steps-gtc-error"
          {...form.register('acceptGtc', { validate: (value) => value || t('form.required') })}
        />
        <span>
          <Trans
            i18nKey="signup.acceptTerms"
            components={{
              terms: <LegalLink href={config.termsUrl ?? '/terms'} />,
              privacy: <LegalLink href={config.privacyUrl ?? '/privacy'} />,
            }}
          />
        </span>
      </label>
      <p id="steps-gtc-error" role="alert" className="text-sm text-error empty:hidden">
        {error}
      </p>
    </form>
  );
}

export function LanguageStep({ user, formId, onAnswer }: StepFormProps) {
  const { t, i18n } = useTranslation();
  const shown = languageForLocale(parseLocale(i18n.language) ?? 'en-gb');
  const form = useForm({
    defaultValues: {
      lang: selectableLanguages.includes(user.attributes.lang) ? user.attributes.lang : shown,
    },
  });
  return (
    <form
      id={formId}
      noValidate
      onSubmit={form.handleSubmit((v) => onAnswer({ attributes: { lang: v.lang } }))}
    >
      <SelectField
        label={t('profile.settings.language')}
        options={languageOptions}
        {...form.register('lang')}
      />
    </form>
  );
}

export function SigningStep({ user, formId, onAnswer }: StepFormProps) {
  const { t } = useTranslation();
  const form = useForm({
    defaultValues: {
      defaultLegislation: user.attributes.defaultLegislation,
      defaultQuality: user.attributes.defaultQuality,
    },
  });
  return (
    <form
      id={formId}
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((attributes) => onAnswer({ attributes }))}
    >
      <SelectField
        label={t('profile.settings.legislation')}
        options={legislationOptions(t)}
        {...form.register('defaultLegislation')}
      />
      <SelectField
        label={t('profile.settings.quality')}
        options={qualityOptions(t)}
        {...form.register('defaultQuality')}
      />
    </form>
  );
}
