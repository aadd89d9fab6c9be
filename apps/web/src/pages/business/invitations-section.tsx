// The open invitations of the business, paged, each of which an admin may withdraw (the link in
// its mail stops working).
import { businessEndpoints } from '@countersign/contract';
import type { Business } from '@countersign/contract';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { useRefreshBusiness } from '../../features/business/business-api.js';
import { ListTable } from '../../features/business/list-table.js';
import { Pager, usePagedList } from '../../features/business/paged-list.js';
import { useDialogs } from '../../features/dialogs/dialog-store.js';
import { useFormatDate } from '../../features/i18n/use-format-date.js';
import { useSnackbars } from '../../features/snackbars/snackbar-store.js';

export function InvitationsSection({ business }: { business: Business }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const dialogs = useDialogs();
  const snackbars = useSnackbars();
  const formatDate = useFormatDate();
  const refresh = useRefreshBusiness();
  const invitations = usePagedList(business.id, 'invitations', ({ page, size, signal }) =>
    api.call(businessEndpoints.listBusinessInvitations, {
      params: { id: business.id },
      query: { page, size },
      signal,
    }),
  );
  const title = t('businessPages.members.invitations');
  const mayWithdraw = business.allowedActions.includes('delete_invitation');
  const items = invitations.query.data?.items ?? [];

  const openWithdraw = (invitation: { id: string; email: string }) =>
    dialogs.open({
      namespace: 'business',
      name: 'withdraw-invitation',
      props: { email: invitation.email },
      onAction: async () => {
        await api.call(businessEndpoints.deleteBusinessInvitation, {
          params: { id: business.id, inviteId: invitation.id },
        });
        await refresh();
        snackbars.show({ message: t('businessPages.members.withdrawn'), color: 'success' });
      },
    });

  return (
    <section aria-labelledby="invitations-heading" className="flex flex-col gap-3">
      <h2 id="invitations-heading" className="text-lg font-semibold">
        {title}{' '}
        {invitations.query.data && <span className="text-muted">({invitations.query.data.total})</span>}
      </h2>
      {invitations.query.isError && <FormAlert message={t('businessPages.members.loadError')} />}
      {invitations.query.data && items.length === 0 && (
        <p className="text-muted">{t('businessPages.members.emptyInvitations')}</p>
      )}
      {items.length > 0 && (
        <ListTable
          headings={[
            t('businessPages.members.email'),
            t('businessPages.members.language'),
            t('businessPages.members.invited'),
            t('businessPages.members.actions'),
          ]}
        >
          {items.map((invitation) => (
            <tr
              key={invitation.id}
              className="border-b border-line last:border-0"
              data-testid="invitations-row"
            >
              <td className="p-3 break-all">{invitation.email}</td>
              <td className="p-3">{t(`businessPages.languages.${invitation.lang}`)}</td>
              <td className="p-3 whitespace-nowrap">{formatDate(invitation.createdAt)}</td>
              <td className="p-3">
                {mayWithdraw && (
                  <Button
                    variant="text"
                    size="sm"
                    aria-label={`${t('businessPages.members.withdraw')}: ${invitation.email}`}
                    onClick={() => openWithdraw(invitation)}
                  >
                    {t('businessPages.members.withdraw')}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </ListTable>
      )}
      {invitations.pages > 1 && <Pager list={invitations} label={title} />}
    </section>
  );
}
