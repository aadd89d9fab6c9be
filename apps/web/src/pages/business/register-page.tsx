// /business/register (individual users only): registers a business with POST /v2/businesses; the
// caller becomes its first admin, so the user is read again (role admin) and the welcome page of
// the console follows. The support contact is optional, and the server leaves an invalid one empty.
import { accountEndpoints, businessEndpoints } from '@countersign/contract';
import type { User } from '@countersign/contract';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isRegisteredState, registeredState } from '../../app/guards.js';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { CheckboxField } from '../../components/checkbox-field.js';
import { FormAlert } from '../../components/form-alert.js';
import { PageHeading } from '../../components/page-heading.js';
import { SelectField } from '../../components/select-field.js';
import { TextField } from '../../components/text-field.js';
import { listCountries } from '../../features/business/countries.js';
import { requiredRules } from '../../features/forms/rules.js';
import { htmlLangOf } from '../../features/i18n/locale.js';
import type { WebLocale } from '../../features/i18n/locale.js';
import { useSession } from '../../features/session/session-provider.js';
import { useSnackbars } from '../../features/snackbars/snackbar-store.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';

interface RegisterForm {
  name: string;
  country: string;
  email: string;
  phone: string;
  acceptGtc: boolean;
  acceptDpa: boolean;
}

export function RegisterBusinessPage() {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const snackbars = useSnackbars();
  const { updateUser } = useSession();
  const location = useLocation();
  const [registeredUser, setRegisteredUser] = useState<User | null>(null);
  const isMarked = isRegisteredState(location.state);
  useEffect(() => {
    if (registeredUser && isMarked) updateUser(registeredUser);
  }, [registeredUser, isMarked, updateUser]);
  const countries = useMemo(
    () => listCountries(htmlLangOf(i18n.language as WebLocale), window.location.hostname),
    [i18n.language],
  );
  const form = useForm<RegisterForm>({
    defaultValues: {
      name: '',
      country: countries[0]?.value ?? 'CH',
      email: '',
      phone: '',
      acceptGtc: false,
      acceptDpa: false,
    },
  });
  const { errors } = form.formState;
  const mustAccept = { validate: (value: boolean) => value || t('businessPages.register.mustAccept') };

  const create = useMutation({
    mutationFn: (values: RegisterForm) =>
      api.call(businessEndpoints.createBusiness, {
        body: {
          name: values.name.trim(),
          country: values.country,
          email: values.email.trim(),
          phone: values.phone.trim(),
          acceptGtc: true,
          acceptDpa: true,
        },
      }),
    onSuccess: async (business) => {
      const user = await api.call(accountEndpoints.getUser, { query: { v2: 'true' } });
      snackbars.show({
        message: t('businessPages.register.created', { name: business.name }),
        color: 'success',
      });
      // This page is marked as left by registering first; once that is on screen, the new role
      // follows (below), and the route rules send the new admin to the welcome page rather than
      // to the profile (guards.ts).
      setRegisteredUser(user);
      void navigate(location.pathname, { replace: true, state: registeredState });
    },
  });

  return (
    <>
      <PageHeading lead={t('businessPages.register.lead')}>{t('businessPages.register.heading')}</PageHeading>
      <form
        noValidate
        className="flex max-w-md flex-col gap-4"
        onSubmit={form.handleSubmit((values) => create.mutate(values))}
      >
        <TextField
          label={t('businessPages.register.name')}
          autoComplete="organization"
          error={errors.name?.message}
          {...form.register('name', {
            ...requiredRules(t),
            validate: (value) => value.trim() !== '' || t('form.required'),
            maxLength: { value: 200, message: t('form.maxLength', { 0: 200 }) },
          })}
        />
        <SelectField
          label={t('businessPages.register.country')}
          options={countries}
          {...form.register('country')}
        />
        <TextField
          label={t('businessPages.register.email')}
          type="email"
          autoComplete="email"
          {...form.register('email', { maxLength: { value: 254, message: t('form.maxLength', { 0: 254 }) } })}
          error={errors.email?.message}
        />
        <TextField
          label={t('businessPages.register.phone')}
          type="tel"
          autoComplete="tel"
          hint={t('businessPages.register.contactHint')}
          error={errors.phone?.message}
          {...form.register('phone', { maxLength: { value: 40, message: t('form.maxLength', { 0: 40 }) } })}
        />
        <CheckboxField
          label={t('businessPages.register.acceptGtc')}
          note={errors.acceptGtc?.message}
          aria-invalid={errors.acceptGtc ? true : undefined}
          {...form.register('acceptGtc', mustAccept)}
        />
        <CheckboxField
          label={t('businessPages.register.acceptDpa')}
          note={errors.acceptDpa?.message}
          aria-invalid={errors.acceptDpa ? true : undefined}
          {...form.register('acceptDpa', mustAccept)}
        />
        <FormAlert message={create.error ? t(describeApiError(create.error)) : null} />
        <Button type="submit" isBusy={create.isPending}>
          {t('businessPages.register.submit')}
        </Button>
      </form>
    </>
  );
}
