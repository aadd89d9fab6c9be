// Spec 9: tooltips open after 150 ms, and close at once.
import { TOOLTIP_OPEN_DELAY_MS } from '@countersign/domain';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TooltipBubble, useTooltip } from './tooltip.js';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function Explained() {
  const tooltip = useTooltip();
  return (
    <button type="button" {...tooltip.triggerProps}>
      Name
      {tooltip.isOpen && <TooltipBubble id={tooltip.id}>Written by your signature</TooltipBubble>}
    </button>
  );
}

describe('tooltip', () => {
  it('opens 150 ms after the pointer arrives and closes when it leaves', () => {
    render(<Explained />);
    const trigger = screen.getByRole('button', { name: /Name/ });
    fireEvent.pointerEnter(trigger);
    act(() => void vi.advanceTimersByTime(TOOLTIP_OPEN_DELAY_MS - 1));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByRole('tooltip').textContent).toBe('Written by your signature');
    expect(trigger.getAttribute('aria-describedby')).toBe(screen.getByRole('tooltip').id);
    fireEvent.pointerLeave(trigger);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('does not open for a pointer that only passes over', () => {
    render(<Explained />);
    const trigger = screen.getByRole('button', { name: /Name/ });
    fireEvent.pointerEnter(trigger);
    act(() => void vi.advanceTimersByTime(100));
    fireEvent.pointerLeave(trigger);
    act(() => void vi.advanceTimersByTime(TOOLTIP_OPEN_DELAY_MS));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('opens on keyboard focus too', () => {
    render(<Explained />);
    fireEvent.focus(screen.getByRole('button', { name: /Name/ }));
    act(() => void vi.advanceTimersByTime(TOOLTIP_OPEN_DELAY_MS));
    expect(screen.getByRole('tooltip')).toBeTruthy();
  });
});
