// /signup/sso (spec 2): a person who signed in through single sign-on and whose provider sent no
// names gives them here before going on; the route guard keeps them here until then (ADR 075).
import { accountEndpoints } from '@countersign/contract';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { PageHeading } from '../../components/page-heading.js';
import { TextField } from '../../components/text-field.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';
import { requiredRules } from '../../features/forms/rules.js';
import { useSession } from '../../features/session/session-provider.js';

interface SetupForm {
  firstName: string;
  lastName: string;
}

export function SsoSetupPage() {
  const { t } = useTranslation();
  const { api } = useServices();
  const { user, updateUser } = useSession();
  const navigate = useNavigate();
  const form = useForm<SetupForm>({
    defaultValues: { firstName: user?.firstName ?? '', lastName: user?.lastName ?? '' },
  });
  const save = useMutation({
    mutationFn: (values: SetupForm) =>
      api.call(accountEndpoints.updateUser, {
        body: { firstName: values.firstName.trim(), lastName: values.lastName.trim() },
      }),
    onSuccess: (fresh) => {
      updateUser(fresh);
      void navigate('/', { replace: true });
    },
  });
  const { errors } = form.formState;
  return (
    <>
      <PageHeading lead={t('sso.setup.intro', { email: user?.email ?? '' })}>
        {t('sso.setup.heading')}
      </PageHeading>
      <form noValidate className="flex flex-col gap-4" onSubmit={form.handleSubmit((v) => save.mutate(v))}>
        <TextField
          label={t('sso.setup.firstName')}
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...form.register('firstName', requiredRules(t))}
        />
        <TextField
          label={t('sso.setup.lastName')}
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...form.register('lastName', requiredRules(t))}
        />
        <FormAlert message={save.error ? t(describeApiError(save.error)) : null} />
        <Button type="submit" fullWidth isBusy={save.isPending}>
          {t('sso.setup.submit')}
        </Button>
      </form>
    </>
  );
}
