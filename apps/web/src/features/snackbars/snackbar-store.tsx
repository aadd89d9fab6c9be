// Short messages at the bottom of the screen (spec 3 "Snackbar", spec 4 and 9). A snackbar closes
// after 3000 ms unless told otherwise; duration -1 (or `indefinite`) never closes it. Hovering or
// focusing it pauses the timer, which then resumes with the time that was left. It closes on its
// dismiss button (dismissible unless told otherwise), on a sideways swipe of more than 50 px, and
// after its action button has run the action. Errors are announced assertively (role alert), the
// rest politely (role status), from live regions that exist before any message arrives.
import { SNACKBAR_DEFAULT_MS, SNACKBAR_NEVER_CLOSE, SWIPE_DISMISS_PX } from '@countersign/domain';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { PointerEvent as ReactPointerEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type SnackbarColor = 'info' | 'success' | 'error' | 'warning';

export interface SnackbarAction {
  text: string;
  handler: () => void;
}

export interface SnackbarRequest {
  message: string;
  color?: SnackbarColor;
  /** Milliseconds until it closes by itself; -1 keeps it until dismissed. */
  duration?: number;
  /** Same as duration -1. */
  indefinite?: boolean;
  dismissible?: boolean;
  action?: SnackbarAction;
}

interface Snackbar {
  id: number;
  message: string;
  color: SnackbarColor;
  duration: number;
  dismissible: boolean;
  action: SnackbarAction | undefined;
}

interface SnackbarState {
  show(request: SnackbarRequest): number;
  dismiss(id: number): void;
}

const SnackbarContext = createContext<SnackbarState | null>(null);

const colorClasses: Record<SnackbarColor, string> = {
  info: 'bg-ink text-white',
  success: 'bg-success-dark text-white',
  error: 'bg-error text-white',
  warning: 'bg-warning text-ink',
};

/** Counts down while not paused, keeping what is left across pauses. */
function useCountdown(duration: number, isPaused: boolean, onDone: () => void): void {
  const remaining = useRef(duration);
  useEffect(() => {
    if (duration < 0 || isPaused) return; // -1 (SNACKBAR_NEVER_CLOSE) never closes
    const startedAt = Date.now();
    const timer = setTimeout(onDone, Math.max(0, remaining.current));
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - startedAt;
    };
  }, [duration, isPaused, onDone]);
}

/** Horizontal pointer drag; calls `onSwipe` when released beyond the spec's 50 px. */
function useSwipe(onSwipe: () => void) {
  const startX = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);
  const end = (event: ReactPointerEvent) => {
    if (startX.current === null) return;
    const distance = event.clientX - startX.current;
    startX.current = null;
    setOffset(0);
    if (Math.abs(distance) > SWIPE_DISMISS_PX) onSwipe();
  };
  return {
    offset,
    handlers: {
      onPointerDown: (event: ReactPointerEvent) => {
        startX.current = event.clientX;
      },
      onPointerMove: (event: ReactPointerEvent) => {
        if (startX.current !== null) setOffset(event.clientX - startX.current);
      },
      onPointerUp: end,
      onPointerCancel: () => {
        startX.current = null;
        setOffset(0);
      },
    },
  };
}

function SnackbarItem({ snackbar, onClose }: { snackbar: Snackbar; onClose: (id: number) => void }) {
  const { t } = useTranslation();
  const [isHovered, setHovered] = useState(false);
  const [hasFocus, setFocus] = useState(false);
  const { id } = snackbar;
  const close = useCallback(() => onClose(id), [id, onClose]);
  useCountdown(snackbar.duration, isHovered || hasFocus, close);
  const swipe = useSwipe(close);
  return (
    <div
      data-testid="snackbar"
      data-color={snackbar.color}
      className={`pointer-events-auto flex touch-pan-y items-center gap-3 rounded-md px-4 py-3 shadow-lg select-none ${colorClasses[snackbar.color]}`}
      style={swipe.offset ? { transform: `translateX(${swipe.offset}px)`, opacity: 0.6 } : undefined}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocus(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocus(false);
      }}
      {...swipe.handlers}
    >
      <span className="min-w-0 flex-1 break-words">{snackbar.message}</span>
      {snackbar.action && (
        <button
          type="button"
          className="shrink-0 rounded px-2 py-1 font-bold uppercase underline-offset-4 hover:underline"
          onClick={() => {
            snackbar.action?.handler();
            close();
          }}
        >
          {snackbar.action.text}
        </button>
      )}
      {snackbar.dismissible && (
        <button
          type="button"
          className="shrink-0 rounded px-2 py-1 font-bold"
          aria-label={t('app.close')}
          onClick={close}
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
    const id = nextId.current++;
    const item: Snackbar = {
      id,
      message: request.message,
      color: request.color ?? 'info',
      duration: request.indefinite ? SNACKBAR_NEVER_CLOSE : (request.duration ?? SNACKBAR_DEFAULT_MS),
      dismissible: request.dismissible ?? true,
      action: request.action,
    };
    setItems((current) => [...current, item]);
    return id;
  }, []);
  const dismiss = useCallback(
    (id: number) => setItems((current) => current.filter((item) => item.id !== id)),
    [],
  );
  const value = useMemo(() => ({ show, dismiss }), [show, dismiss]);
  const render = (wanted: (item: Snackbar) => boolean) =>
    items.filter(wanted).map((item) => <SnackbarItem key={item.id} snackbar={item} onClose={dismiss} />);
  return (
    <SnackbarContext.Provider value={value}>
      {children}
      <div className="pointer-events-none fixed inset-x-0 bottom-4 z-[var(--z-dialog)] mx-auto flex w-[min(36rem,calc(100vw-2rem))] flex-col gap-2">
        <div role="alert" aria-live="assertive" className="flex flex-col gap-2">
          {render((item) => item.color === 'error')}
        </div>
        <div role="status" aria-live="polite" className="flex flex-col gap-2">
          {render((item) => item.color !== 'error')}
        </div>
      </div>
    </SnackbarContext.Provider>
  );
}

export function useSnackbars(): SnackbarState {
  const state = useContext(SnackbarContext);
  if (!state) throw new Error('useSnackbars needs a SnackbarProvider');
  return state;
}
