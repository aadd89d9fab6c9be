// The background worker's thread that dies (ADR 028): the tasks it had not answered fail with a
// clear error for their callers, and the next task starts a fresh thread rather than failing too.
// (Deadlines, heap ceilings and spent threads are the pools' own: thread-pool.test.ts.)
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
});
