import { describe, expect, it } from 'vitest';
import { directPollInterval } from './poll.js';

describe('directPollInterval (spec 4, 9)', () => {
  it('polls every 5 s while the request is open', () => {
    expect(directPollInterval('open')).toBe(5000);
    expect(directPollInterval('OPEN')).toBe(5000);
  });

  it('stops on every other state, and before the first answer', () => {
    for (const status of ['completed', 'declined', 'withdrawn', 'expired', 'draft', null, undefined]) {
      expect(directPollInterval(status), String(status)).toBe(false);
    }
  });
});
