// /business/profile: the business's name and support contact (PUT /v1/businesses/{id}; the server
// leaves an invalid e-mail or phone empty, spec 5, and the page says so), its details, the
// operator's verification of its organisation (ADR 062), and the scheduled deletion
// (DELETE /v2/businesses/{id}, revocable until its date).
import { businessEndpoints } from '@countersign/contract';
import type { Business } from '@countersign/contract';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { PageHeading } from '../../components/page-heading.js';
import { TextLink } from '../../components/text-link.js';
import { TextField } from '../../components/text-field.js';
import { useRefreshBusiness } from '../../features/business/business-api.js';
import { BusinessGate } from '../../features/business/business-gate.js';
import { useDialogs } from '../../features/dialogs/dialog-store.js';
import { useFormatDate } from '../../features/i18n/use-format-date.js';
import { useSnackbars } from '../../features/snackbars/snackbar-store.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';
import { VerificationSection } from './verification-section.js';

interface ProfileForm {
  name: string;
  email: string;
  phone: string;
}

const formValues = (business: Business): ProfileForm => ({
  name: business.name,
  email: business.email,
  phone: business.phone,
});

export function BusinessProfilePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading>{t('businessPages.profile.heading')}</PageHeading>
      <BusinessGate>
        {(business) => (
          <div className="flex flex-col gap-6">
            <ProfileFormView business={business} key={business.id} />
            <Details business={business} />
            <VerificationSection business={business} />
            <p>
              <TextLink to="/business/profile/aes-for-business">{t('consolePages.aes.link')}</TextLink>
            </p>
            {business.allowedActions.includes('delete') && !business.deletionDueAt && (
              <DeleteBusiness business={business} />
            )}
          </div>
        )}
      </BusinessGate>
    </>
  );
}

function ProfileFormView({ business }: { business: Business }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const snackbars = useSnackbars();
  const refresh = useRefreshBusiness();
  const form = useForm<ProfileForm>({ defaultValues: formValues(business) });
  const { errors } = form.formState;
  const save = useMutation({
    mutationFn: (values: ProfileForm) =>
      api.call(businessEndpoints.updateBusiness, {
        params: { id: business.id },
        body: { name: values.name.trim(), email: values.email.trim(), phone: values.phone.trim() },
      }),
    onSuccess: async (saved, sent) => {
      form.reset(formValues(saved));
      await refresh();
      snackbars.show({ message: t('businessPages.profile.saved'), color: 'success' });
      // spec 5: an invalid contact is blanked rather than refused; tell the admin it happened
      if (sent.email.trim() !== '' && saved.email === '')
        snackbars.show({ message: t('businessPages.profile.emailBlanked'), color: 'warning' });
      if (sent.phone.trim() !== '' && saved.phone === '')
        snackbars.show({ message: t('businessPages.profile.phoneBlanked'), color: 'warning' });
    },
  });
  return (
    <form
      noValidate
      className="flex max-w-md flex-col gap-4"
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
    >
      <TextField
        label={t('businessPages.profile.name')}
        autoComplete="organization"
        error={errors.name?.message}
        {...form.register('name', {
          validate: (value) => value.trim() !== '' || t('form.required'),
          maxLength: { value: 200, message: t('form.maxLength', { 0: 200 }) },
        })}
      />
      <TextField
        label={t('businessPages.profile.email')}
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email', { maxLength: { value: 254, message: t('form.maxLength', { 0: 254 }) } })}
      />
      <TextField
        label={t('businessPages.profile.phone')}
        type="tel"
        autoComplete="tel"
        hint={t('businessPages.profile.contactHint')}
        error={errors.phone?.message}
        {...form.register('phone', { maxLength: { value: 40, message: t('form.maxLength', { 0: 40 }) } })}
      />
      <FormAlert message={save.error ? t(describeApiError(save.error)) : null} />
      <Button type="submit" isBusy={save.isPending} className="self-start">
        {t('businessPages.profile.save')}
      </Button>
    </form>
  );
}

function Details({ business }: { business: Business }) {
  const { t, i18n } = useTranslation();
  const formatDate = useFormatDate();
  const countryName = new Intl.DisplayNames([i18n.language], { type: 'region' }).of(business.country);
  return (
    <section aria-labelledby="details-heading" className="rounded-lg border border-line bg-white p-4">
      <h2 id="details-heading" className="mb-2 text-lg font-semibold">
        {t('businessPages.profile.details')}
      </h2>
      <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">{t('businessPages.profile.country')}</dt>
        <dd>{countryName ?? business.country}</dd>
        <dt className="font-semibold">{t('businessPages.profile.createdAt')}</dt>
        <dd>{formatDate(business.createdAt)}</dd>
      </dl>
    </section>
  );
}

function DeleteBusiness({ business }: { business: Business }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const dialogs = useDialogs();
  const snackbars = useSnackbars();
  const formatDate = useFormatDate();
  const refresh = useRefreshBusiness();
  const openDelete = () =>
    dialogs.open({
      namespace: 'business',
      name: 'delete-business',
      props: { name: business.name },
      onAction: async () => {
        const scheduled = await api.call(businessEndpoints.deleteBusiness, { params: { id: business.id } });
        await refresh();
        snackbars.show({
          message: t('businessPages.profile.deleteScheduled', { date: formatDate(scheduled.deletionDueAt) }),
          color: 'warning',
        });
      },
    });
  return (
    <section aria-labelledby="delete-heading" className="rounded-lg border border-error/40 bg-white p-4">
      <h2 id="delete-heading" className="mb-2 text-lg font-semibold">
        {t('businessPages.profile.dangerHeading')}
      </h2>
      <p className="mb-3 text-muted">{t('businessPages.profile.dangerText')}</p>
      <Button variant="secondary" onClick={openDelete}>
        {t('businessPages.profile.delete')}
      </Button>
    </section>
  );
}
