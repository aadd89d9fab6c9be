// /password-reset: asks for the account's address and mails a reset link (POST /v1/request-reset,
// which answers the same whether or not the address is known).
import { accountEndpoints } from '@countersign/contract';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { PageHeading } from '../../components/page-heading.js';
import { TextField } from '../../components/text-field.js';
import { TextLink } from '../../components/text-link.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';
import { emailRules } from '../../features/forms/rules.js';

export function RequestResetPage() {
  const { t } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const form = useForm<{ email: string }>({ defaultValues: { email: '' } });
  const request = useMutation({
    mutationFn: (email: string) => api.call(accountEndpoints.requestReset, { body: { email } }),
    onSuccess: (_answer, email) => void navigate('/password-reset/mail-sent', { state: { email } }),
  });
  return (
    <>
      <PageHeading lead={t('passwordReset.intro')}>{t('passwordReset.heading')}</PageHeading>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={form.handleSubmit((values) => request.mutate(values.email.trim().toLowerCase()))}
      >
        <TextField
          label={t('passwordReset.email')}
          type="email"
          autoComplete="email"
          error={form.formState.errors.email?.message}
          {...form.register('email', emailRules(t))}
        />
        <FormAlert message={request.error ? t(describeApiError(request.error)) : null} />
        <Button type="submit" fullWidth isBusy={request.isPending}>
          {t('passwordReset.submit')}
        </Button>
      </form>
      <p className="mt-6 text-sm">
        <TextLink to="/login">{t('passwordReset.backToLogin')}</TextLink>
      </p>
    </>
  );
}
