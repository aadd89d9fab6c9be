// /direct-sign/identification/{id}/{userid}/preview (spec 2, role nas): before a link holder leaves
// the request for an identity provider, what the identification is for and what it will carry.
// The request (title, level, legislation: GET /v3/direct/signature-requests/{id}), the name the
// provider compares with their document and the certificate will name (GET /v1/direct/user), and
// the methods that would let them sign (ident-method); then on to choose one, or to correct the
// name first. A signer who may already sign goes straight back to the request.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { useServices } from '../../app/services.js';
import { buttonClasses } from '../../components/button.js';
import { PageHeading } from '../../components/page-heading.js';
import { Spinner } from '../../components/spinner.js';
import { useLinkHolderLanguage } from '../../features/signing/direct-language.js';
import type { DirectSession } from '../../features/signing/direct-session.js';
import { LinkMissing } from './identification-pages.js';
import { useSessionOfPath } from './identification-status-page.js';
import { DIRECT_IDENT_PATH, methodsOffered } from './methods.js';
import { directRequestQuery, identMethodQuery } from '../../features/signing/identification-queries.js';

function Preview({ session }: { session: DirectSession }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const user = useLinkHolderLanguage(session);
  const request = useQuery(directRequestQuery(api, session));
  const need = useQuery(identMethodQuery(api, session));
  const view = `/view/${encodeURIComponent(session.requestId)}/${encodeURIComponent(session.signerId)}`;
  if (request.isPending || need.isPending || user.isPending) return <Spinner label={t('app.loading')} />;
  if (request.isError || need.isError || user.isError) return <LinkMissing />;
  if (need.data.isSatisfied) return <Navigate to={view} replace />;
  const { legislation, quality } = need.data;
  const name = [user.data.firstName, user.data.lastName].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-4">
      <PageHeading lead={t('ident.preview.lead')}>{t('ident.preview.heading')}</PageHeading>
      <dl className="grid gap-x-4 gap-y-2 rounded-lg border border-line bg-white p-4 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">{t('ident.preview.request')}</dt>
        <dd data-testid="preview-request">{request.data.title}</dd>
        <dt className="font-semibold">{t('ident.preview.level')}</dt>
        <dd data-testid="preview-level">
          {t(`ident.standards.level.${quality}`)} · {t(`ident.choose.${legislation}`)}
        </dd>
        <dt className="font-semibold">{t('ident.preview.name')}</dt>
        <dd data-testid="preview-name">{name || t('ident.preview.noName')}</dd>
      </dl>
      <p className="text-sm text-muted">{t('ident.preview.nameText')}</p>
      <ul className="list-disc pl-5 text-sm">
        {methodsOffered(legislation, need.data.methods).map((method) => (
          <li key={method.name}>{t(`ident.choose.${method.name}`)}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Link className={buttonClasses('primary')} to={`${DIRECT_IDENT_PATH}/${legislation}`}>
          {t('ident.preview.choose')}
        </Link>
        {legislation === 'zertes' && (
          <Link className={buttonClasses('secondary')} to={`${DIRECT_IDENT_PATH}/zertes/personal-details`}>
            {t('ident.choose.personalDetails')}
          </Link>
        )}
        <Link className={buttonClasses('text')} to={view}>
          {t('ident.choose.back')}
        </Link>
      </div>
    </div>
  );
}

export function IdentificationPreviewPage() {
  const session = useSessionOfPath();
  return session ? <Preview session={session} /> : <LinkMissing />;
}
