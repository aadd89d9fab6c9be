// The business's own identity provider on the settings page (ADR 075): issuer, client, scopes and
// whether members must sign in through it, a test that the provider answers, and outside
// production the sandbox provider to try it with. The client secret is written, never shown.
import { ssoEndpoints } from '@countersign/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { CheckboxField } from '../../components/checkbox-field.js';
import { FormAlert } from '../../components/form-alert.js';
import { Spinner } from '../../components/spinner.js';
import { TextField } from '../../components/text-field.js';
import { businessQueryKey } from '../../features/business/business-api.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';
import { requiredRules } from '../../features/forms/rules.js';
import { useSnackbars } from '../../features/snackbars/snackbar-store.js';

interface ProviderForm {
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  required: boolean;
}

export function IdentityProviderSection({ businessId }: { businessId: string }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const queryClient = useQueryClient();
  const snackbars = useSnackbars();
  const key = [...businessQueryKey, businessId, 'identity-provider'];
  const params = { id: businessId };
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.call(ssoEndpoints.getBusinessIdentityProvider, { params, signal }),
  });
  const current = query.data?.identityProvider ?? null;
  const form = useForm<ProviderForm>({
    values: {
      issuer: current?.issuer ?? '',
      clientId: current?.clientId ?? '',
      clientSecret: '',
      scopes: (current?.scopes ?? ['openid', 'email', 'profile']).join(' '),
      required: current?.required ?? false,
    },
  });
  const saved = (message: string) => snackbars.show({ message, color: 'success' });
  const save = useMutation({
    mutationFn: (v: ProviderForm) =>
      api.call(ssoEndpoints.putBusinessIdentityProvider, {
        params,
        body: {
          issuer: v.issuer.trim(),
          clientId: v.clientId.trim(),
          ...(v.clientSecret && { clientSecret: v.clientSecret }),
          scopes: v.scopes.split(/\s+/).filter(Boolean),
          required: v.required,
        },
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(key, answer);
      saved(t('businessPages.settings.saved'));
    },
  });
  const remove = useMutation({
    mutationFn: () => api.call(ssoEndpoints.deleteBusinessIdentityProvider, { params }),
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
  });
  const test = useMutation({
    mutationFn: () => api.call(ssoEndpoints.testBusinessIdentityProvider, { params }),
    onSuccess: () => saved(t('sso.admin.testPassed')),
  });
  if (query.isPending) return <Spinner label={t('app.loading')} />;
  const sandbox = query.data?.sandbox ?? null;
  const failure = save.error ?? remove.error ?? test.error ?? query.error;

  return (
    <form
      noValidate
      aria-labelledby="sso-heading"
      className="flex flex-col gap-3 rounded-lg border border-line bg-white p-4"
      onSubmit={form.handleSubmit((v) => save.mutate(v))}
    >
      <h2 id="sso-heading" className="text-lg font-semibold">
        {t('sso.admin.heading')}
      </h2>
      <p className="text-muted">{t('sso.admin.text')}</p>
      {current && <p className="text-sm">{t('sso.admin.redirectUri', { uri: current.redirectUri })}</p>}
      <TextField label={t('sso.admin.issuer')} {...form.register('issuer', requiredRules(t))} />
      <TextField label={t('sso.admin.clientId')} {...form.register('clientId', requiredRules(t))} />
      <TextField
        label={t('sso.admin.clientSecret')}
        type="password"
        autoComplete="off"
        placeholder={current?.hasClientSecret ? t('sso.admin.secretKept') : ''}
        {...form.register('clientSecret')}
      />
      <TextField label={t('sso.admin.scopes')} {...form.register('scopes')} />
      <CheckboxField label={t('sso.admin.required')} {...form.register('required')} />
      <FormAlert message={failure ? t(describeApiError(failure)) : null} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="secondary" isBusy={save.isPending}>
          {t('sso.admin.save')}
        </Button>
        {current && (
          <Button variant="secondary" isBusy={test.isPending} onClick={() => test.mutate()}>
            {t('sso.admin.test')}
          </Button>
        )}
        {current && (
          <Button variant="secondary" isBusy={remove.isPending} onClick={() => remove.mutate()}>
            {t('sso.admin.remove')}
          </Button>
        )}
        {sandbox && (
          <Button
            variant="secondary"
            onClick={() => {
              form.setValue('issuer', sandbox.issuer);
              form.setValue('clientId', sandbox.clientId);
              form.setValue('clientSecret', sandbox.clientSecret);
            }}
          >
            {t('sso.admin.useSandbox')}
          </Button>
        )}
      </div>
    </form>
  );
}
