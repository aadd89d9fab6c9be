import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error.js';
import { LOCKED_RETRIES, retryWhileLocked } from './retry-while-locked.js';

const locked = (retryAfterSeconds?: number) =>
  new ApiError(409, 'signature_request.locked', 'Locked', {
    ...(retryAfterSeconds !== undefined && { retryAfterSeconds }),
  });

describe('retryWhileLocked', () => {
  it('waits the Retry-After of a locked answer, says so, and tries again', async () => {
    const attempt = vi.fn().mockRejectedValueOnce(locked(3)).mockResolvedValueOnce('signed');
    const sleep = vi.fn((_ms: number) => Promise.resolve());
    const onWait = vi.fn();
    await expect(retryWhileLocked(attempt, { onWait, sleep })).resolves.toBe('signed');
    expect(onWait.mock.calls).toEqual([[3]]);
    expect(sleep.mock.calls).toEqual([[3000]]);
    expect(attempt).toHaveBeenCalledTimes(2);
  });

  it('gives up after a few tries with the locked answer, each wait bounded', async () => {
    const attempt = vi.fn().mockRejectedValue(locked(600));
    const sleep = vi.fn((_ms: number) => Promise.resolve());
    await expect(retryWhileLocked(attempt, { onWait: () => {}, sleep })).rejects.toMatchObject({
      code: 'signature_request.locked',
    });
    expect(attempt).toHaveBeenCalledTimes(LOCKED_RETRIES + 1);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual(Array(LOCKED_RETRIES).fill(10_000));
  });

  it('waits two seconds when the server names no wait, and passes any other failure on at once', async () => {
    const sleep = vi.fn((_ms: number) => Promise.resolve());
    const twice = vi.fn().mockRejectedValueOnce(locked()).mockResolvedValueOnce('ok');
    await retryWhileLocked(twice, { onWait: () => {}, sleep });
    expect(sleep.mock.calls).toEqual([[2000]]);

    const refused = new ApiError(409, 'signature_request.conflict', 'Changed');
    const other = vi.fn().mockRejectedValue(refused);
    await expect(retryWhileLocked(other, { onWait: () => {}, sleep })).rejects.toBe(refused);
    expect(other).toHaveBeenCalledTimes(1);
  });
});
