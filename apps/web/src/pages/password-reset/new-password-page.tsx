// /password-reset/new?token=: sets a new password with the single-use token from the mail
// (POST /v1/reset-password), with live policy feedback, then shows /password-reset/confirm.
import { accountEndpoints } from '@countersign/contract';
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
import { NewPasswordField } from '../../features/password/new-password-field.js';
import { newPasswordRules } from '../../features/password/policy-rules.js';
import { usePasswordVerdict } from '../../features/password/use-password-verdict.js';

interface NewPasswordForm {
  password: string;
  confirm: string;
}

export function NewPasswordPage() {
  const { t } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const form = useForm<NewPasswordForm>({ defaultValues: { password: '', confirm: '' } });
  const { errors } = form.formState;
  const verdict = usePasswordVerdict(form.watch('password'));
  const reset = useMutation({
    mutationFn: (password: string) =>
      api.call(accountEndpoints.resetPassword, { body: { token, new: password } }),
    onSuccess: () => void navigate('/password-reset/confirm', { replace: true }),
  });

  if (token === '') {
    return (
      <>
        <PageHeading>{t('passwordReset.newHeading')}</PageHeading>
        <FormAlert message={t('passwordReset.missingToken')} />
        <p className="mt-6 text-sm">
          <TextLink to="/password-reset">{t('passwordReset.requestNew')}</TextLink>
        </p>
      </>
    );
  }
  return (
    <>
      <PageHeading>{t('passwordReset.newHeading')}</PageHeading>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={form.handleSubmit((values) => reset.mutate(values.password))}
      >
        <NewPasswordField
          label={t('passwordReset.newPassword')}
          verdict={verdict}
          error={errors.password?.message}
          {...form.register(
            'password',
            newPasswordRules(t, () => null),
          )}
        />
        <TextField
          label={t('passwordReset.confirmPassword')}
          type="password"
          autoComplete="new-password"
          error={errors.confirm?.message}
          {...form.register('confirm', {
            required: t('form.required'),
            validate: (value, values) => value === values.password || t('form.passwordMismatch'),
          })}
        />
        <FormAlert message={reset.error ? t(describeApiError(reset.error)) : null} />
        <Button type="submit" fullWidth isBusy={reset.isPending}>
          {t('passwordReset.save')}
        </Button>
      </form>
      {reset.isError && (
        <p className="mt-6 text-sm">
          <TextLink to="/password-reset">{t('passwordReset.requestNew')}</TextLink>
        </p>
      )}
    </>
  );
}
