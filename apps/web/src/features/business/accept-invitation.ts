// Accepting a business invitation (or a domain's offer to join) with POST /v1/user/accept
// `business_invite`: the answer is the user, now a member, which replaces the session's user in
// the same render as the move home, so the route rules never see the old role on the new page.
import { accountEndpoints } from '@countersign/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useServices } from '../../app/services.js';
import { useSession } from '../session/session-provider.js';
import { useSnackbars } from '../snackbars/snackbar-store.js';

export function useAcceptInvitation(): (input: {
  inviteId: string | null;
  businessName: string;
}) => Promise<void> {
  const { t } = useTranslation();
  const { api } = useServices();
  const { updateUser } = useSession();
  const snackbars = useSnackbars();
  const navigate = useNavigate();
  return useCallback(
    async ({ inviteId, businessName }) => {
      const user = await api.call(accountEndpoints.acceptTerms, {
        body: inviteId ? { businessInvite: true, businessInviteId: inviteId } : { businessInvite: true },
      });
      updateUser(user);
      void navigate('/', { replace: true });
      snackbars.show({
        message: t('businessPages.invitation.joined', { name: businessName }),
        color: 'success',
      });
    },
    [api, updateUser, navigate, snackbars, t],
  );
}
