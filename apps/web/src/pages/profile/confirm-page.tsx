// /profile/confirm: whether the e-mail address is confirmed, and a new confirmation link for one
// that is not (POST /v1/request-confirmation).
import { accountEndpoints } from '@countersign/contract';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { PageHeading } from '../../components/page-heading.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';
import { useSession } from '../../features/session/session-provider.js';
import { useSnackbars } from '../../features/snackbars/snackbar-store.js';

export function ConfirmPage() {
  const { t } = useTranslation();
  const { api } = useServices();
  const { user } = useSession();
  const snackbars = useSnackbars();
  const resend = useMutation({
    mutationFn: (email: string) => api.call(accountEndpoints.requestConfirmation, { body: { email } }),
    onSuccess: (_answer, email) =>
      snackbars.show({ message: t('profile.confirm.resent', { email }), color: 'success' }),
  });
  if (!user) return null;
  return (
    <>
      <PageHeading>{t('profile.confirm.heading')}</PageHeading>
      <div className="flex max-w-md flex-col gap-4">
        <p data-testid="confirmation-state" className="break-words">
          {user.emailVerified
            ? t('profile.confirm.confirmed', { email: user.email })
            : t('profile.confirm.unconfirmed', { email: user.email })}
        </p>
        {!user.emailVerified && (
          <>
            <FormAlert message={resend.error ? t(describeApiError(resend.error)) : null} />
            <Button isBusy={resend.isPending} onClick={() => resend.mutate(user.email)}>
              {t('profile.confirm.resend')}
            </Button>
          </>
        )}
      </div>
    </>
  );
}
