// /invite/{id} for someone who is not a member yet: the link of the invitation mail. The invitation
// waiting for the signed-in address (GET /v1/user names it) is shown to accept; any other id was
// withdrawn, accepted already, or is addressed to someone else, and the page says so. A visitor
// without a session is told who invites them and offered to sign up or log in (visitor-invitation).
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { PageHeading } from '../../components/page-heading.js';
import { TextLink } from '../../components/text-link.js';
import { useAcceptInvitation } from '../../features/business/accept-invitation.js';
import { useSession } from '../../features/session/session-provider.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';
import { VisitorInvitation } from './visitor-invitation.js';

export function InvitationPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { user } = useSession();
  const accept = useAcceptInvitation();
  const invitation = user?.businessInvitation;
  const acceptance = useMutation({
    mutationFn: () => accept({ inviteId: id, businessName: invitation?.businessName ?? '' }),
  });
  if (!user) return <VisitorInvitation inviteId={id} />;
  if (!invitation || invitation.via !== 'invitation' || invitation.id !== id) {
    return (
      <>
        <PageHeading>{t('businessPages.invitation.notFoundHeading')}</PageHeading>
        <p className="mb-6">{t('businessPages.invitation.notFoundText', { email: user.email })}</p>
        <div className="flex flex-wrap gap-4">
          <TextLink to="/dashboard">{t('businessPages.invitation.toDashboard')}</TextLink>
          <TextLink to="/logout">{t('businessPages.invitation.logout')}</TextLink>
        </div>
      </>
    );
  }
  const name = invitation.businessName;
  return (
    <>
      <PageHeading>{t('businessPages.invitation.heading', { name })}</PageHeading>
      <p className="mb-6">{t('businessPages.invitation.text', { name })}</p>
      <FormAlert message={acceptance.error ? t(describeApiError(acceptance.error)) : null} />
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <Button isBusy={acceptance.isPending} onClick={() => acceptance.mutate()}>
          {t('businessPages.invitation.accept')}
        </Button>
        <TextLink to="/logout">{t('businessPages.invitation.logout')}</TextLink>
      </div>
    </>
  );
}
