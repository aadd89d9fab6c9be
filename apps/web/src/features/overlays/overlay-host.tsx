// Where the active full-screen overlay appears. The frame (Radix Dialog and the registered
// overlays), which the app passes in as a lazy component, is fetched when the first overlay
// opens; pages that never show one do not load it.
import type { ReactNode } from 'react';
import { MountOnceOpened } from '../dialogs/mount-once-opened.js';
import { useOverlays } from './overlay-store.js';

export function OverlayHost({ children }: { children: ReactNode }) {
  return <MountOnceOpened isOpen={useOverlays().active !== null}>{children}</MountOnceOpened>;
}
