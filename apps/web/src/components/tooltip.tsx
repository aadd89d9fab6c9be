// A short explanation shown on hover or keyboard focus after the tooltip open delay of spec 9
// (150 ms), so a pointer passing over does not flash it; it goes at once when the pointer or the
// focus leaves. `useTooltip` gives the trigger's handlers and whether the bubble shows.
import { TOOLTIP_OPEN_DELAY_MS } from '@countersign/domain';
import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';

export function useTooltip() {
  const [isOpen, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const id = useId();
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(true), TOOLTIP_OPEN_DELAY_MS);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setOpen(false);
  };
  return {
    isOpen,
    id,
    triggerProps: {
      onPointerEnter: show,
      onPointerLeave: hide,
      onFocus: show,
      onBlur: hide,
      'aria-describedby': isOpen ? id : undefined,
    },
  };
}

export function TooltipBubble({ id, children }: { id: string; children: ReactNode }) {
  return (
    <span
      role="tooltip"
      id={id}
      className="absolute bottom-full left-1/2 z-20 mb-1 w-max max-w-60 -translate-x-1/2 rounded bg-ink px-2 py-1 text-xs text-white"
    >
      {children}
    </span>
  );
}
