// A worker thread for thread-client tests: answers each task with its own thread id, and ends
// at once (exit code 3, without replying) when a completion mail for "crash" is asked of it; for
// "hog" it keeps allocating until its heap ceiling stops it; after "spend" it says it is spent.
// `startMs` in its workerData makes it start that slowly: half loading (the thread busy), half
// getting ready (as a PDF thread loads PDFium).
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { serveTasks } from '../background/thread-server.js';

let isSpent = false;

if (!parentPort) throw new Error('crashing-thread.ts runs as a worker thread only');
const startMs = Number((workerData as { startMs?: number }).startMs ?? 0);
const loadedAt = Date.now() + startMs / 2;
while (Date.now() < loadedAt) {
  // busy, as a thread loading its modules on a crowded machine
}
serveTasks({
  ready: new Promise((resolve) => setTimeout(resolve, startMs / 2)),
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
