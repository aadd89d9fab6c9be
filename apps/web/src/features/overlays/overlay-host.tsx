// Where the active full-screen overlay appears. The frame (Radix Dialog and the registered
// overlays) is fetched when the first overlay opens; pages that never show one do not load it.
import { lazy } from 'react';
import { MountOnceOpened } from '../dialogs/mount-once-opened.js';
import { useOverlays } from './overlay-store.js';

const OverlayFrame = lazy(async () => ({ default: (await import('./overlay-frame.js')).OverlayFrame }));

export function OverlayHost() {
  return (
    <MountOnceOpened isOpen={useOverlays().active !== null}>
      <OverlayFrame />
    </MountOnceOpened>
  );
}
