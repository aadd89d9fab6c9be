// Page images and downloads are binary, so they bypass the JSON client; this fetches them with
// the retry rule of spec 8 and 9: a failed document page load is retried up to 10 times, waiting
// 100 ms, then doubling, capped at 5 s (`pageFetchBackoffMs` in @countersign/domain). Only
// failures that may pass are retried: network errors, 408, 429 and 5xx. A 4xx answer (no access,
// no such page) will not change by asking again.
import { PAGE_FETCH_RETRY, pageFetchBackoffMs } from '@countersign/domain';

export interface RetryOptions {
  retries?: number;
  sleep?: (ms: number) => Promise<void>;
  signal?: AbortSignal;
}

export class BinaryFetchError extends Error {
  override readonly name = 'BinaryFetchError';
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function attemptOnce(doFetch: typeof fetch, url: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await doFetch(url, init);
  } catch (cause) {
    // a network failure has no status; 0 marks it as worth another try
    if (init.signal?.aborted) throw cause;
    throw new BinaryFetchError(0);
  }
  if (!response.ok) throw new BinaryFetchError(response.status);
  return response;
}

/**
 * The same rule for a TanStack query whose function throws an error with a `status` (ApiError,
 * BinaryFetchError; 0 for a network failure). TanStack passes the failures so far minus one, 0
 * before the first retry, so the backoff attempt is `failureCount + 1`.
 */
export const pageQueryRetry = {
  retry: (failureCount: number, error: unknown): boolean => {
    const status = (error as { status?: unknown } | null)?.status;
    return (
      failureCount < PAGE_FETCH_RETRY.retries &&
      typeof status === 'number' &&
      (status === 0 || isRetryableStatus(status))
    );
  },
  retryDelay: (failureCount: number): number => pageFetchBackoffMs(failureCount + 1),
};

/** Resolves with the first successful response, or rejects with the last failure. */
export async function fetchWithRetry(
  doFetch: typeof fetch,
  url: string,
  init: RequestInit,
  options: RetryOptions = {},
): Promise<Response> {
  const retries = options.retries ?? PAGE_FETCH_RETRY.retries;
  const sleep = options.sleep ?? defaultSleep;
  const requestInit = options.signal ? { ...init, signal: options.signal } : init;
  for (let attempt = 0; ; attempt++) {
    try {
      return await attemptOnce(doFetch, url, requestInit);
    } catch (error) {
      const isRetryable =
        error instanceof BinaryFetchError && (error.status === 0 || isRetryableStatus(error.status));
      if (!isRetryable || attempt >= retries) throw error;
    }
    await sleep(pageFetchBackoffMs(attempt + 1));
  }
}
