// The visual signatures' dialog: its props in the typed dialog map, and its component.
import type { DialogEntries } from '../dialogs/dialog-store.js';
import { DeleteSignatureDialog } from './delete-signature-dialog.js';

interface VisualSignatureDialogProps {
  'visual-signature/delete-signature': { alias: string };
}

declare module '../dialogs/dialog-store.js' {
  interface DialogPropsMap extends VisualSignatureDialogProps {}
}

export const visualSignatureDialogs: DialogEntries<keyof VisualSignatureDialogProps> = {
  'visual-signature/delete-signature': { Component: DeleteSignatureDialog },
};
