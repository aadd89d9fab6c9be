// /login (spec 2: sign-up link shown). The `email` query parameter prefills the address only if
// it matches the address pattern, lowercased (spec 5). After login the visitor returns to the
// stored target, else the dashboard.
import { accountEndpoints } from '@countersign/contract';
import { normaliseLoginEmailParam } from '@countersign/domain';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../api/api-error.js';
import { useServices } from '../../app/services.js';
import { targetAfterSignIn } from '../../features/business/business-signup-store.js';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { PageHeading } from '../../components/page-heading.js';
import { TextField } from '../../components/text-field.js';
import { TextLink } from '../../components/text-link.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';
import { emailRules, requiredRules } from '../../features/forms/rules.js';
import { useSession } from '../../features/session/session-provider.js';
import { isProviderAnswer, SsoCallback } from '../sso/sso-callback.js';
import { SsoSignIn } from '../sso/sso-sign-in.js';

interface LoginForm {
  email: string;
  password: string;
}

export function LoginPage() {
  const { t } = useTranslation();
  const { api, redirectTarget, storage } = useServices();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const prefilledEmail = normaliseLoginEmailParam(searchParams.get('email')) ?? '';
  const form = useForm<LoginForm>({ defaultValues: { email: prefilledEmail, password: '' } });
  const { errors } = form.formState;

  const login = useMutation({
    mutationFn: (values: LoginForm) =>
      api.call(accountEndpoints.login, {
        body: { email: values.email.trim().toLowerCase(), password: values.password },
      }),
    onSuccess: (answer) => {
      const target = targetAfterSignIn(storage, answer.user.email, redirectTarget.take());
      signIn(answer);
      void navigate(target, { replace: true });
    },
  });
  const resend = useMutation({
    mutationFn: (email: string) => api.call(accountEndpoints.requestConfirmation, { body: { email } }),
  });
  const isUnconfirmed = isApiError(login.error, 'auth.email_not_confirmed');
  // an identity provider sends its answer back here (single sign-on, ADR 075)
  if (isProviderAnswer(searchParams)) return <SsoCallback query={searchParams.toString()} />;

  return (
    <>
      <PageHeading lead={t('login.intro')}>{t('login.heading')}</PageHeading>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={form.handleSubmit((values) => login.mutate(values))}
      >
        <TextField
          label={t('login.email')}
          type="email"
          autoComplete="email"
          autoFocus={!prefilledEmail}
          error={errors.email?.message}
          {...form.register('email', emailRules(t))}
        />
        <TextField
          label={t('login.password')}
          type="password"
          autoComplete="current-password"
          autoFocus={Boolean(prefilledEmail)}
          error={errors.password?.message}
          {...form.register('password', requiredRules(t))}
        />
        <FormAlert message={login.error ? t(describeApiError(login.error)) : null} />
        {isUnconfirmed && (
          <div className="flex flex-col gap-2">
            <Button
              variant="secondary"
              isBusy={resend.isPending}
              onClick={() => resend.mutate(form.getValues('email').trim())}
            >
              {t('login.resendConfirmation')}
            </Button>
            <FormAlert
              tone="success"
              message={
                resend.isSuccess
                  ? t('login.confirmationResent', { email: form.getValues('email').trim() })
                  : null
              }
            />
          </div>
        )}
        <Button type="submit" fullWidth isBusy={login.isPending}>
          {t('login.submit')}
        </Button>
      </form>
      <SsoSignIn />
      <div className="mt-6 flex flex-col gap-2 text-sm">
        <TextLink to="/password-reset">{t('login.forgotPassword')}</TextLink>
        <p>
          {t('login.noAccount')} <TextLink to="/signup">{t('login.signupLink')}</TextLink>
        </p>
      </div>
    </>
  );
}
