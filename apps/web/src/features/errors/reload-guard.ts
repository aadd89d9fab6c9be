// After a new version is deployed, a tab opened before it asks for code chunks that no longer
// exist; Vite reports that as the window event `vite:preloadError`. Reloading fetches the new
// version, but a chunk that is missing for another reason would reload the page forever, so a
// reload is made at most once within the reload guard window of spec 9 (10 s): a second failure
// inside it goes on to the error page instead.
import { RELOAD_GUARD_WINDOW_MS } from '@countersign/domain';

export const RELOAD_GUARD_KEY = 'countersign.reload-guard';

/** Whether to reload now; notes the reload, so another one within the window is refused. */
export function mayReload(storage: Storage, now: number): boolean {
  const last = Number(storage.getItem(RELOAD_GUARD_KEY));
  if (Number.isFinite(last) && last > 0 && now - last < RELOAD_GUARD_WINDOW_MS) return false;
  storage.setItem(RELOAD_GUARD_KEY, String(now));
  return true;
}

export function reloadOnStaleCode(
  target: Pick<Window, 'addEventListener'>,
  storage: Storage,
  reload: () => void,
  now: () => number = Date.now,
): void {
  target.addEventListener('vite:preloadError', (event) => {
    if (!mayReload(storage, now())) return;
    // handled: Vite does not throw the import's error, the page reloads instead
    event.preventDefault();
    reload();
  });
}
