// Spec 2 "direct sign": a person signed in to an account opens an invitation link. The link signs
// as the address it was sent to, not as the account, so before anything else the overlay names
// both. When the link is for the account's own address, the request can be opened in the account
// instead (its saved visual signatures, its inbox); otherwise the person carries on with the link,
// knowingly signing for the invited address. It is asked once per link in a tab (ADR 093).
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.js';
import { OVERLAY_COMPLETE, useOverlays } from '../overlays/overlay-store.js';
import type { OverlayRecord } from '../overlays/overlay-store.js';
import { OPEN_IN_ACCOUNT, isSameAddress } from './direct-sign-trigger.js';
import type { DIRECT_SIGN_OVERLAY } from './direct-sign-trigger.js';

export function DirectSignOverlay({ record }: { record: OverlayRecord<typeof DIRECT_SIGN_OVERLAY> }) {
  const { t } = useTranslation();
  const overlays = useOverlays();
  const { accountEmail, linkEmail } = record.props;
  const isOwn = isSameAddress(accountEmail, linkEmail);
  const openInAccount = async () => {
    await overlays.runAction(OPEN_IN_ACCOUNT);
    await overlays.runAction(OVERLAY_COMPLETE);
  };
  return (
    <div className="flex w-full max-w-md flex-col items-center gap-4 text-center">
      <Dialog.Title className="text-2xl font-bold">{t('sign.directOverlay.title')}</Dialog.Title>
      <p data-testid="direct-sign-text">
        {t(isOwn ? 'sign.directOverlay.own' : 'sign.directOverlay.other', {
          account: accountEmail,
          link: linkEmail,
        })}
      </p>
      <div className="flex w-full flex-col gap-2 sm:flex-row-reverse sm:justify-center">
        {isOwn && (
          <Button onClick={() => void openInAccount()}>{t('sign.directOverlay.openInAccount')}</Button>
        )}
        <Button
          variant={isOwn ? 'secondary' : 'primary'}
          onClick={() => void overlays.runAction(OVERLAY_COMPLETE)}
        >
          {t('sign.directOverlay.continue', { link: linkEmail })}
        </Button>
      </div>
    </div>
  );
}
