// The touch gestures of spec 9: a swipe (at least 50 px, at 0.5 px/ms or faster, within 250 ms),
// a tap (moving at most 3 px, let go before a hold) and a hold (180 ms pressed without moving
// more than 3 px). `classifyGesture` judges a finished press; `useGestures` gives the pointer
// handlers that report each gesture, the hold while the finger is still down.
import { GESTURE } from '@countersign/domain';
import { useEffect, useRef } from 'react';
import type { PointerEvent } from 'react';

export type SwipeDirection = 'left' | 'right' | 'up' | 'down';
export type Gesture = { kind: 'tap' } | { kind: 'hold' } | { kind: 'swipe'; direction: SwipeDirection };

export interface Press {
  dx: number;
  dy: number;
  durationMs: number;
}

/** What a finished press was, or null for a slow drag that is none of them. */
export function classifyGesture({ dx, dy, durationMs }: Press): Gesture | null {
  const distance = Math.hypot(dx, dy);
  if (distance <= GESTURE.tapSlopPx) return durationMs < GESTURE.holdMs ? { kind: 'tap' } : { kind: 'hold' };
  const velocity = distance / Math.max(durationMs, 1);
  const isSwipe =
    distance >= GESTURE.swipeDistancePx &&
    durationMs <= GESTURE.swipeDurationMs &&
    velocity >= GESTURE.swipeVelocityPxPerMs;
  if (!isSwipe) return null;
  if (Math.abs(dx) >= Math.abs(dy)) return { kind: 'swipe', direction: dx < 0 ? 'left' : 'right' };
  return { kind: 'swipe', direction: dy < 0 ? 'up' : 'down' };
}

interface Start {
  x: number;
  y: number;
  at: number;
  isHeld: boolean;
}

/** Pointer handlers reporting each gesture once: a hold when it happens, a tap or swipe on release. */
export function useGestures(onGesture: (gesture: Gesture) => void) {
  const start = useRef<Start | null>(null);
  const holdTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const report = useRef(onGesture);
  report.current = onGesture;
  useEffect(() => () => clearTimeout(holdTimer.current), []);
  const cancelHold = () => clearTimeout(holdTimer.current);
  return {
    onPointerDown(event: PointerEvent) {
      start.current = { x: event.clientX, y: event.clientY, at: event.timeStamp, isHeld: false };
      cancelHold();
      holdTimer.current = setTimeout(() => {
        if (!start.current) return;
        start.current.isHeld = true;
        report.current({ kind: 'hold' });
      }, GESTURE.holdMs);
    },
    onPointerMove(event: PointerEvent) {
      const from = start.current;
      if (from && Math.hypot(event.clientX - from.x, event.clientY - from.y) > GESTURE.tapSlopPx)
        cancelHold();
    },
    onPointerUp(event: PointerEvent) {
      const from = start.current;
      start.current = null;
      cancelHold();
      if (!from || from.isHeld) return;
      const gesture = classifyGesture({
        dx: event.clientX - from.x,
        dy: event.clientY - from.y,
        durationMs: event.timeStamp - from.at,
      });
      // a still press that outlived the hold time was reported as a hold already
      if (gesture && gesture.kind !== 'hold') report.current(gesture);
    },
    onPointerCancel() {
      start.current = null;
      cancelHold();
    },
  };
}
