// The business's organisation identity on its profile (ADR 062): where the operator's verification
// of its name, commercial register entry and country stands, and the request for it. Seals and
// AES for business name the business only once it is verified as it is now.
import { businessVerificationEndpoints } from '@countersign/contract';
import type { Business, BusinessVerification } from '@countersign/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { TextField } from '../../components/text-field.js';
import { businessKeys, verificationQuery } from '../../features/business/business-queries.js';
import { CallStatus } from '../../features/errors/call-status.js';
import { useFormatDate } from '../../features/i18n/use-format-date.js';
import { useSnackbars } from '../../features/snackbars/snackbar-store.js';

/** The verification of the business, read once per screen through the query cache. */
export function useVerification(businessId: string) {
  const { api } = useServices();
  return useQuery(verificationQuery(api, businessId));
}

export function VerificationSection({ business }: { business: Business }) {
  const { t } = useTranslation();
  const verification = useVerification(business.id);
  return (
    <section
      aria-labelledby="verification-heading"
      className="flex max-w-xl flex-col gap-3 rounded-lg border border-line bg-white p-4"
    >
      <h2 id="verification-heading" className="text-lg font-semibold">
        {t('consolePages.verification.heading')}
      </h2>
      <p className="text-muted">{t('consolePages.verification.lead')}</p>
      {verification.data && <VerificationState business={business} current={verification.data} />}
      <CallStatus isLoading={verification.isLoading} error={verification.error} />
    </section>
  );
}

function VerificationState({ business, current }: { business: Business; current: BusinessVerification }) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const queryClient = useQueryClient();
  const snackbars = useSnackbars();
  const formatDate = useFormatDate();
  const [register, setRegister] = useState(current.organisation.commercialRegister);
  const ask = useMutation({
    mutationFn: () =>
      api.call(businessVerificationEndpoints.requestBusinessVerification, {
        params: { id: business.id },
        body: register.trim() ? { commercialRegister: register.trim() } : {},
      }),
    onSuccess: async (next) => {
      queryClient.setQueryData(businessKeys.part(business.id, 'verification'), next);
      // the register is also AES for business's
      await queryClient.invalidateQueries({ queryKey: businessKeys.part(business.id, 'aes4biz') });
      snackbars.show({ message: t('consolePages.verification.asked'), color: 'success' });
    },
  });
  const { organisation, status } = current;
  const country = new Intl.DisplayNames([i18n.language], { type: 'region' }).of(organisation.country);
  const date = current.verified?.verifiedAt ?? current.decidedAt ?? current.requestedAt;
  const canAsk = status !== 'pending' && status !== 'verified';
  return (
    <>
      <p data-testid="verification-status" className="font-semibold">
        {t(`consolePages.verification.status.${status}`, {
          date: date ? formatDate(date) : '',
          name: current.verified?.name ?? '',
        })}
      </p>
      {current.reason && <p>{t('consolePages.verification.reason', { reason: current.reason })}</p>}
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">{t('businessPages.profile.name')}</dt>
        <dd>{organisation.name}</dd>
        <dt className="font-semibold">{t('consolePages.aes.commercialRegister')}</dt>
        <dd>{organisation.commercialRegister || '—'}</dd>
        <dt className="font-semibold">{t('businessPages.profile.country')}</dt>
        <dd>{country ?? organisation.country}</dd>
      </dl>
      {canAsk && (
        <form
          noValidate
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            ask.mutate();
          }}
        >
          <TextField
            label={t('consolePages.aes.commercialRegister')}
            hint={t('consolePages.aes.commercialRegisterHint')}
            maxLength={200}
            autoComplete="off"
            value={register}
            onChange={(event) => setRegister(event.target.value)}
          />
          <Button type="submit" isBusy={ask.isPending} className="self-start">
            {t('consolePages.verification.ask')}
          </Button>
        </form>
      )}
      <CallStatus error={ask.error} />
    </>
  );
}
