// Short messages at the bottom of the screen (spec 3 "Snackbar", spec 4 and 9): 3000 ms by
// default, -1 never closes; hovering pauses the timer; dismissible unless told otherwise.
import { SNACKBAR_DEFAULT_MS } from '@countersign/domain';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface SnackbarRequest {
  message: string;
  color?: 'info' | 'success' | 'error' | 'warning';
  duration?: number;
  dismissible?: boolean;
}

interface Snackbar extends Required<SnackbarRequest> {
  id: number;
}

interface SnackbarState {
  show(request: SnackbarRequest): void;
}

const SnackbarContext = createContext<SnackbarState | null>(null);

const colorClasses: Record<Snackbar['color'], string> = {
  info: 'bg-ink text-white',
  success: 'bg-success-dark text-white',
  error: 'bg-error text-white',
  warning: 'bg-warning text-ink',
};

function SnackbarItem({ snackbar, onClose }: { snackbar: Snackbar; onClose: (id: number) => void }) {
  const { t } = useTranslation();
  const [isPaused, setPaused] = useState(false);
  const { id, duration } = snackbar;
  useEffect(() => {
    if (duration < 0 || isPaused) return;
    const timer = setTimeout(() => onClose(id), duration);
    return () => clearTimeout(timer);
  }, [id, duration, isPaused, onClose]);
  return (
    <div
      className={`flex items-center gap-3 rounded-md px-4 py-3 shadow-lg ${colorClasses[snackbar.color]}`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
    >
      <span>{snackbar.message}</span>
      {snackbar.dismissible && (
        <button
          type="button"
          className="ml-auto font-bold"
          aria-label={t('app.close')}
          onClick={() => onClose(id)}
        >
          ×
        </button>
      )}
    </div>
  );
}

export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<Snackbar[]>([]);
  const nextId = useRef(1);
  const show = useCallback((request: SnackbarRequest) => {
    const item: Snackbar = {
      color: 'info',
      duration: SNACKBAR_DEFAULT_MS,
      dismissible: true,
      ...request,
      id: nextId.current++,
    };
    setItems((current) => [...current, item]);
  }, []);
  const remove = useCallback(
    (id: number) => setItems((current) => current.filter((item) => item.id !== id)),
    [],
  );
  const value = useMemo(() => ({ show }), [show]);
  return (
    <SnackbarContext.Provider value={value}>
      {children}
      <div
        role="status"
        aria-live="polite"
        className="fixed bottom-4 left-1/2 z-[var(--z-dialog)] flex -translate-x-1/2 flex-col gap-2"
      >
        {items.map((item) => (
          <SnackbarItem key={item.id} snackbar={item} onClose={remove} />
        ))}
      </div>
    </SnackbarContext.Provider>
  );
}

export function useSnackbars(): SnackbarState {
  const state = useContext(SnackbarContext);
  if (!state) throw new Error('useSnackbars needs a SnackbarProvider');
  return state;
}
