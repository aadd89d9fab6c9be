import { describe, expect, it } from 'vitest';
import { isMobileWidth, PAGE_FETCH_RETRY, pageFetchBackoffMs, SESSION_TOKEN_TTL_MS } from './constants.js';

describe('spec 9 constants', () => {
  it('treats widths below lg (1280 px) as mobile', () => {
    expect(isMobileWidth(1279)).toBe(true);
    expect(isMobileWidth(1280)).toBe(false);
  });

  it('backs page fetches off from 100 ms, doubling, capped at 5 s', () => {
    const waits = Array.from({ length: PAGE_FETCH_RETRY.retries }, (_, index) =>
      pageFetchBackoffMs(index + 1),
    );
    expect(waits).toEqual([100, 200, 400, 800, 1600, 3200, 5000, 5000, 5000, 5000]);
  });

  it('keeps session tokens for 24 hours', () => {
    expect(SESSION_TOKEN_TTL_MS).toBe(86_400_000);
  });
});
