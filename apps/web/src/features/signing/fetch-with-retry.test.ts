import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error.js';
import { BinaryFetchError, fetchWithRetry, pageQueryRetry } from './fetch-with-retry.js';

const ok = () => new Response('image', { status: 200 });
const status = (code: number) => new Response('', { status: code });

describe('fetchWithRetry (spec 8, 9)', () => {
  it('retries failed page loads with the 100 ms doubling backoff, capped at 5 s, up to 10 times', async () => {
    const sleep = vi.fn((_ms: number) => Promise.resolve());
    const doFetch = vi.fn<typeof fetch>(async () => status(503));
    await expect(fetchWithRetry(doFetch, '/p/1', {}, { sleep })).rejects.toMatchObject({ status: 503 });
    expect(doFetch).toHaveBeenCalledTimes(11);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([
      100, 200, 400, 800, 1600, 3200, 5000, 5000, 5000, 5000,
    ]);
  });

  it('returns the first success after network failures', async () => {
    const sleep = vi.fn((_ms: number) => Promise.resolve());
    const doFetch = vi
      .fn<typeof fetch>()
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockResolvedValueOnce(status(502))
      .mockResolvedValueOnce(ok());
    const response = await fetchWithRetry(doFetch, '/p/1', {}, { sleep });
    expect(await response.text()).toBe('image');
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([100, 200]);
  });

  it('does not retry an answer that will not change (403, 404)', async () => {
    const sleep = vi.fn((_ms: number) => Promise.resolve());
    for (const code of [403, 404]) {
      const doFetch = vi.fn<typeof fetch>(async () => status(code));
      const failure = await fetchWithRetry(doFetch, '/p/9', {}, { sleep }).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(BinaryFetchError);
      expect(doFetch).toHaveBeenCalledTimes(1);
    }
    expect(sleep).not.toHaveBeenCalled();
  });

  it('gives TanStack Query the same waits and the same choice of what to retry', () => {
    // TanStack asks with failureCount 0 before the first retry
    expect([...Array(10).keys()].map(pageQueryRetry.retryDelay)).toEqual([
      100, 200, 400, 800, 1600, 3200, 5000, 5000, 5000, 5000,
    ]);
    const answer = (status: number) => new ApiError(status, `http.${status}`, 'x');
    expect(pageQueryRetry.retry(0, answer(503))).toBe(true);
    expect(pageQueryRetry.retry(9, answer(0))).toBe(true);
    expect(pageQueryRetry.retry(10, answer(503))).toBe(false);
    for (const status of [408, 429, 500]) expect(pageQueryRetry.retry(0, answer(status))).toBe(true);
    for (const status of [400, 401, 403, 404]) expect(pageQueryRetry.retry(0, answer(status))).toBe(false);
    expect(pageQueryRetry.retry(0, new Error('bug'))).toBe(false);
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    const doFetch = vi.fn<typeof fetch>(async () => {
      controller.abort();
      throw new DOMException('aborted', 'AbortError');
    });
    await expect(fetchWithRetry(doFetch, '/p/1', {}, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(doFetch).toHaveBeenCalledTimes(1);
  });
});
