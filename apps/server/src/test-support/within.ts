// Waiting for what another process does (a server, a mail sink): poll until it shows, bounded.

/** Polls `probe` every 100 ms until it returns something, for at most `ms`; then its last answer. */
export async function within<T>(ms: number, probe: () => Promise<T | undefined>): Promise<T | undefined> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await probe();
    if (found !== undefined || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
