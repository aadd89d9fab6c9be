// /business/members: the admins, the members and the open invitations of the business, each a
// paged list. Admins add members (dialog `business: add member`, POST .../members), change roles
// (POST .../change-to-admins, .../change-to-members; the last admin cannot step down), remove people
// (dialog `business: remove members`, POST .../remove-members) and withdraw invitations.
import { businessEndpoints } from '@countersign/contract';
import type { Business } from '@countersign/contract';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { PageHeading } from '../../components/page-heading.js';
import { TextLink } from '../../components/text-link.js';
import { useRefreshBusiness } from '../../features/business/business-api.js';
import { BusinessGate } from '../../features/business/business-gate.js';
import type { InviteRequest } from '../../features/business/add-member-dialog.js';
import { useDialogs } from '../../features/dialogs/dialog-store.js';
import { useSnackbars } from '../../features/snackbars/snackbar-store.js';
import { InvitationsSection } from './invitations-section.js';
import { PeopleSection } from './people-section.js';

export function MembersPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading lead={t('businessPages.members.lead')}>{t('businessPages.members.heading')}</PageHeading>
      <BusinessGate>{(business) => <Members business={business} />}</BusinessGate>
    </>
  );
}

function Members({ business }: { business: Business }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const dialogs = useDialogs();
  const snackbars = useSnackbars();
  const refresh = useRefreshBusiness();
  const openAdd = () =>
    dialogs.open({
      namespace: 'business',
      name: 'add-member',
      onAction: async (payload) => {
        const { users } = payload as InviteRequest;
        const answer = await api.call(businessEndpoints.inviteBusinessMembers, {
          params: { id: business.id },
          body: { users },
        });
        await refresh();
        snackbars.show({
          message: t('businessPages.members.invitationsSent', { count: answer.invitations.length }),
          color: 'success',
        });
      },
    });
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-wrap items-center gap-4">
        {business.allowedActions.includes('invite_members') && (
          <Button onClick={openAdd}>{t('businessPages.members.add')}</Button>
        )}
        <TextLink to="/business/members/domains">{t('businessPages.members.domainsLink')}</TextLink>
        <TextLink to="/business/members/signer-groups">{t('consolePages.groups.link')}</TextLink>
      </div>
      <PeopleSection business={business} list="admins" />
      <PeopleSection business={business} list="members" />
      <InvitationsSection business={business} />
    </div>
  );
}
