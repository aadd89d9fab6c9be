import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { OverlayProvider, useOverlays } from './overlay-store.js';

const wrapper = ({ children }: { children: ReactNode }) => <OverlayProvider>{children}</OverlayProvider>;

describe('overlay store (spec 4)', () => {
  it('keeps one overlay active: opening another replaces it, close clears it', () => {
    const { result } = renderHook(() => useOverlays(), { wrapper });
    act(() => void result.current.open({ name: 'signing-in-progress' }));
    act(() => void result.current.open({ name: 'header' }));
    expect(result.current.active).toMatchObject({ name: 'header' });
    act(() => result.current.close());
    expect(result.current.active).toBeNull();
  });

  it('passes the action and its payload to the callback, with loading on meanwhile', async () => {
    const onAction = vi.fn<(action: string, payload?: unknown) => Promise<void>>();
    let finish = () => {};
    onAction.mockImplementation(() => new Promise<void>((resolve) => (finish = resolve)));
    const { result } = renderHook(() => useOverlays(), { wrapper });
    act(() => void result.current.open({ name: 'signing-failure', onAction }));
    let running: Promise<void> = Promise.resolve();
    act(() => void (running = result.current.runAction('retry', { attempt: 2 })));
    expect(onAction).toHaveBeenCalledWith('retry', { attempt: 2 });
    expect(result.current.isLoading).toBe(true);
    await act(async () => {
      finish();
      await running;
    });
    // Any action other than 'complete' leaves the overlay open.
    expect(result.current.active).toMatchObject({ name: 'signing-failure' });
    expect(result.current.isLoading).toBe(false);
  });

  it("closes on the action 'complete' once the callback has finished", async () => {
    const { result } = renderHook(() => useOverlays(), { wrapper });
    act(() => void result.current.open({ name: 'header', onAction: () => undefined }));
    await act(() => result.current.runAction('complete'));
    expect(result.current.active).toBeNull();
  });

  it('stays open with the error and loading off when the callback throws', async () => {
    const failure = new Error('refused');
    const { result } = renderHook(() => useOverlays(), { wrapper });
    act(() => void result.current.open({ name: 'tan-invalid', onAction: () => Promise.reject(failure) }));
    await act(() => result.current.runAction('complete'));
    expect(result.current.active).toMatchObject({ name: 'tan-invalid' });
    expect(result.current.actionError).toBe(failure);
    expect(result.current.isLoading).toBe(false);
  });

  it('leaves an overlay opened by the callback in place', async () => {
    const { result } = renderHook(() => useOverlays(), { wrapper });
    act(() => {
      result.current.open({
        name: 'signing-in-progress',
        onAction: () => void result.current.open({ name: 'header' }),
      });
    });
    await act(() => result.current.runAction('complete'));
    expect(result.current.active).toMatchObject({ name: 'header' });
  });
});
