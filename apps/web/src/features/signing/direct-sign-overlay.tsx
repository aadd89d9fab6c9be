// Spec 2 "direct sign": a person signed in to an account opens an invitation link. The link signs
// as the address it was sent to, not as the account, so before anything else the overlay names
// both. When the link is for the account's own address, the request can be opened in the account
// instead (its saved visual signatures, its inbox); otherwise the person carries on with the link,
// knowingly signing for the invited address. It is asked once per link in a tab (ADR 093).
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/button.js';
import { OVERLAY_COMPLETE, useOverlays } from '../overlays/overlay-store.js';
import type { OverlayRecord } from '../overlays/overlay-store.js';
import type { DirectSession } from './direct-session.js';

export const DIRECT_SIGN_OVERLAY = 'direct-sign';
/** The overlay's action that opens the request in the signed-in account. */
export const OPEN_IN_ACCOUNT = 'account';

const askedKey = (session: DirectSession) => `countersign.direct-sign-asked.${session.signerId}`;

/** Whether the overlay is due: someone is signed in, and has not answered it for this link in this tab. */
export function isDirectSignOverlayDue(
  storage: Pick<Storage, 'getItem'>,
  session: DirectSession,
  accountEmail: string | undefined,
): boolean {
  return accountEmail !== undefined && storage.getItem(askedKey(session)) === null;
}

export const isSameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Opens the overlay on the direct view while it is due. `linkEmail` is the invited address
 * (GET /v1/direct/user); nothing opens until it is known.
 */
export function useDirectSignOverlay(
  session: DirectSession,
  accountEmail: string | undefined,
  linkEmail: string | undefined,
): void {
  const overlays = useOverlays();
  const navigate = useNavigate();
  const { open } = overlays;
  useEffect(() => {
    if (linkEmail === undefined || !isDirectSignOverlayDue(window.sessionStorage, session, accountEmail))
      return;
    window.sessionStorage.setItem(askedKey(session), '1');
    open({
      name: DIRECT_SIGN_OVERLAY,
      props: { accountEmail, linkEmail },
      onAction: (action) => {
        if (action === OPEN_IN_ACCOUNT) void navigate(`/view/${encodeURIComponent(session.requestId)}`);
      },
    });
    // once per link and tab: the storage entry keeps it from opening again
  }, [session, accountEmail, linkEmail, open, navigate]);
}

export function DirectSignOverlay({ record }: { record: OverlayRecord }) {
  const { t } = useTranslation();
  const overlays = useOverlays();
  const accountEmail = String(record.props?.accountEmail ?? '');
  const linkEmail = String(record.props?.linkEmail ?? '');
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
