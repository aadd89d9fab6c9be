// Single sign-on on the login page (ADR 075): the address tells whose identity provider to use,
// or a button names one of the installation's own; the browser goes there, and comes back to
// /login with the provider's answer.
import { ssoEndpoints } from '@countersign/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { TextField } from '../../components/text-field.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';
import { emailRules } from '../../features/forms/rules.js';
import { installationProvidersQuery } from '../../features/session/sso-queries.js';

export function SsoSignIn() {
  const { t } = useTranslation();
  const { api } = useServices();
  const form = useForm<{ email: string }>({ defaultValues: { email: '' } });
  const start = useMutation({
    mutationFn: (body: { email: string } | { provider: string }) => api.call(ssoEndpoints.startSso, { body }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
  const installation = useQuery(installationProvidersQuery(api));
  return (
    <form
      noValidate
      aria-label={t('sso.signIn.heading')}
      className="mt-8 flex flex-col gap-4 border-t pt-6"
      onSubmit={form.handleSubmit(({ email }) => start.mutate({ email: email.trim().toLowerCase() }))}
    >
      <h2 className="text-lg font-semibold">{t('sso.signIn.heading')}</h2>
      <p className="text-sm">{t('sso.signIn.intro')}</p>
      <TextField
        label={t('sso.signIn.email')}
        type="email"
        autoComplete="email"
        error={form.formState.errors.email?.message}
        {...form.register('email', emailRules(t))}
      />
      <FormAlert message={start.error ? t(describeApiError(start.error)) : null} />
      <Button type="submit" variant="secondary" fullWidth isBusy={start.isPending || start.isSuccess}>
        {t('sso.signIn.submit')}
      </Button>
      {installation.data?.providers.map(({ name }) => (
        <Button
          key={name}
          variant="secondary"
          fullWidth
          isBusy={start.isPending && start.variables && 'provider' in start.variables}
          onClick={() => start.mutate({ provider: name })}
        >
          {t('sso.signIn.withProvider', { name: name.charAt(0).toUpperCase() + name.slice(1) })}
        </Button>
      ))}
    </form>
  );
}
