// One dialog at a time, addressed by namespace and name (spec 2, "Dialogs"; spec 4, "Dialog"):
// opening one replaces the active one; its action runs with loading on and closes the dialog if
// it is still the active one afterwards; a failing action keeps it open with the error.
import { createContext, useCallback, useContext, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';

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

export function DialogProvider({ children }: { children: ReactNode }) {
  const [active, setActive] = useState<DialogRecord | null>(null);
  const [isLoading, setLoading] = useState(false);
  const [actionError, setActionError] = useState<unknown>(null);
  const activeRef = useRef<DialogRecord | null>(null);
  const nextId = useRef(1);

  const show = useCallback((record: DialogRecord | null) => {
    activeRef.current = record;
    setActive(record);
    setActionError(null);
    setLoading(false);
  }, []);

  const open = useCallback(
    (request: DialogRequest) => {
      const id = nextId.current++;
      show({ ...request, id });
      return id;
    },
    [show],
  );

  const close = useCallback(() => show(null), [show]);

  const runAction = useCallback(
    async (payload?: unknown) => {
      const record = activeRef.current;
      if (!record) return;
      setLoading(true);
      setActionError(null);
      try {
        await record.onAction?.(payload);
      } catch (error) {
        if (activeRef.current?.id === record.id) {
          setActionError(error);
          setLoading(false);
        }
        return;
      }
      if (activeRef.current?.id === record.id) show(null);
    },
    [show],
  );

  const value = useMemo<DialogState>(
    () => ({ active, isLoading, actionError, open, runAction, close }),
    [active, isLoading, actionError, open, runAction, close],
  );
  return <DialogContext.Provider value={value}>{children}</DialogContext.Provider>;
}

export function useDialogs(): DialogState {
  const state = useContext(DialogContext);
  if (!state) throw new Error('useDialogs needs a DialogProvider');
  return state;
}
