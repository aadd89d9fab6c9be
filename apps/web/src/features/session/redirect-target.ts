// Where to return after login (spec 2: visitors failing access "have the target stored and go to
// /login"). Kept per tab in sessionStorage; only same-origin paths are accepted so a crafted
// link cannot turn the login page into an open redirect.

const targetKey = 'countersign.redirect-target';

export interface RedirectTargetStore {
  save(path: string): void;
  /** Reads and forgets the stored target. */
  take(): string | null;
}

// Returning to the login or logout page after logging in would undo the login.
const pointlessTargets = ['/login', '/logout'];

export function isSafeRedirectPath(path: string): boolean {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  return (
    path.startsWith('/') &&
    !path.startsWith('//') &&
    !path.startsWith('/\\') &&
    !pointlessTargets.includes(pathname)
  );
}

export function createRedirectTargetStore(storage: Storage): RedirectTargetStore {
  return {
    save(path) {
      if (isSafeRedirectPath(path)) storage.setItem(targetKey, path);
    },
    take() {
      const path = storage.getItem(targetKey);
      storage.removeItem(targetKey);
      return path && isSafeRedirectPath(path) ? path : null;
    },
  };
}
