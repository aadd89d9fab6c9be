// The account holder's way to a higher signature standard (spec 2, /profile/signature-standards/
// update, legislation, eidas and zertes): `update` shows the level each legislation allows today
// and where to raise it; `legislation` picks the legislation the person signs under by default
// (PUT /v1/user attributes.defaultLegislation) and continues with its methods; `eidas` and `zertes`
// show that legislation's level and identifications and offer its identification methods.
import type { RouteDefinition } from '@countersign/domain';
import { accountEndpoints } from '@countersign/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useServices } from '../../../app/services.js';
import { Button, buttonClasses } from '../../../components/button.js';
import { FormAlert } from '../../../components/form-alert.js';
import { PageHeading } from '../../../components/page-heading.js';
import { Spinner } from '../../../components/spinner.js';
import { describeApiError } from '../../../features/errors/describe-api-error.js';
import { useSession, userQueryKey } from '../../../features/session/session-provider.js';
import {
  METHOD_ROUTES,
  STANDARDS_PATH,
  isOpenIdentification,
  legislationOfPath,
  methodPath,
} from '../../direct-ident/methods.js';
import type { Legislation } from '../../direct-ident/methods.js';
import { IdentificationList } from './identification-list.js';
import { identificationsUnder, levelUnder, useQualitiesDetail } from './standards-state.js';

const LEGISLATIONS = ['eidas', 'zertes'] as const;

function LevelLine({ legislation }: { legislation: Legislation }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const detail = useQualitiesDetail();
  if (!user || !detail.data) return null;
  const level = levelUnder(detail.data.signatureQualities, user.emailVerified, legislation);
  return (
    <p data-testid={`level-${legislation}`}>
      {t('ident.standards.levelNow', { level: t(`ident.standards.level.${level}`) })}
    </p>
  );
}

export function UpdatePage() {
  const { t } = useTranslation();
  const detail = useQualitiesDetail();
  if (detail.isPending) return <Spinner label={t('app.loading')} />;
  const open = detail.data?.identifications.find((i) => isOpenIdentification(i.status));
  const openRoute =
    open && METHOD_ROUTES.find((m) => m.provider === open.provider && m.method === open.method);
  return (
    <div className="flex flex-col gap-6">
      <PageHeading lead={t('ident.standards.updateLead')}>{t('ident.standards.updateHeading')}</PageHeading>
      {openRoute && (
        <p role="status" className="rounded-md border border-line bg-white p-3">
          {t('ident.status.inprogress')}{' '}
          <Link className="text-primary-dark underline" to={methodPath(openRoute, STANDARDS_PATH)}>
            {t(`ident.choose.${openRoute.name}`)}
          </Link>
        </p>
      )}
      {LEGISLATIONS.map((legislation) => (
        <section key={legislation} aria-labelledby={`update-${legislation}`} className="flex flex-col gap-2">
          <h2 id={`update-${legislation}`} className="text-lg font-semibold">
            {t(`ident.choose.${legislation}`)}
          </h2>
          <LevelLine legislation={legislation} />
          <div>
            <Link className={buttonClasses('secondary')} to={`${STANDARDS_PATH}/${legislation}`}>
              {t('ident.standards.raise')}
            </Link>
          </div>
        </section>
      ))}
      <Link className="text-primary-dark underline" to={`${STANDARDS_PATH}/legislation`}>
        {t('ident.standards.legislationHeading')}
      </Link>
    </div>
  );
}

export function LegislationPage() {
  const { t } = useTranslation();
  const { api } = useServices();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<Legislation | null>(null);
  const legislation = chosen ?? user?.attributes.defaultLegislation ?? 'eidas';
  const save = useMutation({
    mutationFn: () =>
      api.call(accountEndpoints.updateUser, { body: { attributes: { defaultLegislation: legislation } } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(userQueryKey, saved);
      void navigate(`${STANDARDS_PATH}/${legislation}`);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form onSubmit={submit} className="flex max-w-xl flex-col gap-4">
      <PageHeading lead={t('ident.standards.legislationLead')}>
        {t('ident.standards.legislationHeading')}
      </PageHeading>
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">{t('ident.standards.legislationHeading')}</legend>
        {LEGISLATIONS.map((option) => (
          <label key={option} className="flex items-start gap-2 rounded-md border border-line bg-white p-3">
            <input
              type="radio"
              name="legislation"
              value={option}
              checked={legislation === option}
              onChange={() => setChosen(option)}
            />
            <span>
              <span className="block font-semibold">{t(`ident.choose.${option}`)}</span>
              <span className="block text-sm text-muted">{t(`ident.standards.${option}Text`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div>
        <Button type="submit" isBusy={save.isPending}>
          {t('ident.details.continue')}
        </Button>
      </div>
      <FormAlert message={save.isError ? t(describeApiError(save.error)) : null} />
    </form>
  );
}

export function LegislationMethodsPage({ route }: { route: RouteDefinition }) {
  const { t } = useTranslation();
  const legislation = legislationOfPath(route.path, STANDARDS_PATH);
  const detail = useQualitiesDetail();
  if (detail.isPending) return <Spinner label={t('app.loading')} />;
  const identifications = identificationsUnder(detail.data?.identifications ?? [], legislation);
  return (
    <div className="flex flex-col gap-4">
      <PageHeading lead={t('ident.choose.lead')}>{t(`ident.choose.${legislation}`)}</PageHeading>
      <LevelLine legislation={legislation} />
      <ul className="flex flex-col gap-3">
        {METHOD_ROUTES.filter((m) => m.legislation === legislation).map((method) => (
          <li key={method.name} className="rounded-lg border border-line bg-white p-4">
            <Link
              className="font-semibold text-primary-dark underline"
              to={methodPath(method, STANDARDS_PATH)}
            >
              {t(`ident.choose.${method.name}`)}
            </Link>
            <p className="text-sm text-muted">{t(`ident.choose.${method.name}Text`)}</p>
          </li>
        ))}
      </ul>
      {legislation === 'zertes' && (
        <Link className="text-primary-dark underline" to={`${STANDARDS_PATH}/zertes/personal-details`}>
          {t('ident.choose.personalDetails')}
        </Link>
      )}
      <IdentificationList identifications={identifications} />
      <div className="flex flex-wrap gap-3">
        <Link className={buttonClasses('text')} to={`${STANDARDS_PATH}/legislation`}>
          {t('ident.standards.otherLegislation')}
        </Link>
        <Link className={buttonClasses('text')} to={STANDARDS_PATH}>
          {t('ident.standards.back')}
        </Link>
      </div>
    </div>
  );
}
