// The state both dialogs and overlays share (spec 4): at most one record active, opening one
// replaces the other, close clears it; an action runs with loading on, a failure keeps the
// record open with its error and loading off. What differs is how the callback is called and
// when a finished action closes the record, which each store passes in.
import { useCallback, useMemo, useRef, useState } from 'react';

export interface SingleActiveState<Rec, Args extends unknown[]> {
  active: Rec | null;
  isLoading: boolean;
  actionError: unknown;
  open(request: Omit<Rec, 'id'>): number;
  runAction(...args: Args): Promise<void>;
  close(): void;
}

export function useSingleActive<Rec extends { id: number }, Args extends unknown[]>(
  invoke: (record: Rec, ...args: Args) => Promise<void> | void,
  closesAfter: (...args: Args) => boolean,
): SingleActiveState<Rec, Args> {
  const [active, setActive] = useState<Rec | null>(null);
  const [isLoading, setLoading] = useState(false);
  const [actionError, setActionError] = useState<unknown>(null);
  const activeRef = useRef<Rec | null>(null);
  const nextId = useRef(1);
  const rules = useRef({ invoke, closesAfter });
  rules.current = { invoke, closesAfter };

  const show = useCallback((record: Rec | null) => {
    activeRef.current = record;
    setActive(record);
    setActionError(null);
    setLoading(false);
  }, []);

  const open = useCallback(
    (request: Omit<Rec, 'id'>) => {
      const id = nextId.current++;
      show({ ...request, id } as Rec);
      return id;
    },
    [show],
  );

  const close = useCallback(() => show(null), [show]);

  const runAction = useCallback(
    async (...args: Args) => {
      const record = activeRef.current;
      if (!record) return;
      setLoading(true);
      setActionError(null);
      try {
        await rules.current.invoke(record, ...args);
      } catch (error) {
        if (activeRef.current?.id === record.id) {
          setActionError(error);
          setLoading(false);
        }
        return;
      }
      // A record opened by the callback stays; the same one closes if the store's rule says so.
      if (activeRef.current?.id !== record.id) return;
      if (rules.current.closesAfter(...args)) show(null);
      else setLoading(false);
    },
    [show],
  );

  return useMemo(
    () => ({ active, isLoading, actionError, open, runAction, close }),
    [active, isLoading, actionError, open, runAction, close],
  );
}
