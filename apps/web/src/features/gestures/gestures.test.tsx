// Spec 9's gesture constants: swipe velocity 0.5, distance 50, duration 250 ms, tap 3 px, hold 180 ms.
import { GESTURE } from '@countersign/domain';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { classifyGesture, useGestures } from './gestures.js';
import type { Gesture } from './gestures.js';

afterEach(() => vi.useRealTimers());

describe('classifyGesture', () => {
  it('tells a tap from a hold by the hold time, within 3 px', () => {
    expect(classifyGesture({ dx: 3, dy: 0, durationMs: 100 })).toEqual({ kind: 'tap' });
    expect(classifyGesture({ dx: 0, dy: 0, durationMs: GESTURE.holdMs - 1 })).toEqual({ kind: 'tap' });
    expect(classifyGesture({ dx: 0, dy: 2, durationMs: GESTURE.holdMs })).toEqual({ kind: 'hold' });
    // 4 px is a movement: neither a tap nor a swipe
    expect(classifyGesture({ dx: 4, dy: 0, durationMs: 100 })).toBeNull();
  });

  it('takes a swipe of 50 px or more, within 250 ms, at 0.5 px/ms or faster', () => {
    expect(classifyGesture({ dx: -50, dy: 0, durationMs: 100 })).toEqual({
      kind: 'swipe',
      direction: 'left',
    });
    expect(classifyGesture({ dx: 120, dy: 10, durationMs: 240 })).toEqual({
      kind: 'swipe',
      direction: 'right',
    });
    expect(classifyGesture({ dx: 5, dy: -80, durationMs: 150 })).toEqual({ kind: 'swipe', direction: 'up' });
    expect(classifyGesture({ dx: -49, dy: 0, durationMs: 50 })).toBeNull();
    // far enough and quick enough overall, but too slow: 130 px in 260 ms
    expect(classifyGesture({ dx: 130, dy: 0, durationMs: 260 })).toBeNull();
    // 60 px in 200 ms is 0.3 px/ms: a drag, not a swipe
    expect(classifyGesture({ dx: 60, dy: 0, durationMs: 200 })).toBeNull();
  });
});

function Pad({ onGesture }: { onGesture: (g: Gesture) => void }) {
  return <div data-testid="pad" {...useGestures(onGesture)} />;
}

describe('useGestures', () => {
  it('reports a hold after 180 ms of a still press, and no tap on release', () => {
    vi.useFakeTimers();
    const onGesture = vi.fn();
    render(<Pad onGesture={onGesture} />);
    fireEvent.pointerDown(screen.getByTestId('pad'), { clientX: 10, clientY: 10 });
    act(() => void vi.advanceTimersByTime(GESTURE.holdMs - 1));
    expect(onGesture).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(onGesture).toHaveBeenCalledWith({ kind: 'hold' });
    fireEvent.pointerUp(screen.getByTestId('pad'), { clientX: 10, clientY: 10 });
    expect(onGesture).toHaveBeenCalledTimes(1);
  });

  it('reports no hold once the finger moved more than 3 px', () => {
    vi.useFakeTimers();
    const onGesture = vi.fn();
    render(<Pad onGesture={onGesture} />);
    const pad = screen.getByTestId('pad');
    fireEvent.pointerDown(pad, { clientX: 10, clientY: 10 });
    fireEvent.pointerMove(pad, { clientX: 14, clientY: 10 });
    act(() => void vi.advanceTimersByTime(GESTURE.holdMs * 2));
    expect(onGesture).not.toHaveBeenCalled();
  });

  it('reports a quick still press as a tap', () => {
    const onGesture = vi.fn();
    render(<Pad onGesture={onGesture} />);
    const pad = screen.getByTestId('pad');
    fireEvent.pointerDown(pad, { clientX: 10, clientY: 10 });
    fireEvent.pointerUp(pad, { clientX: 11, clientY: 10 });
    expect(onGesture).toHaveBeenCalledWith({ kind: 'tap' });
  });
});
