// /invite/{id} for a visitor without a session: the link of a business invitation mail. The link
// carries the invited address (`?email=`); with it the server names the business and the person
// who invited them (GET /v1/invitations/{inviteId}), and the page offers to create an account or
// log in with that address filled in. The page is stored as the place to come back to, so that
// after either the person lands on the invitation to accept it (a confirmation link opened in
// another tab reaches the same acceptance through the invitation dialog every page shows).
import { businessEndpoints } from '@countersign/contract';
import { normaliseLoginEmailParam } from '@countersign/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useServices } from '../../app/services.js';
import { buttonClasses } from '../../components/button.js';
import { PageHeading } from '../../components/page-heading.js';
import { Spinner } from '../../components/spinner.js';

export function VisitorInvitation({ inviteId }: { inviteId: string }) {
  const { t } = useTranslation();
  const { api, redirectTarget } = useServices();
  const email = normaliseLoginEmailParam(useSearchParams()[0].get('email'));
  useEffect(() => redirectTarget.save(`/invite/${encodeURIComponent(inviteId)}`), [redirectTarget, inviteId]);
  const preview = useQuery({
    queryKey: ['invitation-preview', inviteId, email],
    queryFn: ({ signal }) =>
      api.call(businessEndpoints.getInvitationPreview, {
        params: { inviteId },
        query: { email: email ?? '' },
        signal,
      }),
    enabled: email !== null,
    retry: false,
  });
  if (email !== null && preview.isPending) return <Spinner label={t('app.loading')} />;
  const withEmail = email ? `?email=${encodeURIComponent(email)}` : '';
  const names = preview.data;
  return (
    <>
      <PageHeading>
        {names
          ? t('businessPages.visitorInvitation.heading', { name: names.businessName })
          : t('businessPages.visitorInvitation.unknownHeading')}
      </PageHeading>
      {names ? (
        <>
          <p className="mb-4">
            {t('businessPages.visitorInvitation.text', {
              inviter: names.inviterName,
              name: names.businessName,
            })}
          </p>
          <p className="mb-6">{t('businessPages.visitorInvitation.address', { email })}</p>
        </>
      ) : (
        <p className="mb-6">{t('businessPages.visitorInvitation.unknownText')}</p>
      )}
      <div className="flex flex-wrap items-center gap-4">
        <Link to={`/signup${withEmail}`} className={buttonClasses('primary')}>
          {t('businessPages.visitorInvitation.signup')}
        </Link>
        <Link to={`/login${withEmail}`} className={buttonClasses('secondary')}>
          {t('businessPages.visitorInvitation.login')}
        </Link>
      </div>
    </>
  );
}
