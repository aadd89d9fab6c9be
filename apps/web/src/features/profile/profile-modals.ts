// The profile's dialogs and overlays: their props in the typed maps, and their components.
import type { DialogEntries } from '../dialogs/dialog-store.js';
import type { OverlayEntries } from '../overlays/overlay-store.js';
import { DeleteAccountDialog } from './delete-account-dialog.js';
import { DeleteUserOverlay } from './delete-user-overlay.js';

interface ProfileDialogProps {
  'profile/delete-account': undefined;
}

interface ProfileOverlayProps {
  /** the business the person is the admin of, named in the warning; null when none */
  'delete-user': { adminOf: string | null };
}

declare module '../dialogs/dialog-store.js' {
  interface DialogPropsMap extends ProfileDialogProps {}
}

declare module '../overlays/overlay-store.js' {
  interface OverlayPropsMap extends ProfileOverlayProps {}
}

export const profileDialogs: DialogEntries<keyof ProfileDialogProps> = {
  'profile/delete-account': { Component: DeleteAccountDialog },
};

export const profileOverlays: OverlayEntries<keyof ProfileOverlayProps> = {
  'delete-user': DeleteUserOverlay,
};
