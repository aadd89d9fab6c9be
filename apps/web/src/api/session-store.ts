// Keeps the session token from /v1/login in localStorage so a reload stays signed in. The token
// lives 24 hours (spec section 9); an expired one is treated as absent rather than sent.

const tokenKey = 'countersign.session';

interface StoredSession {
  token: string;
  expiresAt: string;
}

export interface SessionStore {
  readToken(): string | null;
  saveToken(token: string, expiresAt: string): void;
  clearToken(): void;
  /** Called whenever the token is saved or cleared, also when the API client ends a session. */
  subscribe(listener: () => void): () => void;
}

/** A session store over any Storage (localStorage in the app, a fresh one in tests). */
export function createSessionStore(storage: Storage, now: () => number = Date.now): SessionStore {
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  return {
    readToken() {
      const raw = storage.getItem(tokenKey);
      if (!raw) return null;
      try {
        const session = JSON.parse(raw) as Partial<StoredSession>;
        if (typeof session.token !== 'string') return null;
        if (typeof session.expiresAt === 'string' && Date.parse(session.expiresAt) <= now()) {
          storage.removeItem(tokenKey);
          return null;
        }
        return session.token;
      } catch {
        storage.removeItem(tokenKey);
        return null;
      }
    },
    saveToken(token, expiresAt) {
      storage.setItem(tokenKey, JSON.stringify({ token, expiresAt } satisfies StoredSession));
      notify();
    },
    clearToken() {
      storage.removeItem(tokenKey);
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
