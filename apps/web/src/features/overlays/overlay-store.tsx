// Full-screen overlays (spec 2 "Full-screen overlays", spec 4 "Overlay"): one at a time, by
// name. Unlike a dialog, an overlay's callback receives two arguments, the action and its
// payload; only the action 'complete' closes it, and a callback that throws stops the loading
// state and leaves it open. Closing clears it. The host blocks page scroll while one is active.
//
// Which overlays exist, and the props each takes, is `OverlayPropsMap`: empty here, each feature
// adds its overlays by declaration merging beside their components:
//
//     declare module '../overlays/overlay-store.js' {
//       interface OverlayPropsMap { 'delete-user': { adminOf?: string } }
//     }
//
// so `open({ name: 'delete-user', props })` is type-checked and the component gets typed props.
import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import { useSingleActive } from '../dialogs/single-active.js';

/** The props of every overlay by name; `undefined` for an overlay that takes none. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface OverlayPropsMap {}

export type OverlayName = keyof OverlayPropsMap & string;

export type OverlayCallback = (action: string, payload?: unknown) => Promise<void> | void;

type PropsField<P> = undefined extends P ? { props?: P } : { props: P };

/** A request to open overlay `N` (any overlay when `N` is left out). */
export type OverlayRequest<N extends OverlayName = OverlayName> = N extends OverlayName
  ? { name: N; onAction?: OverlayCallback } & PropsField<OverlayPropsMap[N]>
  : never;

export type OverlayRecord<N extends OverlayName = OverlayName> = N extends OverlayName
  ? OverlayRequest<N> & { id: number }
  : never;

/** A function component, so one that takes the records of several overlays fits each of them. */
export type OverlayComponent<N extends OverlayName> = (props: { record: OverlayRecord<N> }) => ReactNode;

/** Components for some overlays, as a feature hands them to the app. */
export type OverlayEntries<N extends OverlayName> = { [Name in N]: OverlayComponent<Name> };

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
