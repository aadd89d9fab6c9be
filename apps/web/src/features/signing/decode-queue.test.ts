import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDecodeQueue } from './decode-queue.js';

describe('createDecodeQueue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A task that says when it started and ends when `finish` is called. */
  function task(name: string, log: string[]) {
    let finish: () => void = () => undefined;
    const run = () =>
      new Promise<string>((resolve) => {
        log.push(`start ${name}`);
        finish = () => {
          log.push(`end ${name}`);
          resolve(name);
        };
      });
    return { run, finish: () => finish() };
  }

  it('starts nothing before the delay of 1 s, then one task at a time in the order they came', async () => {
    const queue = createDecodeQueue(1000);
    const log: string[] = [];
    const first = task('page 1', log);
    const second = task('page 2', log);
    const done = [queue.add(first.run), queue.add(second.run)];
    await vi.advanceTimersByTimeAsync(999);
    expect(log).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(log).toEqual(['start page 1']);
    // the second waits for the first, however long it takes
    await vi.advanceTimersByTimeAsync(5000);
    expect(log).toEqual(['start page 1']);
    first.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(log).toEqual(['start page 1', 'end page 1', 'start page 2']);
    second.finish();
    await expect(Promise.all(done)).resolves.toEqual(['page 1', 'page 2']);
  });

  it('goes on with the next task when one fails, and hands the failure to its caller', async () => {
    const queue = createDecodeQueue(1000);
    const failing = queue.add(() => Promise.reject(new Error('not an image')));
    const next = queue.add(() => Promise.resolve('page 2'));
    const failed = expect(failing).rejects.toThrow('not an image');
    await vi.advanceTimersByTimeAsync(1000);
    await failed;
    await expect(next).resolves.toBe('page 2');
  });

  it('does not wait the delay again for a task added after the queue has started', async () => {
    const queue = createDecodeQueue(1000);
    const first = queue.add(() => Promise.resolve('page 1'));
    await vi.advanceTimersByTimeAsync(1000);
    await first;
    let hasRun = false;
    const later = queue.add(async () => {
      hasRun = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(hasRun).toBe(true);
    await later;
  });
});
