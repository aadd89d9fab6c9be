// The Part 11 dialog and overlay: their props in the typed maps, and their components.
import type { Part11Status } from '@countersign/contract';
import type { DialogEntries } from '../dialogs/dialog-store.js';
import type { OverlayEntries } from '../overlays/overlay-store.js';
import type { Part11Input } from './part11-input.js';
import { Part11InfoDialog } from './part11-info-dialog.js';
import { Part11VerificationOverlay } from './part11-verification-overlay.js';

interface Part11DialogProps {
  'default/part11-info': undefined;
}

interface Part11OverlayProps {
  'part11-verification': {
    requestId: string;
    status: Part11Status | undefined;
    /** what the signer typed before a failed attempt, shown again */
    previous: Partial<Part11Input> | undefined;
    error: unknown;
  };
}

declare module '../dialogs/dialog-store.js' {
  interface DialogPropsMap extends Part11DialogProps {}
}

declare module '../overlays/overlay-store.js' {
  interface OverlayPropsMap extends Part11OverlayProps {}
}

export const part11Dialogs: DialogEntries<keyof Part11DialogProps> = {
  'default/part11-info': { Component: Part11InfoDialog },
};

export const part11Overlays: OverlayEntries<keyof Part11OverlayProps> = {
  'part11-verification': Part11VerificationOverlay,
};
