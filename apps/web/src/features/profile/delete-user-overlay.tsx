// Overlay `delete user` (spec 2). The spec leaves its trigger open; ours (ADR 096): the profile's
// "Delete account" opens it, full screen, because what follows is final: it says what deleting
// does (and, for a business admin, what the business needs first) with nothing of the app behind
// it. "Continue to delete" opens the dialog `profile: delete account` above it, where the password
// confirms; "Keep my account" closes it and nothing happens.
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.js';
import { OVERLAY_COMPLETE, useOverlays } from '../overlays/overlay-store.js';
import type { OverlayRecord } from '../overlays/overlay-store.js';

/** The overlay's action that asks for the password. */
export const DELETE_USER_CONTINUE = 'continue';

export function DeleteUserOverlay({ record }: { record: OverlayRecord<'delete-user'> }) {
  const { t } = useTranslation();
  const overlays = useOverlays();
  const adminOf = record.props.adminOf;
  return (
    <div className="flex w-full max-w-lg flex-col gap-4">
      <Dialog.Title className="text-2xl font-bold">{t('profile.deleteUser.heading')}</Dialog.Title>
      <Dialog.Description className="text-muted">{t('profile.deleteUser.text')}</Dialog.Description>
      <ul className="flex list-disc flex-col gap-1 pl-5">
        <li>{t('profile.deleteUser.noLogin')}</li>
        <li>{t('profile.deleteUser.leaves')}</li>
        <li>{t('profile.deleteUser.final')}</li>
      </ul>
      {typeof adminOf === 'string' && (
        <p data-testid="admin-of-business">{t('profile.business.adminDelete', { name: adminOf })}</p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button
          className="bg-error hover:bg-error"
          onClick={() => void overlays.runAction(DELETE_USER_CONTINUE)}
        >
          {t('profile.deleteUser.continue')}
        </Button>
        <Button variant="secondary" onClick={() => void overlays.runAction(OVERLAY_COMPLETE)}>
          {t('profile.deleteUser.keep')}
        </Button>
      </div>
    </div>
  );
}
