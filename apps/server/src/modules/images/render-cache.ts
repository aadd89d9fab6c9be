// The images drawn lately, kept in memory so a logo shown on every signing page is drawn once per
// size and server, not once per visitor. Bounded by total bytes; the least recently used go first.

export interface RenderCache {
  get(key: string): Uint8Array | undefined;
  set(key: string, bytes: Uint8Array): void;
}

export function createRenderCache(maxBytes: number): RenderCache {
  const entries = new Map<string, Uint8Array>();
  let total = 0;
  return {
    get(key) {
      const bytes = entries.get(key);
      if (bytes) {
        // a Map keeps insertion order: moving the entry to the end marks it recently used
        entries.delete(key);
        entries.set(key, bytes);
      }
      return bytes;
    },
    set(key, bytes) {
      if (bytes.length > maxBytes || entries.has(key)) return;
      entries.set(key, bytes);
      total += bytes.length;
      for (const [oldest, old] of entries) {
        if (total <= maxBytes) break;
        entries.delete(oldest);
        total -= old.length;
      }
    },
  };
}
