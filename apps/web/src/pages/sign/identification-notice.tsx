// When a request asks for an advanced or qualified signature the signer cannot give yet, the
// view says so and leads to identification instead of offering a Sign button that would only be
// refused (ident-method, ADR 025): link holders to the preview of their identification, account
// holders to their profile's signature standards.
import type { SignatureRequest } from '@countersign/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/button.js';
import type { IdentMethod, RequestApi } from '../../features/signing/request-api.js';

/** What the caller's signature still needs, once known; undefined while unknown or not asked. */
export function useIdentificationNeed(
  requestApi: RequestApi,
  request: SignatureRequest | undefined,
): IdentMethod | undefined {
  const signatureId = request?.you.signatureId ?? null;
  const isAsked =
    request !== undefined &&
    request.quality !== 'ses' &&
    signatureId !== null &&
    request.you.allowedActions.includes('sign');
  const need = useQuery({
    queryKey: [...requestApi.queryKey, 'ident-method', signatureId],
    queryFn: ({ signal }) => requestApi.identMethod(signatureId ?? '', signal),
    enabled: isAsked,
  });
  return isAsked ? need.data : undefined;
}

/** Where the signer identifies: the link holder's screens, or the account's profile. */
export function identificationPath(requestApi: RequestApi, need: IdentMethod): string {
  const { source } = requestApi;
  if (source.kind === 'account') return '/profile/signature-standards';
  const isOpen =
    need.identification?.status === 'initialized' || need.identification?.status === 'inprogress';
  const status = `/direct-sign/identification/${encodeURIComponent(source.requestId)}/${encodeURIComponent(source.signerId)}`;
  // before leaving for a provider, the preview says what the identification is for
  return isOpen ? status : `${status}/preview`;
}

export function IdentificationNotice({ requestApi, need }: { requestApi: RequestApi; need: IdentMethod }) {
  const { t } = useTranslation();
  const isOpen =
    need.identification?.status === 'initialized' || need.identification?.status === 'inprogress';
  return (
    <section
      aria-labelledby="identification-needed"
      className="flex flex-col gap-3 rounded-lg border border-line bg-white p-4"
    >
      <h2 id="identification-needed" className="text-lg font-semibold">
        {t('ident.needed.heading')}
      </h2>
      <p className="text-sm">{t(need.quality === 'qes' ? 'ident.needed.qes' : 'ident.needed.aes')}</p>
      {isOpen && <p className="text-sm text-muted">{t('ident.needed.inProgress')}</p>}
      {requestApi.source.kind === 'account' && (
        <p className="text-sm text-muted">{t('ident.needed.account')}</p>
      )}
      <Link className={buttonClasses('secondary')} to={identificationPath(requestApi, need)}>
        {t('ident.needed.start')}
      </Link>
    </section>
  );
}
