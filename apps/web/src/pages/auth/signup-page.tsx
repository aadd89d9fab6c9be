// /signup: creates the account (POST /v1/register) and sends the visitor to /signup/mail-sent to
// wait for the confirmation link. The password gets live policy feedback. `?email=` fills in the
// address: the mails that invite someone without an account to create one pass theirs.
import { accountEndpoints } from '@countersign/contract';
import { languageForLocale } from '@countersign/domain';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { PageHeading } from '../../components/page-heading.js';
import { TextField } from '../../components/text-field.js';
import { TextLink } from '../../components/text-link.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';
import { emailRules, nameRules } from '../../features/forms/rules.js';
import { resolveWebLocale } from '../../features/i18n/locale.js';
import { NewPasswordField } from '../../features/password/new-password-field.js';
import { newPasswordRules } from '../../features/password/policy-rules.js';
import { usePasswordVerdict } from '../../features/password/use-password-verdict.js';

interface SignupForm {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  acceptGtc: boolean;
}

export function SignupPage() {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useForm<SignupForm>({
    defaultValues: {
      firstName: '',
      lastName: '',
      email: params.get('email')?.trim().slice(0, 254) ?? '',
      password: '',
      acceptGtc: false,
    },
  });
  const { errors } = form.formState;
  const email = form.watch('email');
  const verdict = usePasswordVerdict(form.watch('password'), email);

  const register = useMutation({
    mutationFn: (values: SignupForm) =>
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
    onSuccess: (answer) => void navigate('/signup/mail-sent', { state: { email: answer.email } }),
  });

  return (
    <>
      <PageHeading lead={t('signup.intro')}>{t('signup.heading')}</PageHeading>
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
            <span>{t('signup.acceptTerms')}</span>
          </label>
          <p id="accept-gtc-error" role="alert" className="text-sm text-error empty:hidden">
            {errors.acceptGtc?.message}
          </p>
        </div>
        <FormAlert message={register.error ? t(describeApiError(register.error)) : null} />
        <Button type="submit" fullWidth isBusy={register.isPending}>
          {t('signup.submit')}
        </Button>
      </form>
      <p className="mt-6 text-sm">
        {t('signup.haveAccount')} <TextLink to="/login">{t('signup.loginLink')}</TextLink>
      </p>
    </>
  );
}
