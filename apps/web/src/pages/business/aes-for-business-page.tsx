// /business/profile/aes-for-business: AES for business (spec 3 `aes4biz`). The business vouches
// for the identity of its people on its verified domains, who then sign at the advanced level
// without identifying themselves; the representative answers for that. Turning it on needs the
// representative, the commercial register and a verified domain: the server says which is missing.
// It vouches only once the operator verified the business (ADR 062), and for each person by the
// name an admin approves below (ADR 057).
import { businessActivityEndpoints } from '@countersign/contract';
import type { Aes4Biz, Business } from '@countersign/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isEmail } from '@countersign/domain';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { CheckboxField } from '../../components/checkbox-field.js';
import { FormAlert } from '../../components/form-alert.js';
import { PageHeading } from '../../components/page-heading.js';
import { Spinner } from '../../components/spinner.js';
import { TextField } from '../../components/text-field.js';
import { TextLink } from '../../components/text-link.js';
import { aesForBusinessQuery } from '../../features/business/business-queries.js';
import { BusinessGate } from '../../features/business/business-gate.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';
import { useSnackbars } from '../../features/snackbars/snackbar-store.js';
import { useVerification } from './verification-section.js';
import { VouchedNamesSection } from './vouched-names-section.js';

export function AesForBusinessPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading lead={t('consolePages.aes.lead')}>{t('consolePages.aes.heading')}</PageHeading>
      <BusinessGate>{(business) => <AesForBusiness business={business} />}</BusinessGate>
    </>
  );
}

function AesForBusiness({ business }: { business: Business }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const query = aesForBusinessQuery(api, business.id);
  const { queryKey } = query;
  const aes = useQuery(query);
  if (aes.isPending) return <Spinner label={t('app.loading')} />;
  if (aes.isError) return <FormAlert message={t(describeApiError(aes.error))} />;
  return (
    <div className="flex flex-col gap-6">
      <UnverifiedNotice businessId={business.id} />
      <AesForm business={business} current={aes.data} queryKey={queryKey} />
      <VouchedNamesSection business={business} />
    </div>
  );
}

/** The business vouches for nobody until the operator verified it (ADR 062): say so, and where to ask. */
function UnverifiedNotice({ businessId }: { businessId: string }) {
  const { t } = useTranslation();
  const verification = useVerification(businessId);
  if (!verification.data || verification.data.status === 'verified') return null;
  return (
    <p role="note" className="max-w-xl rounded-lg border border-warning/40 bg-white p-4">
      {t('consolePages.aes.notVerified')}{' '}
      <TextLink to="/business/profile">{t('consolePages.aes.profileLink')}</TextLink>
    </p>
  );
}

function AesForm({
  business,
  current,
  queryKey,
}: {
  business: Business;
  current: Aes4Biz;
  queryKey: readonly unknown[];
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const queryClient = useQueryClient();
  const snackbars = useSnackbars();
  const form = useForm<Aes4Biz>({ defaultValues: current });
  const { reset } = form;
  useEffect(() => reset(current), [reset, current]);
  const { errors } = form.formState;
  const verified = business.domains.filter((domain) => domain.verified).map((domain) => domain.domain);
  // a domain named before and no longer verified stays listed, so it can be taken out
  const offered = [...new Set([...verified, ...current.domains])];
  const save = useMutation({
    mutationFn: (next: Aes4Biz) =>
      api.call(businessActivityEndpoints.updateAesForBusiness, { params: { id: business.id }, body: next }),
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKey, answer.aes4biz);
      snackbars.show({ message: t('consolePages.aes.saved'), color: 'success' });
    },
  });
  return (
    <form
      noValidate
      className="flex max-w-xl flex-col gap-4 rounded-lg border border-line bg-white p-4"
      onSubmit={form.handleSubmit((values) =>
        save.mutate({
          ...values,
          representativeName: values.representativeName.trim(),
          representativeEmail: values.representativeEmail.trim().toLowerCase(),
          commercialRegister: values.commercialRegister.trim(),
        }),
      )}
    >
      <CheckboxField label={t('consolePages.aes.enabled')} {...form.register('enabled')} />
      <TextField
        label={t('consolePages.aes.representativeName')}
        hint={t('consolePages.aes.representativeHint')}
        maxLength={200}
        autoComplete="off"
        {...form.register('representativeName')}
      />
      <TextField
        type="email"
        label={t('consolePages.aes.representativeEmail')}
        maxLength={254}
        autoComplete="off"
        error={errors.representativeEmail?.message}
        {...form.register('representativeEmail', {
          validate: (value) => value.trim() === '' || isEmail(value.trim().toLowerCase()) || t('form.email'),
        })}
      />
      <TextField
        label={t('consolePages.aes.commercialRegister')}
        hint={t('consolePages.aes.commercialRegisterHint')}
        maxLength={200}
        autoComplete="off"
        {...form.register('commercialRegister')}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-semibold">{t('consolePages.aes.domains')}</legend>
        <p className="text-sm text-muted">{t('consolePages.aes.domainsText')}</p>
        {offered.length === 0 ? (
          <p className="text-sm">
            {t('consolePages.aes.noDomains')}{' '}
            <TextLink to="/business/members/domains">{t('consolePages.aes.domainsLink')}</TextLink>
          </p>
        ) : (
          offered.map((domain) => (
            <CheckboxField key={domain} label={domain} value={domain} {...form.register('domains')} />
          ))
        )}
      </fieldset>
      <FormAlert message={save.error ? t(describeApiError(save.error)) : null} />
      <Button type="submit" isBusy={save.isPending} className="self-start">
        {t('consolePages.aes.save')}
      </Button>
    </form>
  );
}
