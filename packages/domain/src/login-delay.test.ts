import { describe, expect, it } from 'vitest';
import { FREE_LOGIN_FAILURES, MAX_LOGIN_DELAY_SECONDS, loginDelaySeconds } from './login-delay.js';

describe('loginDelaySeconds', () => {
  it('lets the first failures pass, then doubles the wait up to its ceiling', () => {
    const waits = Array.from({ length: 14 }, (_, failures) => loginDelaySeconds(failures));
    expect(waits).toEqual([0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 32, 32, 32]);
    expect(FREE_LOGIN_FAILURES).toBe(5);
    expect(loginDelaySeconds(1_000_000)).toBe(MAX_LOGIN_DELAY_SECONDS);
  });
});
