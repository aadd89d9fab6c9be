// Where the active dialog appears. Most visits never open one, so the frame (Radix Dialog and
// every registered dialog) is fetched when the first dialog opens.
import { lazy } from 'react';
import { useDialogs } from './dialog-store.js';
import { MountOnceOpened } from './mount-once-opened.js';

const DialogFrame = lazy(async () => ({ default: (await import('./dialog-frame.js')).DialogFrame }));

export function DialogHost() {
  return (
    <MountOnceOpened isOpen={useDialogs().active !== null}>
      <DialogFrame />
    </MountOnceOpened>
  );
}
