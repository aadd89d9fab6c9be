// The account part of signing up (name, e-mail, password with live policy feedback, terms and
// privacy policy as links: the operator's or the built-in pages):
// POST /v1/register, after which the person confirms their address. The plain sign-up and the
// business sign-up's account step share it; each says where the visitor goes next.
import { accountEndpoints } from '@countersign/contract';
import { languageForLocale } from '@countersign/domain';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { TextField } from '../../components/text-field.js';
import { describeApiError } from '../errors/describe-api-error.js';
import { emailRules, nameRules } from '../forms/rules.js';
import { useAppConfig } from '../maintenance/use-app-config.js';
import { resolveWebLocale } from '../i18n/locale.js';
import { NewPasswordField } from '../password/new-password-field.js';
import { newPasswordRules } from '../password/policy-rules.js';
import { usePasswordVerdict } from '../password/use-password-verdict.js';

interface SignupValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  acceptGtc: boolean;
}

export interface SignupFormProps {
  /** the address filled in at first */
  initialEmail?: string;
  submitLabel: string;
  /** The account exists and its confirmation mail is on its way to `email`. */
  onRegistered: (email: string) => void;
}

/** The terms or the privacy policy, in a new tab so the form keeps what was typed. */
export function LegalLink({ href, children }: { href: string; children?: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="font-semibold text-primary-dark underline underline-offset-2"
    >
      {children}
    </a>
  );
}

export function SignupForm({ initialEmail = '', submitLabel, onRegistered }: SignupFormProps) {
  const { t, i18n } = useTranslation();
  const { config } = useAppConfig();
  const { api } = useServices();
  const form = useForm<SignupValues>({
    defaultValues: { firstName: '', lastName: '', email: initialEmail, password: '', acceptGtc: false },
  });
  const { errors } = form.formState;
  const email = form.watch('email');
  const verdict = usePasswordVerdict(form.watch('password'), email);

  const register = useMutation({
    mutationFn: (values: SignupValues) =>
      api.call(accountEndpoints.register, {
        body: {
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          email: values.email.trim().toLowerCase(),
          password: values.password,
          lang: languageForLocale(resolveWebLocale({ storedLocale: i18n.language })),
          acceptGtc: values.acceptGtc,
        },
      }),
    onSuccess: (answer) => onRegistered(answer.email),
  });

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((values) => register.mutate(values))}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('signup.firstName')}
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...form.register('firstName', nameRules(t))}
        />
        <TextField
          label={t('signup.lastName')}
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...form.register('lastName', nameRules(t))}
        />
      </div>
      <TextField
        label={t('signup.email')}
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email', emailRules(t))}
      />
      <NewPasswordField
        label={t('signup.password')}
        verdict={verdict}
        error={errors.password?.message}
        {...form.register(
          'password',
          newPasswordRules(t, () => form.getValues('email')),
        )}
      />
      <div className="flex flex-col gap-1">
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-1 size-4"
            aria-invalid={errors.acceptGtc ? true : undefined}
            aria-describedby="accept-gtc-error"
            {...form.register('acceptGtc', { validate: (value) => value === true || t('form.required') })}
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
        <p id="accept-gtc-error" role="alert" className="text-sm text-error empty:hidden">
          {errors.acceptGtc?.message}
        </p>
      </div>
      <FormAlert message={register.error ? t(describeApiError(register.error)) : null} />
      <Button type="submit" fullWidth isBusy={register.isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}
