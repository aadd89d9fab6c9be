// /business/settings: the settings the product acts on (spec 3): the company logo (uploaded,
// re-encoded by the server, shown in mails and on the signing page), automatic deletion of
// requests in a terminal state (turned on and off through the dialogs `activate` and `deactivate
// auto-deletion`), the completion mail's attachments, the in-app guidance (spec 6), taking part in
// the referral programme (`affiliate.enabled`, ADR 104: the business's referral code), and the
// origins signers are sent back to without being asked (ADR 064). Settings the server does not
// act on yet are not offered.
import { businessEndpoints } from '@countersign/contract';
import type { Business, BusinessSettings, BusinessSettingsPatch } from '@countersign/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../api/api-error.js';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { CheckboxField } from '../../components/checkbox-field.js';
import { FormAlert } from '../../components/form-alert.js';
import { PageHeading } from '../../components/page-heading.js';
import { SelectField } from '../../components/select-field.js';
import { Spinner } from '../../components/spinner.js';
import { businessQueryKey } from '../../features/business/business-api.js';
import { BusinessGate } from '../../features/business/business-gate.js';
import { useDialogs } from '../../features/dialogs/dialog-store.js';
import { useSnackbars } from '../../features/snackbars/snackbar-store.js';
import { LogoSection } from './logo-section.js';
import { IdentityProviderSection } from './identity-provider-section.js';
import { EmbeddingOriginsSection, RedirectOriginsSection } from './redirect-origins-section.js';
import { ScimTokenSection } from './scim-token-section.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';

type RetentionState = BusinessSettings['signatureRequests']['retention']['terminalState'];
const retentionStates: readonly RetentionState[] = ['completed', 'declined', 'withdrawn', 'expired'];

export function BusinessSettingsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading>{t('businessPages.settings.heading')}</PageHeading>
      <BusinessGate>{(business) => <Settings business={business} />}</BusinessGate>
    </>
  );
}

/** The settings of the business and the one way they change (PUT .../settings). */
export function useSettings(businessId: string) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  const key = [...businessQueryKey, businessId, 'settings'];
  const query = useQuery<BusinessSettings, ApiError>({
    queryKey: key,
    queryFn: async ({ signal }) =>
      (await api.call(businessEndpoints.getBusinessSettings, { params: { id: businessId }, signal }))
        .settings,
  });
  const store = (settings: BusinessSettings) => queryClient.setQueryData(key, settings);
  const update = async (patch: BusinessSettingsPatch) => {
    const { settings } = await api.call(businessEndpoints.updateBusinessSettings, {
      params: { id: businessId },
      body: patch,
    });
    store(settings);
  };
  return { query, update, store };
}

function Settings({ business }: { business: Business }) {
  const { t } = useTranslation();
  const settings = useSettings(business.id);
  if (settings.query.isPending) return <Spinner label={t('app.loading')} />;
  if (settings.query.isError) return <FormAlert message={t(describeApiError(settings.query.error))} />;
  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <LogoSection
        business={business}
        settings={settings.query.data}
        store={settings.store}
        update={settings.update}
      />
      <RetentionSection settings={settings.query.data} update={settings.update} />
      <MailAndGuidance
        settings={settings.query.data}
        update={settings.update}
        key={JSON.stringify(settings.query.data)}
      />
      <RedirectOriginsSection settings={settings.query.data} update={settings.update} />
      <EmbeddingOriginsSection settings={settings.query.data} update={settings.update} />
      <IdentityProviderSection businessId={business.id} />
      <ScimTokenSection businessId={business.id} />
    </div>
  );
}

type Update = (patch: BusinessSettingsPatch) => Promise<void>;

function RetentionSection({ settings, update }: { settings: BusinessSettings; update: Update }) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const snackbars = useSnackbars();
  const retention = settings.signatureRequests.retention;
  const [state, setState] = useState<RetentionState>(retention.terminalState);
  const [failure, setFailure] = useState<unknown>(null);
  const stateWord = (value: RetentionState) => t(`businessPages.settings.states.${value}`);
  const saved = () => snackbars.show({ message: t('businessPages.settings.saved'), color: 'success' });

  const toggle = (enabled: boolean) =>
    dialogs.open({
      namespace: 'default',
      name: enabled ? 'activate-auto-deletion' : 'deactivate-auto-deletion',
      props: { state: stateWord(state) },
      onAction: async () => {
        await update({ signatureRequests: { retention: { enabled, terminalState: state } } });
        saved();
      },
    });
  // while it is on, another state takes effect at once
  const changeState = async (next: RetentionState) => {
    setState(next);
    if (!retention.enabled) return;
    setFailure(null);
    try {
      await update({ signatureRequests: { retention: { terminalState: next } } });
      saved();
    } catch (error) {
      setFailure(error);
    }
  };

  return (
    <section
      aria-labelledby="retention-heading"
      className="flex flex-col gap-3 rounded-lg border border-line bg-white p-4"
    >
      <h2 id="retention-heading" className="text-lg font-semibold">
        {t('businessPages.settings.retentionHeading')}
      </h2>
      <p className="text-muted">{t('businessPages.settings.retentionText')}</p>
      <p data-testid="retention-status" className="font-semibold">
        {retention.enabled
          ? t('businessPages.settings.retentionOn', { state: stateWord(retention.terminalState) })
          : t('businessPages.settings.retentionOff')}
      </p>
      <SelectField
        label={t('businessPages.settings.terminalState')}
        value={state}
        options={retentionStates.map((value) => ({ value, label: stateWord(value) }))}
        onChange={(event) => void changeState(event.target.value as RetentionState)}
        className="max-w-xs"
      />
      <FormAlert message={failure ? t(describeApiError(failure)) : null} />
      <Button variant="secondary" className="self-start" onClick={() => toggle(!retention.enabled)}>
        {retention.enabled ? t('businessPages.settings.deactivate') : t('businessPages.settings.activate')}
      </Button>
    </section>
  );
}

interface MailForm {
  signedDocument: boolean;
  signatureProtocol: boolean;
  userPilot: boolean;
  affiliate: boolean;
}

function MailAndGuidance({ settings, update }: { settings: BusinessSettings; update: Update }) {
  const { t } = useTranslation();
  const snackbars = useSnackbars();
  const { attachments } = settings.mailService;
  const form = useForm<MailForm>({
    defaultValues: {
      signedDocument: attachments.signedDocument.enabled,
      signatureProtocol: attachments.signatureProtocol.enabled,
      userPilot: settings.userPilot.enabled,
      affiliate: settings.affiliate.enabled,
    },
  });
  const save = useMutation({
    mutationFn: (values: MailForm) =>
      update({
        mailService: {
          attachments: {
            signedDocument: { enabled: values.signedDocument },
            signatureProtocol: { enabled: values.signatureProtocol },
          },
        },
        userPilot: { enabled: values.userPilot },
        affiliate: { enabled: values.affiliate },
      }),
    onSuccess: () => snackbars.show({ message: t('businessPages.settings.saved'), color: 'success' }),
  });
  return (
    <form
      noValidate
      className="flex flex-col gap-4 rounded-lg border border-line bg-white p-4"
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-lg font-semibold">{t('businessPages.settings.mailHeading')}</legend>
        <p className="text-sm text-muted">{t('businessPages.settings.mailText')}</p>
        <CheckboxField
          label={t('businessPages.settings.signedDocument')}
          {...form.register('signedDocument')}
        />
        <CheckboxField
          label={t('businessPages.settings.signatureProtocol')}
          {...form.register('signatureProtocol')}
        />
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-lg font-semibold">{t('businessPages.settings.guidanceHeading')}</legend>
        <CheckboxField label={t('businessPages.settings.userPilot')} {...form.register('userPilot')} />
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-lg font-semibold">{t('businessPages.settings.affiliateHeading')}</legend>
        <CheckboxField label={t('businessPages.settings.affiliate')} {...form.register('affiliate')} />
      </fieldset>
      <FormAlert message={save.error ? t(describeApiError(save.error)) : null} />
      <Button type="submit" isBusy={save.isPending} className="self-start">
        {t('businessPages.settings.save')}
      </Button>
    </form>
  );
}
