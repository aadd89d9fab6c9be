// /direct-sign/identification/{id}/{userid} (spec 2, role nas, ADR 025): where the identity
// provider sends a link holder back. It shows their identification for this signature, asks
// again every few seconds while the provider is still at work, and returns to the request at
// /view/{id}/{userid} as soon as the signature may be given.
import { identificationEndpoints } from '@countersign/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { useServices } from '../../app/services.js';
import { Button, buttonClasses } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { PageHeading } from '../../components/page-heading.js';
import { Spinner } from '../../components/spinner.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';
import { useLinkHolderLanguage } from '../../features/signing/direct-language.js';
import { resolveDirectSession } from '../../features/signing/direct-session.js';
import type { DirectSession } from '../../features/signing/direct-session.js';
import { leaveToExternal } from '../../features/signing/leave.js';
import { LinkMissing } from './identification-pages.js';
import { DIRECT_IDENT_PATH, METHOD_ROUTES, isOpenIdentification } from './methods.js';
import { identMethodQuery } from '../../features/signing/identification-queries.js';

/** How often to ask while the provider has not reported a result. */
export const IDENTIFICATION_POLL_MS = 3000;

function IdentificationStatus({ session }: { session: DirectSession }) {
  const { t } = useTranslation();
  useLinkHolderLanguage(session);
  const { api } = useServices();
  const queryClient = useQueryClient();
  const query = identMethodQuery(api, session);
  const { queryKey } = query;
  const needs = useQuery({
    ...query,
    refetchInterval: (q) =>
      isOpenIdentification(q.state.data?.identification?.status) ? IDENTIFICATION_POLL_MS : false,
  });
  const identification = needs.data?.identification ?? null;
  const cancel = useMutation({
    mutationFn: () => {
      // only a provider's own methods stay open; an eID's identification succeeds at once
      const method = METHOD_ROUTES.find(
        (m) => m.provider === identification?.provider && m.method === identification.method,
      );
      if (!method) throw new Error('nothing to cancel');
      return api.call(identificationEndpoints.directCancelIdentification, {
        params: { provider: method.provider, method: method.method },
        query: { token: session.token },
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey }),
  });
  const view = `/view/${encodeURIComponent(session.requestId)}/${encodeURIComponent(session.signerId)}`;

  if (needs.isPending) return <Spinner label={t('app.loading')} />;
  if (needs.isError) return <LinkMissing />;
  if (needs.data.isSatisfied) return <Navigate to={view} replace />;
  const status = identification?.status ?? 'none';
  const isOpen = isOpenIdentification(status);
  return (
    <div className="flex flex-col gap-4">
      <PageHeading>{t('ident.status.heading')}</PageHeading>
      <p role="status" aria-live="polite">
        {t(`ident.status.${status}`)}
      </p>
      <div className="flex flex-wrap gap-3">
        {isOpen && identification?.url && (
          <Button onClick={() => leaveToExternal(identification.url ?? '')}>
            {t('ident.status.continue')}
          </Button>
        )}
        {isOpen && (
          <Button variant="secondary" onClick={() => cancel.mutate()} isBusy={cancel.isPending}>
            {t('ident.status.cancel')}
          </Button>
        )}
        {!isOpen && (
          <Link className={buttonClasses('primary')} to={`${DIRECT_IDENT_PATH}/${needs.data.legislation}`}>
            {t('ident.status.again')}
          </Link>
        )}
        <Link className={buttonClasses('text')} to={view}>
          {t('ident.choose.back')}
        </Link>
      </div>
      <FormAlert message={cancel.isError ? t(describeApiError(cancel.error)) : null} />
    </div>
  );
}

/** The link session of the request and signer the path names (and a token it may carry). */
export function useSessionOfPath(): DirectSession | null {
  const { id = '', userid = '' } = useParams();
  const { search } = useLocation();
  return useMemo(
    () => resolveDirectSession(window.sessionStorage, { requestId: id, signerId: userid }, search),
    // read once per request and signer, like the direct view
    [id, userid],
  );
}

export function IdentificationStatusPage() {
  const session = useSessionOfPath();
  return session ? <IdentificationStatus session={session} /> : <LinkMissing />;
}
