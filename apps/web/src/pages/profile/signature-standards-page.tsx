// /profile/signature-standards, kept minimal (ADR 025): the qualities the account holds (from
// GET /v3/user/signature-qualities-detail), its identifications with their status, and a start
// for each method of each legislation, which leaves for the provider's page. The provider sends
// the person back here; the page asks again every few seconds while an identification is open.
// It links to the sub-pages that take one step at a time (standards/).
import { identificationEndpoints } from '@countersign/contract';
import type { Identification } from '@countersign/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { PageHeading } from '../../components/page-heading.js';
import { Spinner } from '../../components/spinner.js';
import { SignatureQualities } from '../../features/profile/signature-qualities.js';
import { IdAustriaSection } from '../eid/id-austria-section.js';
import { useSession, userQueryKey } from '../../features/session/session-provider.js';
import { leaveToExternal } from '../../features/signing/leave.js';
import { METHOD_ROUTES, STANDARDS_PATH, WALLET_METHOD } from '../direct-ident/methods.js';
import type { MethodRoute } from '../direct-ident/methods.js';
import { WalletStart } from '../direct-ident/wallet-start.js';
import { IdentificationList } from './standards/identification-list.js';
import { useQualitiesDetail } from './standards/standards-state.js';

// a disconnected ID Austria (ADR 106) stays listed but is no longer connected
const isIdAustria = (i: Identification) =>
  i.provider === 'idaustria' && i.status === 'success' && !i.disconnectedAt;

/** The sub-pages: raising the standard, the default legislation, each legislation, the mobile number. */
const SUB_PAGES = [
  ['update', 'ident.standards.updateHeading'],
  ['legislation', 'ident.standards.legislationHeading'],
  ['eidas', 'ident.choose.eidas'],
  ['zertes', 'ident.choose.zertes'],
  ['mobile-id', 'ident.mobile.heading'],
] as const;

export function SignatureStandardsPage() {
  const { t } = useTranslation();
  const { api } = useServices();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const detail = useQualitiesDetail();
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
      <IdentificationList identifications={identifications} />
      <nav aria-labelledby="standards-links" className="flex flex-col gap-2">
        <h2 id="standards-links" className="text-lg font-semibold">
          {t('ident.standards.links')}
        </h2>
        <ul className="flex flex-wrap gap-x-4 gap-y-2">
          {SUB_PAGES.map(([path, label]) => (
            <li key={path}>
              <Link className="text-primary-dark underline" to={`${STANDARDS_PATH}/${path}`}>
                {t(label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
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
