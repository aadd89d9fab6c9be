// A worker thread that dies (ADR 028, ADR 029): the tasks it had not answered fail with a clear
// error for their callers, and the next task starts a fresh thread rather than failing too.
import { afterEach, describe, expect, it } from 'vitest';
import { createThreadClient, type ThreadClient } from './thread-client.js';

describe('thread client', () => {
  let client: ThreadClient | undefined;
  afterEach(async () => {
    await client?.close();
    client = undefined;
  });

  it('fails the tasks of a thread that died and starts a new thread for the next task', async () => {
    client = createThreadClient('../test-support/crashing-thread.ts', {}, { error: () => {} });
    const first = await client.run({ kind: 'completion-mail', requestId: 'a' });
    expect(typeof first).toBe('number');

    const waiting = client.run({ kind: 'completion-mail', requestId: 'slow' });
    const crashing = client.run({ kind: 'completion-mail', requestId: 'crash' });
    await expect(crashing).rejects.toThrow('the worker thread stopped (exit code 3)');
    // the task that was waiting in the same thread is not left hanging
    await expect(waiting).rejects.toThrow('the worker thread stopped (exit code 3)');
    expect(client.pending).toBe(0);

    const second = await client.run({ kind: 'completion-mail', requestId: 'b' });
    expect(typeof second).toBe('number');
    expect(second).not.toBe(first);
  });

  it('refuses tasks once closed', async () => {
    client = createThreadClient('../test-support/crashing-thread.ts', {}, { error: () => {} });
    await client.run({ kind: 'completion-mail', requestId: 'a' });
    await client.close();
    await expect(client.run({ kind: 'completion-mail', requestId: 'b' })).rejects.toThrow(
      'the worker thread is closed',
    );
  });

  it("stops a thread past a task's deadline, fails that task with the given error and serves the next", async () => {
    client = createThreadClient(
      '../test-support/crashing-thread.ts',
      {},
      { error: () => {} },
      { failure: (end) => new Error(`ended: ${end}`) },
    );
    const first = await client.run({ kind: 'completion-mail', requestId: 'a' });
    const started = Date.now();
    await expect(client.run({ kind: 'completion-mail', requestId: 'slow' }, 200)).rejects.toThrow(
      'ended: deadline',
    );
    expect(Date.now() - started).toBeLessThan(1500);
    const next = await client.run({ kind: 'completion-mail', requestId: 'b' }, 30_000);
    expect(next).not.toBe(first);
  });

  it('times a task from when its thread begins it, not from a slow start of the thread', async () => {
    client = createThreadClient(
      '../test-support/crashing-thread.ts',
      { startMs: 3000 },
      { error: () => {} },
      { failure: (end) => new Error(`ended: ${end}`) },
    );
    // a deadline far shorter than the start: only the task itself is timed
    const started = Date.now();
    expect(typeof (await client.run({ kind: 'completion-mail', requestId: 'a' }, 1000))).toBe('number');
    expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
    await expect(client.run({ kind: 'completion-mail', requestId: 'slow' }, 500)).rejects.toThrow(
      'ended: deadline',
    );
  });

  it('ends a thread that passes its heap ceiling and answers its task as out of memory', async () => {
    client = createThreadClient(
      '../test-support/crashing-thread.ts',
      {},
      { error: () => {} },
      { resourceLimits: { maxOldGenerationSizeMb: 48 }, failure: (end) => new Error(`ended: ${end}`) },
    );
    await expect(client.run({ kind: 'completion-mail', requestId: 'hog' })).rejects.toThrow(
      'ended: out_of_memory',
    );
    expect(typeof (await client.run({ kind: 'completion-mail', requestId: 'b' }))).toBe('number');
  });

  it('replaces a thread that says it is spent once its tasks are answered', async () => {
    client = createThreadClient('../test-support/crashing-thread.ts', {}, { error: () => {} });
    const first = await client.run({ kind: 'completion-mail', requestId: 'a' });
    expect(await client.run({ kind: 'completion-mail', requestId: 'a' })).toBe(first);
    // the task waiting beside the spending one is answered by the same thread
    const slow = client.run({ kind: 'completion-mail', requestId: 'slow' });
    expect(await client.run({ kind: 'completion-mail', requestId: 'spend' })).toBe(first);
    expect(await slow).toBe(first);
    const next = await client.run({ kind: 'completion-mail', requestId: 'b' });
    expect(next).not.toBe(first);
  });
});
