// /profile/change-password: changes the password (POST /v1/change-password). Weak-password users
// are forced here (spec 2) and leave for the dashboard once the new password is saved.
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
import { describeApiError } from '../../features/errors/describe-api-error.js';
import { requiredRules } from '../../features/forms/rules.js';
import { NewPasswordField } from '../../features/password/new-password-field.js';
import { newPasswordRules } from '../../features/password/policy-rules.js';
import { usePasswordVerdict } from '../../features/password/use-password-verdict.js';
import { useSession } from '../../features/session/session-provider.js';
import { useSnackbars } from '../../features/snackbars/snackbar-store.js';

interface ChangePasswordForm {
  current: string;
  password: string;
  confirm: string;
}

export function ChangePasswordPage() {
  const { t } = useTranslation();
  const { api } = useServices();
  const { user, updateUser } = useSession();
  const snackbars = useSnackbars();
  const navigate = useNavigate();
  const isForced = user?.attributes.weakPassword === true;
  const form = useForm<ChangePasswordForm>({ defaultValues: { current: '', password: '', confirm: '' } });
  const { errors } = form.formState;
  const verdict = usePasswordVerdict(form.watch('password'), user?.email);

  const change = useMutation({
    mutationFn: async (values: ChangePasswordForm) => {
      await api.call(accountEndpoints.changePassword, {
        body: { old: values.current, new: values.password },
      });
      return api.call(accountEndpoints.getUser, { query: { v2: 'true' } });
    },
    onSuccess: (freshUser) => {
      form.reset();
      updateUser(freshUser);
      // A forced change leaves the page, so the confirmation travels as a snackbar; otherwise the
      // message below the form says it.
      if (isForced) {
        snackbars.show({ message: t('changePassword.success'), color: 'success' });
        void navigate('/dashboard', { replace: true });
      }
    },
  });

  return (
    <>
      <PageHeading>{t('changePassword.heading')}</PageHeading>
      {isForced && <FormAlert tone="error" message={t('changePassword.weakNotice')} />}
      <form
        noValidate
        className="mt-4 flex max-w-md flex-col gap-4"
        onSubmit={form.handleSubmit((values) => change.mutate(values))}
      >
        <TextField
          label={t('changePassword.current')}
          type="password"
          autoComplete="current-password"
          error={errors.current?.message}
          {...form.register('current', requiredRules(t))}
        />
        <NewPasswordField
          label={t('changePassword.newPassword')}
          verdict={verdict}
          error={errors.password?.message}
          {...form.register(
            'password',
            newPasswordRules(t, () => user?.email),
          )}
        />
        <TextField
          label={t('changePassword.confirmPassword')}
          type="password"
          autoComplete="new-password"
          error={errors.confirm?.message}
          {...form.register('confirm', {
            required: t('form.required'),
            validate: (value, values) => value === values.password || t('form.passwordMismatch'),
          })}
        />
        <FormAlert message={change.error ? t(describeApiError(change.error)) : null} />
        {/* said until the form is touched again, so it never stands beside a new attempt's verdict */}
        <FormAlert
          tone="success"
          message={change.isSuccess && !form.formState.isDirty ? t('changePassword.success') : null}
        />
        <Button type="submit" isBusy={change.isPending}>
          {t('changePassword.submit')}
        </Button>
      </form>
    </>
  );
}
