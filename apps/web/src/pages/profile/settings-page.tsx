// /profile/settings: name, language, e-mail notification level, default legislation and quality,
// saved with PUT /v1/user. Italian is not offered (spec 1: not selectable outside direct-sign);
// the interface switches language as soon as the saved user comes back. Below, the person's own
// webhook endpoints (ADR 069).
import { accountEndpoints } from '@countersign/contract';
import type { User } from '@countersign/contract';
import { languageForLocale, localeForLanguage, parseLocale } from '@countersign/domain';
import type { Language } from '@countersign/domain';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { PageHeading } from '../../components/page-heading.js';
import { SelectField } from '../../components/select-field.js';
import { TextField } from '../../components/text-field.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';
import { nameRules } from '../../features/forms/rules.js';
import {
  languageOptions,
  legislationOptions,
  qualityOptions,
  selectableLanguages,
} from '../../features/profile/preference-options.js';
import { useSession } from '../../features/session/session-provider.js';
import { useSnackbars } from '../../features/snackbars/snackbar-store.js';
import { WebhooksSection } from '../../features/webhooks/webhooks-section.js';

type Attributes = User['attributes'];
interface SettingsForm {
  firstName: string;
  lastName: string;
  lang: Language;
  emailNotificationLevel: Attributes['emailNotificationLevel'];
  defaultLegislation: Attributes['defaultLegislation'];
  defaultQuality: Attributes['defaultQuality'];
}

function formValues(user: User, shownLanguage: string): SettingsForm {
  const fallback = languageForLocale(parseLocale(shownLanguage) ?? 'en-gb');
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    lang: selectableLanguages.includes(user.attributes.lang) ? user.attributes.lang : fallback,
    emailNotificationLevel: user.attributes.emailNotificationLevel,
    defaultLegislation: user.attributes.defaultLegislation,
    defaultQuality: user.attributes.defaultQuality,
  };
}

export function SettingsPage() {
  const { i18n } = useTranslation();
  const { user } = useSession();
  return user ? <SettingsFormView user={user} shownLanguage={i18n.language} key={user.id} /> : null;
}

function SettingsFormView({ user, shownLanguage }: { user: User; shownLanguage: string }) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const { updateUser } = useSession();
  const snackbars = useSnackbars();
  const form = useForm<SettingsForm>({ defaultValues: formValues(user, shownLanguage) });
  const { errors } = form.formState;
  // the fields an eID vouched for are shown, not edited (ADR 083)
  const locked = new Set(user.attributes.immutableEidFields);

  const save = useMutation({
    mutationFn: ({ firstName, lastName, ...attributes }: SettingsForm) =>
      api.call(accountEndpoints.updateUser, {
        body: { firstName: firstName.trim(), lastName: lastName.trim(), attributes },
      }),
    onSuccess: (saved) => {
      updateUser(saved);
      form.reset(formValues(saved, shownLanguage));
      // Said in the language just chosen: the interface switches to it as the snackbar appears.
      const chosen = selectableLanguages.includes(saved.attributes.lang)
        ? localeForLanguage(saved.attributes.lang)
        : shownLanguage;
      snackbars.show({ message: i18n.getFixedT(chosen)('profile.settings.saved'), color: 'success' });
    },
  });

  return (
    <>
      <PageHeading>{t('profile.settings.heading')}</PageHeading>
      <form
        noValidate
        className="flex max-w-md flex-col gap-4"
        onSubmit={form.handleSubmit((values) => save.mutate(values))}
      >
        <TextField
          label={t('profile.settings.firstName')}
          autoComplete="given-name"
          readOnly={locked.has('firstName')}
          hint={locked.has('firstName') ? t('eid.locked') : undefined}
          error={errors.firstName?.message}
          {...form.register('firstName', nameRules(t))}
        />
        <TextField
          label={t('profile.settings.lastName')}
          autoComplete="family-name"
          readOnly={locked.has('lastName')}
          hint={locked.has('lastName') ? t('eid.locked') : undefined}
          error={errors.lastName?.message}
          {...form.register('lastName', nameRules(t))}
        />
        {user.birthDate && (
          <TextField
            label={t('eid.birthDate')}
            value={user.birthDate}
            readOnly
            hint={locked.has('birthDate') ? t('eid.locked') : undefined}
          />
        )}
        <SelectField
          label={t('profile.settings.language')}
          hint={t('profile.settings.languageHint')}
          options={languageOptions}
          {...form.register('lang')}
        />
        <SelectField
          label={t('profile.settings.notifications')}
          options={(['all', 'important', 'none'] as const).map((level) => ({
            value: level,
            label: t(`profile.settings.notificationLevels.${level}`),
          }))}
          {...form.register('emailNotificationLevel')}
        />
        <SelectField
          label={t('profile.settings.legislation')}
          options={legislationOptions(t)}
          {...form.register('defaultLegislation')}
        />
        <SelectField
          label={t('profile.settings.quality')}
          options={qualityOptions(t)}
          {...form.register('defaultQuality')}
        />
        <FormAlert message={save.error ? t(describeApiError(save.error)) : null} />
        <Button type="submit" isBusy={save.isPending}>
          {t('profile.settings.save')}
        </Button>
      </form>
      <div className="mt-10 max-w-3xl">
        <WebhooksSection owner={{ kind: 'user' }} />
      </div>
    </>
  );
}
