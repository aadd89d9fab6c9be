// /mab/redirect (spec 2; ADR 076, 087): where the signer's QTSP sends them back after they
// authorised, or refused, a qualified signature on its page. The page hands what came back (state,
// code, or the provider's error) to redirect-sign once, then says whether the documents are signed
// and leads back to the request. Account holders come back signed in; link holders by the direct
// session this tab keeps. A certificate the provider renewed meanwhile gets its own overlay.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useServices } from '../../app/services.js';
import { FormAlert } from '../../components/form-alert.js';
import { PageHeading } from '../../components/page-heading.js';
import { Spinner } from '../../components/spinner.js';
import { TextLink } from '../../components/text-link.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';
import { useOverlays } from '../../features/overlays/overlay-store.js';
import { rememberHandledRequest } from '../../features/signing/leave.js';
import { codeOf, describeSignFailure, SERIAL_NUMBER_MISMATCH } from '../../features/signing/sign-outcome.js';
import {
  requestIdOfState,
  returnPathOf,
  sourceOfReturn,
  viewPathOf,
} from '../../features/signing/provider-signing.js';
import { createRequestApi } from '../../features/signing/request-api.js';
import type { ProviderParams } from '../../features/signing/request-api.js';

/** What the provider sent back: RFC 6749 4.1.2 (code and state, or error and its description). */
function providerParamsOf(search: URLSearchParams): ProviderParams {
  const value = (name: string) => search.get(name) ?? undefined;
  const params: ProviderParams = { state: search.get('state') ?? '' };
  const code = value('code');
  const error = value('error');
  const errorDescription = value('error_description');
  if (code) params.code = code;
  if (error) params.error = error;
  if (errorDescription) params.errorDescription = errorDescription;
  return params;
}

export function MabRedirectPage() {
  const { t } = useTranslation();
  const { api, session } = useServices();
  const [search] = useSearchParams();
  const params = useMemo(() => providerParamsOf(search), [search]);
  const requestId = requestIdOfState(params.state);
  const source = useMemo(
    () => (requestId ? sourceOfReturn(window.sessionStorage, requestId) : null),
    [requestId],
  );
  const outcome = useQuery({
    // the provider's code is single use: one call per state, never repeated on its own
    queryKey: ['mab-redirect', params.state],
    queryFn: async () => {
      const result = await createRequestApi(api, session, source!).completeAtProvider(params);
      rememberHandledRequest(window.sessionStorage, source!.requestId);
      return result;
    },
    enabled: source !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const { open: openOverlay, close: closeOverlay } = useOverlays();
  const navigate = useNavigate();
  const failure = outcome.isError ? describeSignFailure(codeOf(outcome.error)) : null;
  const isSerialMismatch = failure?.kind === 'overlay' && failure.name === SERIAL_NUMBER_MISMATCH;
  const backPath = source ? viewPathOf(source) : '/';
  // the certificate changed at the provider (ADR 093, 101): say so, and offer to sign again
  useEffect(() => {
    if (!isSerialMismatch) return;
    openOverlay({
      name: SERIAL_NUMBER_MISMATCH,
      props: { retryLabel: 'sign.overlays.serialMismatchRetry' },
      onAction: (action) => {
        if (action !== 'retry') return;
        closeOverlay();
        void navigate(backPath);
      },
    });
  }, [isSerialMismatch, openOverlay, closeOverlay, navigate, backPath]);

  if (!source)
    return (
      <>
        <PageHeading lead={t('sign.provider.unknownText')}>{t('sign.provider.failedHeading')}</PageHeading>
        <TextLink to="/">{t('sign.pages.toDashboard')}</TextLink>
      </>
    );
  if (outcome.isPending) return <Spinner label={t('sign.provider.completing')} />;
  if (outcome.isError)
    return (
      <>
        <PageHeading>{t('sign.provider.failedHeading')}</PageHeading>
        <div className="mb-6">
          <FormAlert message={t(describeApiError(outcome.error))} />
        </div>
        <TextLink to={backPath}>{t('sign.pages.backToRequest')}</TextLink>
      </>
    );
  const isComplete = outcome.data.requestStatus === 'completed';
  return (
    <>
      <PageHeading lead={t(isComplete ? 'sign.pages.completedText' : 'sign.pages.signedText')}>
        {t('sign.pages.signedHeading')}
      </PageHeading>
      <TextLink to={returnPathOf(outcome.data.redirectQueryParams, backPath)}>
        {t('sign.pages.backToRequest')}
      </TextLink>
    </>
  );
}
