// The signing and PDF threads' pool (ADR 029, ADR 043, ADR 099): a thread that dies, passes its
// heap ceiling or a task's deadline takes its unanswered tasks with it (their callers hear why), and
// a new thread serves the next task; a deadline runs from when the thread begins the task; a thread
// that says it is spent is handed nothing more and replaced once it has answered; closing lets the
// tasks under way finish and refuses new ones.
import { afterEach, describe, expect, it } from 'vitest';
import type { TaskBody } from './messages.js';
import { createThreadPool, type ThreadPool, type ThreadPoolOptions } from './thread-pool.js';

const mail = (requestId: string): TaskBody => ({ kind: 'completion-mail', requestId });

describe('thread pool', () => {
  let pool: ThreadPool | undefined;
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  function open(options: Partial<ThreadPoolOptions> = {}): ThreadPool {
    pool = createThreadPool({
      module: '../test-support/pool-test-thread.ts',
      workerData: {},
      threads: 1,
      tasksPerThread: 2,
      heapMb: 256,
      deadlineMs: 30_000,
      failure: (end, exitCode) =>
        new Error(`ended: ${end}${exitCode === undefined ? '' : ` (exit code ${exitCode})`}`),
      log: { error: () => {} },
      ...options,
    });
    return pool;
  }

  it('fails the tasks of a thread that died and starts a new thread for the next task', async () => {
    const p = open();
    const first = await p.run(mail('a'));
    expect(typeof first).toBe('number');

    const waiting = p.run(mail('slow'));
    const crashing = p.run(mail('crash'));
    await expect(crashing).rejects.toThrow('ended: exit (exit code 3)');
    // the task that was running beside it in the same thread is not left hanging
    await expect(waiting).rejects.toThrow('ended: exit (exit code 3)');
    expect(p.depth()).toBe(0);

    const second = await p.run(mail('b'));
    expect(typeof second).toBe('number');
    expect(second).not.toBe(first);
  });

  it('refuses tasks once closed, after letting the task under way finish', async () => {
    const p = open();
    const first = await p.run(mail('a'));
    const slow = p.run(mail('slow'));
    await p.close();
    expect(await slow).toBe(first);
    await expect(p.run(mail('b'))).rejects.toThrow('the worker thread is closed');
  });

  it('answers an engine’s refusal with its catalogue code, and the thread serves on', async () => {
    const p = open();
    const first = await p.run(mail('a'));
    await expect(p.run(mail('refuse'))).rejects.toMatchObject({
      code: 'pdf.corrupt',
      message: 'The document cannot be read',
    });
    expect(await p.run(mail('b'))).toBe(first);
  });

  it("stops a thread past a task's deadline, fails that task with the given error and serves the next", async () => {
    const p = open({ deadlineMs: 200 });
    const first = await p.run(mail('a'));
    const started = Date.now();
    await expect(p.run(mail('slow'))).rejects.toThrow('ended: deadline');
    expect(Date.now() - started).toBeLessThan(1500);
    const next = await p.run(mail('b'));
    expect(next).not.toBe(first);
  });

  it('fails every task of a thread stopped past one task’s deadline as past the deadline', async () => {
    const p = open({ deadlineMs: 500 });
    await p.run(mail('a'));
    const both = [p.run(mail('slow')), p.run(mail('slow'))];
    for (const task of both) await expect(task).rejects.toThrow('ended: deadline');
  });

  it('times a task from when its thread begins it, not from a slow start of the thread', async () => {
    const p = open({ workerData: { startMs: 3000 }, deadlineMs: 1000 });
    // a deadline far shorter than the start: only the task itself is timed
    const started = Date.now();
    expect(typeof (await p.run(mail('a')))).toBe('number');
    expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
    await expect(p.run(mail('slow'))).rejects.toThrow('ended: deadline');
  });

  it('ends a thread that passes its heap ceiling and answers its task as out of memory', async () => {
    const p = open({ heapMb: 48 });
    await expect(p.run(mail('hog'))).rejects.toThrow('ended: out_of_memory');
    expect(typeof (await p.run(mail('b')))).toBe('number');
  });

  it('replaces a thread that says it is spent once its tasks are answered', async () => {
    const p = open();
    const first = await p.run(mail('a'));
    expect(await p.run(mail('a'))).toBe(first);
    // the task running beside the spending one is answered by the same thread
    const slow = p.run(mail('slow'));
    expect(await p.run(mail('spend'))).toBe(first);
    expect(await slow).toBe(first);
    const next = await p.run(mail('b'));
    expect(next).not.toBe(first);
  });

  it('hands the tasks waiting behind a spent thread to its replacement, none lost', async () => {
    const p = open({ tasksPerThread: 1 });
    const first = await p.run(mail('a'));
    const spending = p.run(mail('spend'));
    const waiting = [p.run(mail('b')), p.run(mail('c'))];
    expect(p.depth()).toBe(3);
    expect(await spending).toBe(first);
    const answers = await Promise.all(waiting);
    for (const answer of answers) expect(answer).not.toBe(first);
    expect(p.depth()).toBe(0);
  });

  it('hands each task to the thread idle the longest', async () => {
    const p = open({ threads: 2, tasksPerThread: 1 });
    const answers: unknown[] = [];
    for (const request of ['a', 'b', 'c', 'd']) answers.push(await p.run(mail(request)));
    expect(new Set(answers).size).toBe(2);
    expect(answers[2]).toBe(answers[0]);
    expect(answers[3]).toBe(answers[1]);
    expect(answers[1]).not.toBe(answers[0]);
  });
});
