// The dialog and overlay frames with every feature's entries. Each is fetched, with Radix and the
// entries' code, when the first dialog or overlay opens; most visits never load them.
import { lazy } from 'react';

export const AppDialogFrame = lazy(async () => {
  const [{ DialogFrame }, { dialogEntries }] = await Promise.all([
    import('../features/dialogs/dialog-frame.js'),
    import('./modal-entries.js'),
  ]);
  return { default: () => <DialogFrame entries={dialogEntries} /> };
});

export const AppOverlayFrame = lazy(async () => {
  const [{ OverlayFrame }, { overlayEntries }] = await Promise.all([
    import('../features/overlays/overlay-frame.js'),
    import('./modal-entries.js'),
  ]);
  return { default: () => <OverlayFrame entries={overlayEntries} /> };
});
