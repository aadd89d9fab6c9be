// The signing feature's dialogs and overlays: their props, added to the typed maps of the dialog
// and overlay stores, and their components, which the app hands to the frames. The request's
// form dialogs declare theirs beside their specs (request-dialogs.tsx).
import type { DialogEntries } from '../dialogs/dialog-store.js';
import type { OverlayEntries } from '../overlays/overlay-store.js';
import { DirectSignOverlay } from './direct-sign-overlay.js';
import { DIRECT_SIGN_OVERLAY } from './direct-sign-trigger.js';
import { requestDialogs } from './request-dialogs.js';
import { ReviewDialog } from './review-dialog.js';
import type { ReviewProps } from './review-dialog.js';
import { signingOverlays } from './signing-overlays.js';
import type { SigningOverlayProps } from './signing-overlays.js';

interface SigningDialogProps {
  'document/review-and-sign': ReviewProps;
}

interface SigningOverlayMap extends SigningOverlayProps {
  /** a link opened by someone signed in to an account (spec 2's direct sign overlay) */
  [DIRECT_SIGN_OVERLAY]: { accountEmail: string; linkEmail: string };
}

declare module '../dialogs/dialog-store.js' {
  interface DialogPropsMap extends SigningDialogProps {}
}

declare module '../overlays/overlay-store.js' {
  interface OverlayPropsMap extends SigningOverlayMap {}
}

export const signingDialogs = {
  ...requestDialogs,
  'document/review-and-sign': { Component: ReviewDialog },
} satisfies DialogEntries<keyof SigningDialogProps>;

export const signingModalOverlays: OverlayEntries<keyof SigningOverlayMap> = {
  ...signingOverlays,
  [DIRECT_SIGN_OVERLAY]: DirectSignOverlay,
};
