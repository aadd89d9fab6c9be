// Full-screen overlays (spec 2 "Full-screen overlays", spec 4 "Overlay"): one at a time, by
// name. Unlike a dialog, an overlay's callback receives two arguments, the action and its
// payload; only the action 'complete' closes it, and a callback that throws stops the loading
// state and leaves it open. Closing clears it. The host blocks page scroll while one is active.
import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import { useSingleActive } from '../dialogs/single-active.js';

export type OverlayCallback = (action: string, payload?: unknown) => Promise<void> | void;

export interface OverlayRequest {
  name: string;
  props?: Record<string, unknown>;
  onAction?: OverlayCallback;
}

export interface OverlayRecord extends OverlayRequest {
  id: number;
}

export const OVERLAY_COMPLETE = 'complete';

export interface OverlayState {
  active: OverlayRecord | null;
  isLoading: boolean;
  actionError: unknown;
  open(request: OverlayRequest): number;
  runAction(action: string, payload?: unknown): Promise<void>;
  close(): void;
}

const OverlayContext = createContext<OverlayState | null>(null);

const invokeOverlay = (record: OverlayRecord, action: string, payload?: unknown) =>
  record.onAction?.(action, payload);
const overlayClosesAfter = (action: string) => action === OVERLAY_COMPLETE;

export function OverlayProvider({ children }: { children: ReactNode }) {
  const value: OverlayState = useSingleActive<OverlayRecord, [action: string, payload?: unknown]>(
    invokeOverlay,
    overlayClosesAfter,
  );
  return <OverlayContext.Provider value={value}>{children}</OverlayContext.Provider>;
}

export function useOverlays(): OverlayState {
  const state = useContext(OverlayContext);
  if (!state) throw new Error('useOverlays needs an OverlayProvider');
  return state;
}
