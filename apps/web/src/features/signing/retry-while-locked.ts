// A signature answered 409 `signature_request.locked` (another signature is being written into
// the same document, and the server waited a few seconds for it already) is tried again after the
// server's Retry-After, a few times, while the signer is told why they wait. Only when the
// document stays locked does the locked overlay ask the signer what to do.
import { isApiError } from '../../api/api-error.js';

/** How often a locked answer is tried again before the signer is asked. */
export const LOCKED_RETRIES = 3;
/** A Retry-After longer than this is cut short: the signer is not left waiting longer per try. */
const MAX_WAIT_SECONDS = 10;
/** When the server names no wait. */
const DEFAULT_WAIT_SECONDS = 2;

export interface LockedRetryOptions {
  /** Told before each wait, with its length: the signer sees why nothing happens yet. */
  onWait(seconds: number): void;
  sleep?: (ms: number) => Promise<void>;
}

export async function retryWhileLocked<T>(
  attempt: () => Promise<T>,
  options: LockedRetryOptions,
): Promise<T> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  for (let retries = 0; ; retries++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isApiError(error, 'signature_request.locked') || retries >= LOCKED_RETRIES) throw error;
      const seconds = Math.min(error.retryAfterSeconds ?? DEFAULT_WAIT_SECONDS, MAX_WAIT_SECONDS);
      options.onWait(seconds);
      await sleep(seconds * 1000);
    }
  }
}
