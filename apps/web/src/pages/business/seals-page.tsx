// /business/seals: the electronic seals of the business (spec 3, Seal: account name, label, API
// users and members that may apply it). An admin creates one here: the server makes its key and a
// certificate naming the business at once; its visual and who may apply it are set on its own page.
import { sealEndpoints } from '@countersign/contract';
import type { Business } from '@countersign/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { PageHeading } from '../../components/page-heading.js';
import { SelectField } from '../../components/select-field.js';
import { TextField } from '../../components/text-field.js';
import { TextLink } from '../../components/text-link.js';
import { useRefreshBusiness } from '../../features/business/business-api.js';
import { sealsQuery } from '../../features/business/business-queries.js';
import { BusinessGate } from '../../features/business/business-gate.js';
import { ListTable } from '../../features/business/list-table.js';
import { CallStatus } from '../../features/errors/call-status.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';
import { useSnackbars } from '../../features/snackbars/snackbar-store.js';

/** What the server accepts as an account name (checked here first, so the form says why at once). */
const ACCOUNT_NAME = /^[a-z0-9][a-z0-9._-]{2,39}$/;

export function SealsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading lead={t('consolePages.seals.lead')}>{t('consolePages.seals.heading')}</PageHeading>
      <BusinessGate>{(business) => <Seals business={business} />}</BusinessGate>
    </>
  );
}

export function useSeals(businessId: string) {
  const { api } = useServices();
  return useQuery(sealsQuery(api, businessId));
}

function Seals({ business }: { business: Business }) {
  const { t } = useTranslation();
  const seals = useSeals(business.id);
  return (
    <div className="flex flex-col gap-8">
      <CreateSealForm business={business} />
      <section aria-labelledby="seal-list-heading" className="flex flex-col gap-3">
        <h2 id="seal-list-heading" className="text-lg font-semibold">
          {t('consolePages.seals.list')}
        </h2>
        <CallStatus isLoading={seals.isPending} error={seals.error} />
        {seals.data?.length === 0 && <p className="text-muted">{t('consolePages.seals.empty')}</p>}
        {seals.data && seals.data.length > 0 && (
          <ListTable
            headings={[
              t('consolePages.seals.label'),
              t('consolePages.seals.accountName'),
              t('consolePages.seals.quality'),
              t('consolePages.seals.members'),
              t('consolePages.seals.apiUsers'),
            ]}
          >
            {seals.data.map((seal) => (
              <tr key={seal.name} className="border-b border-line last:border-0" data-testid="seal-row">
                <td className="p-3">
                  <TextLink to={`/business/seals/${encodeURIComponent(seal.name)}`}>{seal.label}</TextLink>
                </td>
                <td className="p-3 font-mono">{seal.name}</td>
                <td className="p-3">{t(`consolePages.seals.qualities.${seal.quality}`)}</td>
                <td className="p-3">{seal.nMembers}</td>
                <td className="p-3">{seal.nApi}</td>
              </tr>
            ))}
          </ListTable>
        )}
      </section>
    </div>
  );
}

interface NewSeal {
  name: string;
  label: string;
  quality: 'aes' | 'qes';
}

function CreateSealForm({ business }: { business: Business }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const snackbars = useSnackbars();
  const refresh = useRefreshBusiness();
  const form = useForm<NewSeal>({ defaultValues: { name: '', label: '', quality: 'aes' } });
  const { errors } = form.formState;
  const create = useMutation({
    mutationFn: (seal: NewSeal) =>
      api.call(sealEndpoints.createSeal, { params: { id: business.id }, body: seal }),
    onSuccess: async (seal) => {
      await refresh();
      snackbars.show({ message: t('consolePages.seals.created', { label: seal.label }), color: 'success' });
      void navigate(`/business/seals/${encodeURIComponent(seal.name)}`);
    },
  });
  return (
    <form
      noValidate
      aria-labelledby="create-seal-heading"
      className="flex max-w-md flex-col gap-4 rounded-lg border border-line bg-white p-4"
      onSubmit={form.handleSubmit(({ name, label, quality }) =>
        create.mutate({ name: name.trim().toLowerCase(), label: label.trim(), quality }),
      )}
    >
      <h2 id="create-seal-heading" className="text-lg font-semibold">
        {t('consolePages.seals.create')}
      </h2>
      <TextField
        label={t('consolePages.seals.label')}
        hint={t('consolePages.seals.labelHint')}
        maxLength={64}
        error={errors.label?.message}
        {...form.register('label', {
          validate: (value) => value.trim().length > 0 || t('form.required'),
        })}
      />
      <TextField
        label={t('consolePages.seals.accountName')}
        hint={t('consolePages.seals.accountNameHint')}
        autoCapitalize="none"
        spellCheck={false}
        maxLength={40}
        error={errors.name?.message}
        {...form.register('name', {
          validate: (value) =>
            ACCOUNT_NAME.test(value.trim().toLowerCase()) || t('consolePages.seals.accountNameInvalid'),
        })}
      />
      <SelectField
        label={t('consolePages.seals.quality')}
        hint={t('consolePages.seals.qualityHint')}
        options={(['aes', 'qes'] as const).map((quality) => ({
          value: quality,
          label: t(`consolePages.seals.qualities.${quality}`),
        }))}
        {...form.register('quality')}
      />
      <FormAlert message={create.error ? t(describeApiError(create.error)) : null} />
      <Button type="submit" isBusy={create.isPending} className="self-start">
        {t('consolePages.seals.createSubmit')}
      </Button>
    </form>
  );
}
