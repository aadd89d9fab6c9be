// A worker thread for thread-client tests: answers each task with its own thread id, and ends
// at once (exit code 3, without replying) when a completion mail for "crash" is asked of it; for
// "hog" it keeps allocating until its heap ceiling stops it; after "spend" it says it is spent.
import { parentPort, threadId } from 'node:worker_threads';
import { serveTasks } from '../background/thread-server.js';

let isSpent = false;

if (!parentPort) throw new Error('crashing-thread.ts runs as a worker thread only');
serveTasks({
  port: parentPort,
  concurrency: 2,
  perform: async (task) => {
    if (task.kind === 'completion-mail' && task.requestId === 'crash') process.exit(3);
    if (task.kind === 'completion-mail' && task.requestId === 'hog') {
      const kept: number[][] = [];
      for (;;) kept.push(Array.from({ length: 100_000 }, (_, i) => i * 1.5));
    }
    // long enough for a second task to be waiting when the crash comes
    if (task.kind === 'completion-mail' && task.requestId === 'slow')
      await new Promise((resolve) => setTimeout(resolve, 2000));
    if (task.kind === 'completion-mail' && task.requestId === 'spend') isSpent = true;
    return threadId;
  },
  isSpent: () => isSpent,
  release: async () => {},
  log: { error: () => {} },
});
