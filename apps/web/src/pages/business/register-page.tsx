// /business/register (individual users only): registers a business with POST /v2/businesses; the
// caller becomes its first admin, so the user is read again (role admin) and the welcome page of
// the console follows. The support contact is optional, and the server leaves an invalid one empty.
import { accountEndpoints, businessEndpoints } from '@countersign/contract';
import type { User } from '@countersign/contract';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isRegisteredState, registeredState } from '../../app/guards.js';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { PageHeading } from '../../components/page-heading.js';
import {
  BusinessDetailsFields,
  emptyBusinessDetails,
  useCountryOptions,
} from '../../features/business/business-details-fields.js';
import type { BusinessDetailsForm } from '../../features/business/business-details-fields.js';
import { forgetBusinessDraft, pendingBusinessFor } from '../../features/business/business-signup-store.js';
import { useSession } from '../../features/session/session-provider.js';
import { useSnackbars } from '../../features/snackbars/snackbar-store.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';

export function RegisterBusinessPage() {
  const { t } = useTranslation();
  const { api, storage } = useServices();
  const navigate = useNavigate();
  const snackbars = useSnackbars();
  const { user, updateUser } = useSession();
  const location = useLocation();
  const [registeredUser, setRegisteredUser] = useState<User | null>(null);
  const isMarked = isRegisteredState(location.state);
  useEffect(() => {
    if (registeredUser && isMarked) updateUser(registeredUser);
  }, [registeredUser, isMarked, updateUser]);
  const countries = useCountryOptions();
  // The public business sign-up described the business before the account existed: its person's
  // first sign-in lands here and registers it (they accepted the terms on that step).
  const [pending] = useState(() => (user ? pendingBusinessFor(storage, user.email) : null));
  const form = useForm<BusinessDetailsForm>({
    defaultValues: pending
      ? { ...pending, acceptGtc: true, acceptDpa: true }
      : emptyBusinessDetails(countries[0]?.value),
  });

  const create = useMutation({
    mutationFn: (values: BusinessDetailsForm) =>
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
      forgetBusinessDraft(storage);
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
  const isAutoSent = useRef(false);
  const { mutate } = create;
  useEffect(() => {
    if (!pending || isAutoSent.current) return;
    isAutoSent.current = true;
    void form.handleSubmit((values) => mutate(values))();
  }, [pending, form, mutate]);

  return (
    <>
      <PageHeading lead={t('businessPages.register.lead')}>{t('businessPages.register.heading')}</PageHeading>
      <form
        noValidate
        className="flex max-w-md flex-col gap-4"
        onSubmit={form.handleSubmit((values) => create.mutate(values))}
      >
        <BusinessDetailsFields form={form} />
        <FormAlert message={create.error ? t(describeApiError(create.error)) : null} />
        <Button type="submit" isBusy={create.isPending}>
          {t('businessPages.register.submit')}
        </Button>
      </form>
    </>
  );
}
