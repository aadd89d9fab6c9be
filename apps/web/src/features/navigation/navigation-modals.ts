// The menu on small screens, a full-screen overlay: its name in the typed overlay map.
import type { OverlayEntries } from '../overlays/overlay-store.js';
import { HeaderOverlay } from './header-overlay.js';

interface NavigationOverlayProps {
  header: undefined;
}

declare module '../overlays/overlay-store.js' {
  interface OverlayPropsMap extends NavigationOverlayProps {}
}

export const navigationOverlays: OverlayEntries<keyof NavigationOverlayProps> = { header: HeaderOverlay };
