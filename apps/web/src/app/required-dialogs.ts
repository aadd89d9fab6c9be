// The dialogs a signed-in user must answer (spec 2, route rules), most pressing first and one at a
// time (listRequiredDialogs in the domain): the terms, then a business invitation or a verified
// domain's offer to join, then the notice that the business account has ended, then, for a
// member, that the business is locked. Each opens by itself and closes once its cause is gone.
import { accountEndpoints } from '@countersign/contract';
import type { User } from '@countersign/contract';
import { listRequiredDialogs } from '@countersign/domain';
import type { RequiredDialog } from '@countersign/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useAcceptInvitation } from '../features/business/accept-invitation.js';
import { isLockedOrExpired, useBusinessStanding } from '../features/billing/business-access.js';
import { useDialogs } from '../features/dialogs/dialog-store.js';
import type { DialogKey } from '../features/dialogs/dialog-store.js';
import { useSession } from '../features/session/session-provider.js';
import { useSnackbars } from '../features/snackbars/snackbar-store.js';
import { logoutPath, signupStepsPath } from './guards.js';
import { useServices } from './services.js';

/** The business whose domain offer the person put off, in this browser. */
export const offerPutOffKey = 'countersign.business-offer-put-off';

const dialogKeys = {
  'accept-terms': 'default/accept-terms',
  'business-invitation': 'business/business-invitation',
  'business-downgraded': 'business/business-downgraded',
  'business-locked-member': 'business/business-locked-member',
} as const satisfies Record<RequiredDialog, DialogKey>;
const requiredKeys = new Set<string>(Object.values(dialogKeys));

/** Whether the invitation should be asked about here: not while leaving, nor on its own page. */
function isInvitationAsked(user: User, pathname: string, putOff: string | null): boolean {
  const invitation = user.businessInvitation;
  if (!invitation || pathname === logoutPath) return false;
  if (invitation.via === 'domain') return invitation.businessId !== putOff;
  return !pathname.startsWith('/invite/');
}

export function useRequiredDialogs(): void {
  const { t } = useTranslation();
  const { api, storage } = useServices();
  const { user, role, updateUser } = useSession();
  const dialogs = useDialogs();
  const snackbars = useSnackbars();
  const acceptInvitation = useAcceptInvitation();
  const { pathname } = useLocation();
  const [putOff, setPutOff] = useState(() => storage.getItem(offerPutOffKey));
  // a failed acknowledgement is not asked again until the next visit (spec 8's snackbar instead)
  const [isDowngradeSeen, setDowngradeSeen] = useState(false);
  // a member told that the business is locked may go on for this visit (signing what others sent)
  const [isLockSeen, setLockSeen] = useState(false);
  const standing = useBusinessStanding();

  const needed =
    user && pathname !== logoutPath
      ? (listRequiredDialogs(
          role,
          {
            // the steps of a new account ask for the terms as one of them
            acceptedGtc: user.attributes.acceptedGtc || pathname === signupStepsPath,
            hasPendingBusinessInvite: isInvitationAsked(user, pathname, putOff),
            removedFromBusiness: user.attributes.removedFromBusiness && !isDowngradeSeen,
            businessDeleted: user.attributes.businessDeleted && !isDowngradeSeen,
          },
          { businessLockedOrExpired: isLockedOrExpired(standing.access) && !isLockSeen },
        )[0] ?? null)
      : null;
  const active = dialogs.active ? `${dialogs.active.namespace}/${dialogs.active.name}` : null;
  const wanted = needed ? dialogKeys[needed] : null;
  const { open, close } = dialogs;

  useEffect(() => {
    if (!user || !needed) {
      if (active && requiredKeys.has(active)) close();
      return;
    }
    if (active === wanted) return;
    if (needed === 'accept-terms') {
      open({
        namespace: 'default',
        name: 'accept-terms',
        onAction: async () =>
          updateUser(await api.call(accountEndpoints.acceptTerms, { body: { gtc: true } })),
      });
    } else if (needed === 'business-invitation') {
      // listed only when the user has an invitation (isInvitationAsked)
      const invitation = user.businessInvitation;
      if (!invitation) return;
      open({
        namespace: 'business',
        name: 'business-invitation',
        props: {
          businessName: invitation.businessName,
          via: invitation.via,
          onDismiss: () => {
            storage.setItem(offerPutOffKey, invitation.businessId);
            setPutOff(invitation.businessId);
          },
        },
        onAction: () => acceptInvitation({ inviteId: invitation.id, businessName: invitation.businessName }),
      });
    } else if (needed === 'business-downgraded') {
      open({
        namespace: 'business',
        name: 'business-downgraded',
        props: { reason: user.attributes.businessDeleted ? 'deleted' : 'removed' },
        onAction: async () => {
          setDowngradeSeen(true);
          try {
            updateUser(
              await api.call(accountEndpoints.updateUser, {
                body: { attributes: { removedFromBusiness: false, businessDeleted: false } },
              }),
            );
          } catch {
            snackbars.show({ message: t('global.error.generic_support'), color: 'error' });
          }
        },
      });
    } else {
      open({
        namespace: 'business',
        name: 'business-locked-member',
        props: { businessName: user.business?.name ?? '', access: standing.access },
        onAction: () => setLockSeen(true),
      });
    }
  }, [
    user,
    needed,
    active,
    wanted,
    open,
    close,
    api,
    updateUser,
    acceptInvitation,
    storage,
    snackbars,
    t,
    standing.access,
  ]);
}
