// When the "direct sign" overlay opens (ADR 093): on the direct view, for a visitor also signed in
// to an account, once per link and tab. Kept apart from the overlay itself so the view's chunk
// does not carry the overlay frame's code.
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useOverlays } from '../overlays/overlay-store.js';
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
      props: { accountEmail: accountEmail ?? '', linkEmail },
      onAction: (action) => {
        if (action === OPEN_IN_ACCOUNT) void navigate(`/view/${encodeURIComponent(session.requestId)}`);
      },
    });
    // once per link and tab: the storage entry keeps it from opening again
  }, [session, accountEmail, linkEmail, open, navigate]);
}
