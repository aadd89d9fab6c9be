// Code loaded on demand inside a screen (the draft's field editor) and shown as soon as it
// arrives. React.lazy under a Suspense boundary would do the loading, but React holds back a
// boundary's content until 300 ms after its fallback appeared (to avoid flicker), so an editor
// whose chunk came in 50 ms still waited 300 ms (ADR 049). Here the placeholder is ordinary state:
// the editor shows the moment its code is in. Whole screens load through the router's route
// `lazy` instead (app/route-objects.tsx, ADR 103).
import { useEffect, useState } from 'react';

export interface OnDemand<T> {
  /** starts loading (once; again after a failure) and resolves with the module */
  load(): Promise<T>;
  /** the module once loaded, else undefined */
  current(): T | undefined;
}

export function onDemand<T>(load: () => Promise<T>): OnDemand<T> {
  let value: T | undefined;
  let pending: Promise<T> | undefined;
  return {
    load: () =>
      (pending ??= load().then(
        (loaded) => (value = loaded),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      )),
    current: () => value,
  };
}

/**
 * Re-renders the caller once `start` has settled while `isReady` is false, and starts it during
 * this render rather than after the next paint. A failure is thrown in render, so the nearest
 * error boundary shows it, as it would a failed lazy component.
 */
export function useReadyWhenLoaded(isReady: boolean, start: () => Promise<unknown>): void {
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const [, setLoads] = useState(0);
  if (failure) throw failure.error;
  if (!isReady) void start().catch(() => undefined);
  useEffect(() => {
    if (isReady) return undefined;
    let isLive = true;
    start().then(
      () => isLive && setLoads((n) => n + 1),
      (error: unknown) => isLive && setFailure({ error }),
    );
    return () => {
      isLive = false;
    };
  }, [isReady, start]);
}
