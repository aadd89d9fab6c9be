// What a console screen shows before its business is there: loading, or a failed load with a
// retry. The scheduled deletion is announced on every console screen, with its revocation, and so
// is a plan that ran out.
import { businessEndpoints } from '@countersign/contract';
import type { Business } from '@countersign/contract';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { Spinner } from '../../components/spinner.js';
import { useFormatDate } from '../i18n/use-format-date.js';
import { useSnackbars } from '../snackbars/snackbar-store.js';
import { StandingNotice } from '../billing/standing-notice.js';
import { useBusiness, useRefreshBusiness } from './business-api.js';
import { describeApiError } from '../errors/describe-api-error.js';

export function BusinessGate({ children }: { children: (business: Business) => ReactNode }) {
  const { t } = useTranslation();
  const business = useBusiness();
  if (business.isPending) return <Spinner label={t('app.loading')} />;
  if (business.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <FormAlert message={t(describeApiError(business.error))} />
        <Button variant="secondary" onClick={() => void business.refetch()}>
          {t('dashboard.list.retry')}
        </Button>
      </div>
    );
  }
  return (
    <>
      <DeletionNotice business={business.data} />
      <StandingNotice />
      {children(business.data)}
    </>
  );
}

function DeletionNotice({ business }: { business: Business }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const formatDate = useFormatDate();
  const snackbars = useSnackbars();
  const refresh = useRefreshBusiness();
  const revoke = useMutation({
    mutationFn: () => api.call(businessEndpoints.revokeBusinessDeletion, { params: { id: business.id } }),
    onSuccess: async () => {
      await refresh();
      snackbars.show({ message: t('businessPages.deletion.revoked'), color: 'success' });
    },
  });
  if (!business.deletionDueAt) return null;
  return (
    <section
      aria-label={t('businessPages.profile.dangerHeading')}
      className="mb-6 flex flex-col items-start gap-3 rounded-lg border border-warning bg-warning/10 p-4"
    >
      <p data-testid="deletion-notice">
        {t('businessPages.deletion.scheduled', { date: formatDate(business.deletionDueAt) })}
      </p>
      <FormAlert message={revoke.error ? t(describeApiError(revoke.error)) : null} />
      {business.allowedActions.includes('revoke_delete') && (
        <Button variant="secondary" isBusy={revoke.isPending} onClick={() => revoke.mutate()}>
          {t('businessPages.deletion.revoke')}
        </Button>
      )}
    </section>
  );
}
