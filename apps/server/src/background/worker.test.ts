// The background worker thread (ADR 028) steps back when cores are scarce: on Linux it runs at a
// lower priority (a higher nice value) than the serving thread, and it is gone once the app is
// closed.
import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

/** The nice value of one thread of this process (Linux), undefined once it has ended. */
function niceOf(threadId: string | number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/self/task/${threadId}/stat`, 'utf8');
    // the fields after the command name: state is the first, nice the 17th
    return Number(stat.slice(stat.lastIndexOf(') ') + 2).split(' ')[16]);
  } catch {
    return undefined;
  }
}

const threadNiceValues = () => fs.readdirSync('/proc/self/task').map(niceOf);

describe.runIf(process.platform === 'linux')('background worker thread', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('runs below the serving thread’s priority while the app runs, and ends with it', async () => {
    const niced = () => threadNiceValues().filter((nice) => nice !== undefined && nice > 0).length;
    const before = niced();
    t = await createTestApp('sqlite', { env: { MAIL_DELIVERY: 'background', BACKGROUND_WORKER: 'true' } });
    await expect.poll(niced, { timeout: 20_000, interval: 100 }).toBe(before + 1);
    // the serving thread is the process's main thread, whose thread id is the process id
    expect(niceOf(process.pid)).toBe(0);
    await t.close();
    t = undefined;
    await expect.poll(niced, { timeout: 10_000, interval: 100 }).toBe(before);
  });
});
