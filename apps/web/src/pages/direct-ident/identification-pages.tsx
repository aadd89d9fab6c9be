// The link holder's identification screens before the provider (spec 2, role nas, ADR 025):
// choose a method for the request's legislation (/direct-sign/identification/eidas or /zertes),
// check the name the provider will compare (/zertes/personal-details), and start a method
// (/eidas/self, /eidas/video, /zertes/auto, /zertes/video), which leaves for the provider's page.
// They act through the link token remembered in this tab by /view/{id}/{userid}.
import type { RouteDefinition } from '@countersign/domain';
import { directEndpoints, identificationEndpoints } from '@countersign/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useServices } from '../../app/services.js';
import { Button, buttonClasses } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { PageHeading } from '../../components/page-heading.js';
import { TextField } from '../../components/text-field.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';
import { useLinkHolderLanguage } from '../../features/signing/direct-language.js';
import { resolveDirectSession } from '../../features/signing/direct-session.js';
import type { DirectSession } from '../../features/signing/direct-session.js';
import { leaveToExternal } from '../../features/signing/leave.js';
import { DirectIdAustriaOption } from '../eid/id-austria-section.js';
import {
  DIRECT_IDENT_PATH,
  isWalletOffered,
  legislationOfPath,
  methodOfPath,
  methodPath,
  methodsOffered,
  WALLET_METHOD,
} from './methods.js';
import { WalletStart } from './wallet-start.js';
import { identMethodQuery } from '../../features/signing/identification-queries.js';

/** The link session of this tab: without it these screens have nobody to identify. */
export function LinkMissing() {
  const { t } = useTranslation();
  return (
    <PageHeading lead={t('sign.direct.linkInvalidText')}>{t('sign.direct.linkInvalidHeading')}</PageHeading>
  );
}

const viewPath = (session: DirectSession) =>
  `/view/${encodeURIComponent(session.requestId)}/${encodeURIComponent(session.signerId)}`;

export const statusPath = (session: DirectSession) =>
  `${DIRECT_IDENT_PATH}/${encodeURIComponent(session.requestId)}/${encodeURIComponent(session.signerId)}`;

function useRememberedSession(): DirectSession | null {
  const [session] = useState(() => resolveDirectSession(window.sessionStorage, null, ''));
  return session;
}

function ChooseMethod({ session, route }: { session: DirectSession; route: RouteDefinition }) {
  const { t } = useTranslation();
  useLinkHolderLanguage(session);
  const { api } = useServices();
  const legislation = legislationOfPath(route.path);
  // the server says which methods would help this signature; before it answers, offer them all
  const needs = useQuery(identMethodQuery(api, session));
  const useful = needs.data && !needs.data.isSatisfied ? needs.data.methods : undefined;
  return (
    <div className="flex flex-col gap-4">
      <PageHeading lead={t('ident.choose.lead')}>{t('ident.choose.heading')}</PageHeading>
      <p className="font-semibold">{t(`ident.choose.${legislation}`)}</p>
      <ul className="flex flex-col gap-3">
        {methodsOffered(legislation, useful).map((method) => (
          <li key={method.name} className="rounded-lg border border-line bg-white p-4">
            <Link className="font-semibold text-primary-dark underline" to={methodPath(method)}>
              {t(`ident.choose.${method.name}`)}
            </Link>
            <p className="text-sm text-muted">{t(`ident.choose.${method.name}Text`)}</p>
          </li>
        ))}
        {legislation === 'eidas' && <DirectIdAustriaOption session={session} />}
      </ul>
      {isWalletOffered(useful) && (
        <WalletStart
          start={() =>
            api.call(identificationEndpoints.directStartIdentification, {
              params: WALLET_METHOD,
              query: { token: session.token },
              body: { signatureRequestId: session.requestId },
            })
          }
        />
      )}
      {legislation === 'zertes' && (
        <Link className="text-primary-dark underline" to={`${DIRECT_IDENT_PATH}/zertes/personal-details`}>
          {t('ident.choose.personalDetails')}
        </Link>
      )}
      <Link className="text-primary-dark underline" to={viewPath(session)}>
        {t('ident.choose.back')}
      </Link>
    </div>
  );
}

export function ChooseMethodPage({ route }: { route: RouteDefinition }) {
  const session = useRememberedSession();
  return session ? <ChooseMethod session={session} route={route} /> : <LinkMissing />;
}

function StartMethod({ session, route }: { session: DirectSession; route: RouteDefinition }) {
  const { t } = useTranslation();
  useLinkHolderLanguage(session);
  const { api } = useServices();
  const method = methodOfPath(route.path);
  const start = useMutation({
    mutationFn: async () => {
      if (!method) throw new Error('unknown method');
      const started = await api.call(identificationEndpoints.directStartIdentification, {
        params: { provider: method.provider, method: method.method },
        query: { token: session.token },
        body: { signatureRequestId: session.requestId },
      });
      if (!started.url || !leaveToExternal(started.url)) throw new Error('no provider address');
    },
  });
  if (!method) return <LinkMissing />;
  return (
    <div className="flex flex-col gap-4">
      <PageHeading lead={t('ident.start.lead')}>{t(`ident.choose.${method.name}`)}</PageHeading>
      <p className="text-muted">{t(`ident.choose.${method.name}Text`)}</p>
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => start.mutate()} isBusy={start.isPending}>
          {t('ident.start.start')}
        </Button>
        <Link className={buttonClasses('secondary')} to={`${DIRECT_IDENT_PATH}/${method.legislation}`}>
          {t('ident.start.other')}
        </Link>
      </div>
      <FormAlert message={start.isError ? t('ident.start.failed') : null} />
    </div>
  );
}

export function StartMethodPage({ route }: { route: RouteDefinition }) {
  const session = useRememberedSession();
  return session ? <StartMethod session={session} route={route} /> : <LinkMissing />;
}

function PersonalDetails({ session }: { session: DirectSession }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const query = { token: session.token };
  const user = useLinkHolderLanguage(session);
  const [names, setNames] = useState<{ firstName: string; lastName: string } | null>(null);
  const shown = names ?? {
    firstName: user.data?.firstName ?? '',
    lastName: user.data?.lastName ?? '',
  };
  const save = useMutation({
    mutationFn: () =>
      api.call(directEndpoints.directUpdateUser, {
        query,
        body: {
          ...(shown.firstName.trim() ? { firstName: shown.firstName.trim() } : {}),
          ...(shown.lastName.trim() ? { lastName: shown.lastName.trim() } : {}),
        },
      }),
    onSuccess: () => void navigate(`${DIRECT_IDENT_PATH}/zertes`),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form onSubmit={submit} className="flex max-w-md flex-col gap-3" noValidate>
      <PageHeading lead={t('ident.details.lead')}>{t('ident.details.heading')}</PageHeading>
      <TextField
        label={t('sign.direct.firstName')}
        autoComplete="given-name"
        maxLength={100}
        value={shown.firstName}
        onChange={(e) => setNames({ ...shown, firstName: e.target.value })}
      />
      <TextField
        label={t('sign.direct.lastName')}
        autoComplete="family-name"
        maxLength={100}
        value={shown.lastName}
        onChange={(e) => setNames({ ...shown, lastName: e.target.value })}
      />
      <Button type="submit" isBusy={save.isPending}>
        {t('ident.details.continue')}
      </Button>
      <FormAlert message={save.isError ? t(describeApiError(save.error)) : null} />
    </form>
  );
}

export function PersonalDetailsPage() {
  const session = useRememberedSession();
  return session ? <PersonalDetails session={session} /> : <LinkMissing />;
}
