// Where the active dialog appears. Most visits never open one, so the frame (Radix Dialog and
// every registered dialog), which the app passes in as a lazy component, is fetched when the
// first dialog opens.
import type { ReactNode } from 'react';
import { useDialogs } from './dialog-store.js';
import { MountOnceOpened } from './mount-once-opened.js';

export function DialogHost({ children }: { children: ReactNode }) {
  return <MountOnceOpened isOpen={useDialogs().active !== null}>{children}</MountOnceOpened>;
}
