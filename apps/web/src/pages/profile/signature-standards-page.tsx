// /profile/signature-standards, kept minimal (ADR 025): the qualities the account holds (from
// GET /v3/user/signature-qualities-detail), its identifications with their status, and a start
// for each method of each legislation, which leaves for the provider's page. The provider sends
// the person back here; the page asks again every few seconds while an identification is open.
import { identificationEndpoints } from '@countersign/contract';
import type { Identification } from '@countersign/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { PageHeading } from '../../components/page-heading.js';
import { Spinner } from '../../components/spinner.js';
import { SignatureQualities } from '../../features/profile/signature-qualities.js';
import { IdAustriaSection } from '../eid/id-austria-section.js';
import { useSession, userQueryKey } from '../../features/session/session-provider.js';
import { leaveToExternal } from '../../features/signing/leave.js';
import { IDENTIFICATION_POLL_MS } from '../direct-ident/identification-status-page.js';
import { METHOD_ROUTES, WALLET_METHOD, isOpenIdentification } from '../direct-ident/methods.js';
import type { MethodRoute } from '../direct-ident/methods.js';
import { WalletStart } from '../direct-ident/wallet-start.js';

const detailKey = ['signature-qualities-detail'] as const;

const isIdAustria = (i: Identification) => i.provider === 'idaustria' && i.status === 'success';

const nameOf = (identification: Identification) =>
  identification.provider === 'idaustria' || identification.provider === 'eidplus'
    ? identification.provider
    : identification.provider === WALLET_METHOD.provider
      ? 'wallet'
      : (METHOD_ROUTES.find(
          (m) => m.provider === identification.provider && m.method === identification.method,
        )?.name ?? 'video');

export function SignatureStandardsPage() {
  const { t } = useTranslation();
  const { api } = useServices();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const detail = useQuery({
    queryKey: detailKey,
    queryFn: ({ signal }) => api.call(identificationEndpoints.signatureQualitiesDetail, { signal }),
    refetchInterval: (q) =>
      q.state.data?.identifications.some((i) => isOpenIdentification(i.status))
        ? IDENTIFICATION_POLL_MS
        : false,
  });
  const start = useMutation({
    mutationFn: async (method: MethodRoute) => {
      const started = await api.call(identificationEndpoints.startIdentification, {
        params: { provider: method.provider, method: method.method },
        body: {},
      });
      if (!started.url || !leaveToExternal(started.url)) throw new Error('no provider address');
    },
    // the user's qualities (GET /v1/user) change once an identification succeeds
    onSettled: () => queryClient.invalidateQueries({ queryKey: userQueryKey }),
  });
  if (!user) return null;
  if (detail.isPending) return <Spinner label={t('app.loading')} />;
  const identifications = detail.data?.identifications ?? [];
  return (
    <div className="flex flex-col gap-6">
      <PageHeading lead={t('ident.choose.lead')}>{t('ident.standards.heading')}</PageHeading>
      {detail.data && (
        <SignatureQualities user={{ ...user, signatureQualities: detail.data.signatureQualities }} />
      )}
      {identifications.length > 0 && (
        <section className="flex flex-col gap-2" aria-labelledby="identifications">
          <h2 id="identifications" className="text-lg font-semibold">
            {t('ident.standards.identifications')}
          </h2>
          <ul className="flex flex-col gap-2">
            {identifications.map((identification) => (
              <li key={identification.id} className="rounded-md border border-line bg-white p-3 text-sm">
                <span className="font-semibold">
                  {t(`ident.choose.${nameOf(identification)}`)}
                  {/* a wallet's identity serves advanced signatures under either legislation */}
                  {identification.provider !== WALLET_METHOD.provider &&
                    ` (${t(`ident.choose.${identification.legislation}`)})`}
                </span>
                <span className="block text-muted">{t(`ident.status.${identification.status}`)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {(['eidas', 'zertes'] as const).map((legislation) => (
        <section key={legislation} className="flex flex-col gap-2" aria-labelledby={`start-${legislation}`}>
          <h2 id={`start-${legislation}`} className="text-lg font-semibold">
            {t(`ident.choose.${legislation}`)}
          </h2>
          <div className="flex flex-wrap gap-2">
            {METHOD_ROUTES.filter((m) => m.legislation === legislation).map((method) => (
              <Button
                key={method.name}
                variant="secondary"
                onClick={() => start.mutate(method)}
                isBusy={start.isPending && start.variables === method}
              >
                {t(`ident.choose.${method.name}`)}
              </Button>
            ))}
          </div>
        </section>
      ))}
      <IdAustriaSection connected={identifications.some(isIdAustria)} />
      <FormAlert message={start.isError ? t('ident.start.failed') : null} />
      <WalletStart
        start={() =>
          api.call(identificationEndpoints.startIdentification, { params: WALLET_METHOD, body: {} })
        }
      />
    </div>
  );
}
