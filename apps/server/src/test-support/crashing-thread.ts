// A worker thread for thread-client tests: answers each task with its own thread id, and ends
// at once (exit code 3, without replying) when a completion mail for "crash" is asked of it; a
// completion mail for "slow" takes 2 s.
import { parentPort, threadId } from 'node:worker_threads';
import { serveTasks } from '../background/thread-server.js';

if (!parentPort) throw new Error('crashing-thread.ts runs as a worker thread only');
serveTasks({
  port: parentPort,
  concurrency: 2,
  perform: async (task) => {
    if (task.kind === 'completion-mail' && task.requestId === 'crash') process.exit(3);
    // long enough for a second task to be waiting when the crash comes
    if (task.kind === 'completion-mail' && task.requestId === 'slow')
      await new Promise((resolve) => setTimeout(resolve, 2000));
    return threadId;
  },
  release: async () => {},
  log: { error: () => {} },
});
