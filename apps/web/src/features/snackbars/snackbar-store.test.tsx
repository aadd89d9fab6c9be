import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../i18n/i18n.js';
import { allResources } from '../i18n/all-locales.js';
import { SnackbarProvider, useSnackbars } from './snackbar-store.js';
import type { SnackbarRequest } from './snackbar-store.js';

let show: (request: SnackbarRequest) => number = () => 0;
function Grab() {
  show = useSnackbars().show;
  return null;
}

function renderStore() {
  render(
    <I18nextProvider i18n={createI18n('en-gb', allResources)}>
      <SnackbarProvider>
        <Grab />
      </SnackbarProvider>
    </I18nextProvider>,
  );
}

const open = (request: SnackbarRequest) => act(() => void show(request));
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const shown = (text: string) => screen.queryByText(text) !== null;
const bar = (text: string) => screen.getByText(text).closest<HTMLElement>('[data-testid="snackbar"]')!;

beforeEach(() => {
  vi.useFakeTimers();
  renderStore();
});
afterEach(() => vi.useRealTimers());

describe('snackbars', () => {
  it('close by themselves after 3000 ms by default', () => {
    open({ message: 'Saved' });
    advance(2999);
    expect(shown('Saved')).toBe(true);
    advance(1);
    expect(shown('Saved')).toBe(false);
  });

  it('follow their own duration, and never close with -1 or indefinite', () => {
    open({ message: 'Short', duration: 500 });
    open({ message: 'Forever', duration: -1 });
    open({ message: 'Also forever', indefinite: true });
    advance(500);
    expect(shown('Short')).toBe(false);
    advance(10 * 60_000);
    expect(shown('Forever')).toBe(true);
    expect(shown('Also forever')).toBe(true);
  });

  it('pause while hovered and resume with the time that was left', () => {
    open({ message: 'Hover me' });
    advance(2000);
    fireEvent.mouseEnter(bar('Hover me'));
    advance(10_000);
    expect(shown('Hover me')).toBe(true);
    fireEvent.mouseLeave(bar('Hover me'));
    advance(999);
    expect(shown('Hover me')).toBe(true);
    advance(1);
    expect(shown('Hover me')).toBe(false);
  });

  it('pause while a button in them has keyboard focus', () => {
    open({ message: 'Focus me' });
    act(() => screen.getByRole('button', { name: 'Close' }).focus());
    advance(10_000);
    expect(shown('Focus me')).toBe(true);
  });

  it('close on a swipe of more than 50 px, not on a shorter one', () => {
    open({ message: 'Swipe me', duration: -1 });
    const item = bar('Swipe me');
    fireEvent.pointerDown(item, { clientX: 100 });
    fireEvent.pointerMove(item, { clientX: 140 });
    fireEvent.pointerUp(item, { clientX: 150 });
    expect(shown('Swipe me')).toBe(true);
    fireEvent.pointerDown(item, { clientX: 100 });
    fireEvent.pointerMove(item, { clientX: 40 });
    fireEvent.pointerUp(item, { clientX: 49 });
    expect(shown('Swipe me')).toBe(false);
  });

  it('close on the dismiss button, which is there unless dismissible is false', () => {
    open({ message: 'Dismiss me', duration: -1 });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(shown('Dismiss me')).toBe(false);
    open({ message: 'Stuck', duration: -1, dismissible: false });
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('run the action and close on the action button', () => {
    const handler = vi.fn();
    open({ message: 'Deleted', duration: -1, action: { text: 'Undo', handler } });
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(handler).toHaveBeenCalledOnce();
    expect(shown('Deleted')).toBe(false);
  });

  it('announce errors as alerts and the rest as status, in their colour', () => {
    open({ message: 'Failed', color: 'error' });
    open({ message: 'Done', color: 'success' });
    open({ message: 'Careful', color: 'warning' });
    expect(screen.getByText('Failed').closest('[role]')?.getAttribute('role')).toBe('alert');
    expect(screen.getByText('Done').closest('[role]')?.getAttribute('role')).toBe('status');
    expect(bar('Failed').className).toContain('bg-error');
    expect(bar('Done').className).toContain('bg-success-dark');
    expect(bar('Careful').getAttribute('data-color')).toBe('warning');
  });
});
