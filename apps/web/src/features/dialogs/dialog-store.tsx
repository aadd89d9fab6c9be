// One dialog at a time, addressed by namespace and name (spec 2, "Dialogs"; spec 4, "Dialog"):
// opening one replaces the active one; its action runs with loading on and closes the dialog if
// it is still the active one afterwards; a failing action keeps it open with the error.
import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import { useSingleActive } from './single-active.js';

export interface DialogRequest {
  namespace: string;
  name: string;
  props?: Record<string, unknown>;
  onAction?: (payload?: unknown) => Promise<void> | void;
}

export interface DialogRecord extends DialogRequest {
  id: number;
}

export interface DialogState {
  active: DialogRecord | null;
  isLoading: boolean;
  actionError: unknown;
  open(request: DialogRequest): number;
  runAction(payload?: unknown): Promise<void>;
  close(): void;
}

const DialogContext = createContext<DialogState | null>(null);

const invokeDialog = (record: DialogRecord, payload?: unknown) => record.onAction?.(payload);
const dialogClosesAfter = () => true;

export function DialogProvider({ children }: { children: ReactNode }) {
  const value: DialogState = useSingleActive<DialogRecord, [payload?: unknown]>(
    invokeDialog,
    dialogClosesAfter,
  );
  return <DialogContext.Provider value={value}>{children}</DialogContext.Provider>;
}

export function useDialogs(): DialogState {
  const state = useContext(DialogContext);
  if (!state) throw new Error('useDialogs needs a DialogProvider');
  return state;
}
