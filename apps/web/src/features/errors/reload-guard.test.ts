// Spec 9's reload guard window: code that failed to load reloads the page once per 10 s.
import { RELOAD_GUARD_WINDOW_MS } from '@countersign/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadOnStaleCode } from './reload-guard.js';

beforeEach(() => {
  sessionStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

/** A page load: its own window events, the tab's storage. */
function loadPage(reload: () => void) {
  const target = new EventTarget();
  reloadOnStaleCode(target as unknown as Window, sessionStorage, reload);
  return () => {
    const event = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(event);
    return event;
  };
}

describe('reload guard', () => {
  it('reloads once for stale code, not again within 10 s, and again after', () => {
    const reload = vi.fn();
    const failedChunk = loadPage(reload);
    expect(failedChunk().defaultPrevented).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(RELOAD_GUARD_WINDOW_MS - 1);
    // not handled: the import's error goes on to the error page
    expect(failedChunk().defaultPrevented).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(1);
    failedChunk();
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('remembers the reload across the page load it caused', () => {
    const reload = vi.fn();
    loadPage(reload)();
    vi.advanceTimersByTime(2000);
    // the reloaded page fails the same way: no second reload, no loop
    expect(loadPage(reload)().defaultPrevented).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
