// Spec 2: "disabled cookies go to /cookiesblocked". The session token and preferences live in
// browser storage, so the app checks once at start whether the browser keeps what it is given:
// `navigator.cookieEnabled`, a write to localStorage (which throws when a browser blocks site
// data), and a first-party cookie that must read back.
export interface CookieProbeEnvironment {
  navigator?: { cookieEnabled?: boolean } | undefined;
  /** Reaching localStorage may itself throw (blocked site data), so it is read lazily. */
  localStorage: () => Storage;
  document?: { cookie: string } | undefined;
}

const probeKey = 'countersign.probe';

export function probeCookiesEnabled(env: CookieProbeEnvironment): boolean {
  if (env.navigator?.cookieEnabled === false) return false;
  try {
    const storage = env.localStorage();
    storage.setItem(probeKey, '1');
    storage.removeItem(probeKey);
  } catch {
    return false;
  }
  if (env.document) {
    try {
      env.document.cookie = `${probeKey}=1; SameSite=Strict; path=/`;
      const isKept = env.document.cookie.includes(`${probeKey}=1`);
      env.document.cookie = `${probeKey}=; Max-Age=0; SameSite=Strict; path=/`;
      if (!isKept) return false;
    } catch {
      return false;
    }
  }
  return true;
}

/** The browser's own environment. */
export function browserCookieProbe(): CookieProbeEnvironment {
  return { navigator, localStorage: () => window.localStorage, document };
}

/** Storage kept in memory, for a browser that refuses site data: the app still starts and explains. */
export function createMemoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}
