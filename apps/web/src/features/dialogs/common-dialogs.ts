// The dialogs every part of the app may open: the terms a user must accept, and the one-question
// confirmations (confirm-dialogs.tsx, which declares their props).
import { AcceptTermsDialog } from './accept-terms-dialog.js';
import { confirmDialogs } from './confirm-dialogs.js';
import type { DialogEntries } from './dialog-store.js';

interface CommonDialogProps {
  'default/accept-terms': undefined;
}

declare module './dialog-store.js' {
  interface DialogPropsMap extends CommonDialogProps {}
}

export const commonDialogs = {
  ...confirmDialogs,
  'default/accept-terms': { Component: AcceptTermsDialog, isPersistent: true },
} satisfies DialogEntries<keyof CommonDialogProps>;
