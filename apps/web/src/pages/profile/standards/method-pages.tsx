// One identification method of the account holder (spec 2, /profile/signature-standards/eidas/self,
// eidas/video, zertes/auto, zertes/video): its newest identification (GET /v1/user/identification/
// {provider}/{method}), a start that leaves for the provider (POST), and while it is open a way
// back to the provider or a cancel (DELETE). And zertes/personal-details, where the person checks
// the name ZertES providers compare with their document (PUT /v1/user) before identifying.
import type { RouteDefinition } from '@countersign/domain';
import { accountEndpoints, identificationEndpoints } from '@countersign/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../api/api-error.js';
import { useServices } from '../../../app/services.js';
import { Button, buttonClasses } from '../../../components/button.js';
import { FormAlert } from '../../../components/form-alert.js';
import { PageHeading } from '../../../components/page-heading.js';
import { Spinner } from '../../../components/spinner.js';
import { TextField } from '../../../components/text-field.js';
import { describeApiError } from '../../../features/errors/describe-api-error.js';
import { useSession, userQueryKey } from '../../../features/session/session-provider.js';
import { leaveToExternal } from '../../../features/signing/leave.js';
import { IDENTIFICATION_POLL_MS } from '../../direct-ident/identification-status-page.js';
import { STANDARDS_PATH, isOpenIdentification, methodOfPath } from '../../direct-ident/methods.js';
import type { MethodRoute } from '../../direct-ident/methods.js';
import { qualitiesDetailKey } from './standards-state.js';

function Method({ method }: { method: MethodRoute }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const queryClient = useQueryClient();
  const params = { provider: method.provider, method: method.method };
  const queryKey = ['identification', method.provider, method.method];
  const current = useQuery({
    queryKey,
    // none yet answers 404: the method has simply not been tried
    queryFn: async ({ signal }) => {
      try {
        return await api.call(identificationEndpoints.getIdentification, { params, signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    refetchInterval: (q) => (isOpenIdentification(q.state.data?.status) ? IDENTIFICATION_POLL_MS : false),
  });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey }),
      queryClient.invalidateQueries({ queryKey: qualitiesDetailKey }),
      queryClient.invalidateQueries({ queryKey: userQueryKey }),
    ]);
  const start = useMutation({
    mutationFn: async () => {
      const started = await api.call(identificationEndpoints.startIdentification, { params, body: {} });
      if (!started.url || !leaveToExternal(started.url)) throw new Error('no provider address');
    },
    onSettled: refresh,
  });
  const cancel = useMutation({
    mutationFn: () => api.call(identificationEndpoints.cancelIdentification, { params }),
    onSettled: refresh,
  });
  if (current.isPending) return <Spinner label={t('app.loading')} />;
  const identification = current.data ?? null;
  const isOpen = isOpenIdentification(identification?.status);
  const error = start.isError
    ? t('ident.start.failed')
    : cancel.isError
      ? t(describeApiError(cancel.error))
      : null;
  return (
    <div className="flex flex-col gap-4">
      <PageHeading lead={t('ident.start.lead')}>{t(`ident.choose.${method.name}`)}</PageHeading>
      <p className="text-muted">{t(`ident.choose.${method.name}Text`)}</p>
      <p role="status" aria-live="polite" data-testid="identification-status">
        {identification ? t(`ident.status.${identification.status}`) : t('ident.standards.notStarted')}
      </p>
      <div className="flex flex-wrap gap-3">
        {isOpen && identification?.url ? (
          <Button onClick={() => leaveToExternal(identification.url ?? '')}>
            {t('ident.status.continue')}
          </Button>
        ) : (
          identification?.status !== 'success' && (
            <Button onClick={() => start.mutate()} isBusy={start.isPending}>
              {t('ident.start.start')}
            </Button>
          )
        )}
        {isOpen && (
          <Button variant="secondary" onClick={() => cancel.mutate()} isBusy={cancel.isPending}>
            {t('ident.status.cancel')}
          </Button>
        )}
        <Link className={buttonClasses('text')} to={`${STANDARDS_PATH}/${method.legislation}`}>
          {t('ident.start.other')}
        </Link>
      </div>
      <FormAlert message={error} />
    </div>
  );
}

export function MethodPage({ route }: { route: RouteDefinition }) {
  const method = methodOfPath(route.path, STANDARDS_PATH);
  // the route table names only the four method paths, so this always finds one
  return method ? <Method method={method} /> : null;
}

export function PersonalDetailsPage() {
  const { t } = useTranslation();
  const { api } = useServices();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [names, setNames] = useState<{ firstName: string; lastName: string } | null>(null);
  const shown = names ?? { firstName: user?.firstName ?? '', lastName: user?.lastName ?? '' };
  // an eID vouched for these, and the server refuses to change them (ADR 083)
  const fixed = new Set(user?.attributes.immutableEidFields ?? []);
  const save = useMutation({
    mutationFn: () =>
      api.call(accountEndpoints.updateUser, {
        body: {
          ...(!fixed.has('firstName') && shown.firstName.trim() ? { firstName: shown.firstName.trim() } : {}),
          ...(!fixed.has('lastName') && shown.lastName.trim() ? { lastName: shown.lastName.trim() } : {}),
        },
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(userQueryKey, saved);
      void navigate(`${STANDARDS_PATH}/zertes`);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const isBlank = (value: string) => value.trim() === '';
  return (
    <form onSubmit={submit} className="flex max-w-md flex-col gap-3" noValidate>
      <PageHeading lead={t('ident.details.lead')}>{t('ident.details.heading')}</PageHeading>
      <TextField
        label={t('sign.direct.firstName')}
        autoComplete="given-name"
        maxLength={100}
        value={shown.firstName}
        disabled={fixed.has('firstName')}
        error={names && isBlank(shown.firstName) ? t('form.required') : undefined}
        onChange={(e) => setNames({ ...shown, firstName: e.target.value })}
      />
      <TextField
        label={t('sign.direct.lastName')}
        autoComplete="family-name"
        maxLength={100}
        value={shown.lastName}
        disabled={fixed.has('lastName')}
        error={names && isBlank(shown.lastName) ? t('form.required') : undefined}
        onChange={(e) => setNames({ ...shown, lastName: e.target.value })}
      />
      {fixed.size > 0 && <p className="text-sm text-muted">{t('ident.standards.eidFixed')}</p>}
      <Button
        type="submit"
        isBusy={save.isPending}
        disabled={isBlank(shown.firstName) || isBlank(shown.lastName)}
      >
        {t('ident.details.continue')}
      </Button>
      <FormAlert message={save.isError ? t(describeApiError(save.error)) : null} />
    </form>
  );
}
