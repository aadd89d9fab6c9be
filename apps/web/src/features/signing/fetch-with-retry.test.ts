import { describe, expect, it, vi } from 'vitest';
import { BinaryFetchError, fetchWithRetry } from './fetch-with-retry.js';

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
