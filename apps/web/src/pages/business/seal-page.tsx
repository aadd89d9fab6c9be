// /business/seals/{accountname}: one seal of the business. The admin changes its label (what its
// visual shows; the certificate keeps the name it was issued with), sets or removes its visual, and
// chooses the people and the API users who may apply it (nobody else may, ADR 061); the
// certificate is shown as a person checking a sealed document would read it.
import { sealEndpoints } from '@countersign/contract';
import type { Business, SealDetail } from '@countersign/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { PageHeading } from '../../components/page-heading.js';
import { Spinner } from '../../components/spinner.js';
import { TextField } from '../../components/text-field.js';
import { TextLink } from '../../components/text-link.js';
import { businessKeys, sealQuery } from '../../features/business/business-queries.js';
import { BusinessGate } from '../../features/business/business-gate.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';
import { useFormatDate } from '../../features/i18n/use-format-date.js';
import { useSnackbars } from '../../features/snackbars/snackbar-store.js';
import { SealImageSection } from './seal-image-section.js';
import { SealApiUsersSection, SealMembersSection } from './seal-members-section.js';

export function SealPage() {
  const { t } = useTranslation();
  const { accountname = '' } = useParams();
  return (
    <>
      <BusinessGate>{(business) => <SealScreen business={business} name={accountname} />}</BusinessGate>
      <p className="mt-8">
        <TextLink to="/business/seals">{t('consolePages.seals.back')}</TextLink>
      </p>
    </>
  );
}

function SealScreen({ business, name }: { business: Business; name: string }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const queryClient = useQueryClient();
  const seal = useQuery(sealQuery(api, business.id, name));
  // every change answers the seal as it is now: show that, and let the list count again
  const store = (next: SealDetail) => {
    queryClient.setQueryData(businessKeys.seal(business.id, name), next);
    void queryClient.invalidateQueries({
      queryKey: businessKeys.part(business.id, 'seals'),
      exact: true,
    });
  };
  if (seal.isPending) return <Spinner label={t('app.loading')} />;
  if (seal.isError) {
    return (
      <>
        <PageHeading>{t('consolePages.seals.notFoundHeading')}</PageHeading>
        <FormAlert message={t(describeApiError(seal.error))} />
      </>
    );
  }
  return (
    <>
      <PageHeading lead={t('consolePages.seals.detailLead', { name: seal.data.name })}>
        {seal.data.label}
      </PageHeading>
      <div className="flex flex-col gap-6">
        <LabelSection business={business} seal={seal.data} store={store} />
        <SealImageSection business={business} seal={seal.data} store={store} />
        <SealMembersSection business={business} seal={seal.data} store={store} />
        <SealApiUsersSection business={business} seal={seal.data} store={store} />
        <CertificateSection seal={seal.data} />
      </div>
    </>
  );
}

function LabelSection({
  business,
  seal,
  store,
}: {
  business: Business;
  seal: SealDetail;
  store: (seal: SealDetail) => void;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const snackbars = useSnackbars();
  const form = useForm<{ label: string }>({ defaultValues: { label: seal.label } });
  const { reset } = form;
  useEffect(() => reset({ label: seal.label }), [reset, seal.label]);
  const save = useMutation({
    mutationFn: (label: string) =>
      api.call(sealEndpoints.updateSeal, { params: { id: business.id, seal: seal.name }, body: { label } }),
    onSuccess: (next) => {
      store(next);
      snackbars.show({ message: t('consolePages.seals.labelSaved'), color: 'success' });
    },
  });
  return (
    <form
      noValidate
      aria-labelledby="seal-label-heading"
      className="flex flex-col gap-3 rounded-lg border border-line bg-white p-4"
      onSubmit={form.handleSubmit(({ label }) => save.mutate(label.trim()))}
    >
      <h2 id="seal-label-heading" className="text-lg font-semibold">
        {t('consolePages.seals.labelHeading')}
      </h2>
      <TextField
        label={t('consolePages.seals.label')}
        hint={t('consolePages.seals.labelHint')}
        maxLength={64}
        className="max-w-md"
        error={form.formState.errors.label?.message}
        {...form.register('label', { validate: (value) => value.trim().length > 0 || t('form.required') })}
      />
      <FormAlert message={save.error ? t(describeApiError(save.error)) : null} />
      <Button type="submit" variant="secondary" isBusy={save.isPending} className="self-start">
        {t('consolePages.seals.saveLabel')}
      </Button>
    </form>
  );
}

function CertificateSection({ seal }: { seal: SealDetail }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const rows = [
    [t('consolePages.seals.quality'), t(`consolePages.seals.qualities.${seal.quality}`)],
    [t('consolePages.seals.subject'), seal.certificate.subject],
    [t('consolePages.seals.issuer'), seal.certificate.issuer],
    [t('consolePages.seals.serialNumber'), seal.certificate.serialNumber],
    [t('consolePages.seals.validFrom'), formatDate(seal.certificate.notBefore)],
    [t('consolePages.seals.validUntil'), formatDate(seal.certificate.notAfter)],
  ] as const;
  return (
    <section
      aria-labelledby="seal-certificate-heading"
      className="flex flex-col gap-3 rounded-lg border border-line bg-white p-4"
    >
      <h2 id="seal-certificate-heading" className="text-lg font-semibold">
        {t('consolePages.seals.certificate')}
      </h2>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-semibold">{term}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
