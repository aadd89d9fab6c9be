import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { DialogProvider, useDialogs } from './dialog-store.js';

const wrapper = ({ children }: { children: ReactNode }) => <DialogProvider>{children}</DialogProvider>;

describe('dialog store', () => {
  it('keeps one dialog active: opening another replaces it, close clears it', () => {
    const { result } = renderHook(() => useDialogs(), { wrapper });
    act(() => void result.current.open({ namespace: 'default', name: 'accept-terms' }));
    act(() => void result.current.open({ namespace: 'profile', name: 'delete-account' }));
    expect(result.current.active).toMatchObject({ namespace: 'profile', name: 'delete-account' });
    act(() => result.current.close());
    expect(result.current.active).toBeNull();
  });

  it('runs the action with loading on and closes the dialog if it is still the active one', async () => {
    let finish = () => {};
    const { result } = renderHook(() => useDialogs(), { wrapper });
    act(() => {
      result.current.open({
        namespace: 'default',
        name: 'accept-terms',
        onAction: () => new Promise<void>((resolve) => (finish = resolve)),
      });
    });
    let running: Promise<void> = Promise.resolve();
    act(() => void (running = result.current.runAction()));
    expect(result.current.isLoading).toBe(true);
    await act(async () => {
      finish();
      await running;
    });
    expect(result.current.active).toBeNull();
    expect(result.current.isLoading).toBe(false);
  });

  it('leaves a dialog opened by the action in place', async () => {
    const { result } = renderHook(() => useDialogs(), { wrapper });
    act(() => {
      result.current.open({
        namespace: 'default',
        name: 'leave-page',
        onAction: () => void result.current.open({ namespace: 'default', name: 'delete-documents' }),
      });
    });
    await act(() => result.current.runAction());
    expect(result.current.active).toMatchObject({ name: 'delete-documents' });
  });

  it('keeps the dialog open with the error when the action fails', async () => {
    const failure = new Error('refused');
    const { result } = renderHook(() => useDialogs(), { wrapper });
    act(() => {
      result.current.open({
        namespace: 'default',
        name: 'accept-terms',
        onAction: () => Promise.reject(failure),
      });
    });
    await act(() => result.current.runAction());
    expect(result.current.active).toMatchObject({ name: 'accept-terms' });
    expect(result.current.actionError).toBe(failure);
    expect(result.current.isLoading).toBe(false);
  });
});
