// A periodic job stops for good when asked: neither its first run nor a later one comes after
// the stop (a server shutting down must not start work on what it is closing).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { schedulePeriodic } from './periodic.js';

const quiet = { info: () => undefined, error: () => undefined };

describe('schedulePeriodic', () => {
  afterEach(() => vi.useRealTimers());

  it('runs first after the delay, then at every interval, without overlapping itself', async () => {
    vi.useFakeTimers();
    let runs = 0;
    let release: (() => void) | undefined;
    const stop = schedulePeriodic(
      'test',
      () => {
        runs += 1;
        return new Promise<void>((resolve) => (release = resolve));
      },
      () => false,
      quiet,
      1_000,
      100,
    );
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toBe(1);
    // still running: the next tick is skipped
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(1);
    release?.();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(2);
    stop();
  });

  it('never runs once stopped, not even the first time', async () => {
    vi.useFakeTimers();
    const work = vi.fn(async () => undefined);
    const stop = schedulePeriodic('test', work, () => false, quiet, 1_000, 100);
    stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(work).not.toHaveBeenCalled();
  });
});
