// A pool thread for thread-pool tests (ADR 099): answers each task with its own thread id; for a
// completion mail for "crash" it ends at once (exit code 3, without answering); for "hog" it keeps
// allocating until its heap ceiling stops it; "slow" takes 2 s; after "spend" it says it is spent;
// "refuse" fails with a catalogue code. `startMs` in its workerData makes it start that slowly:
// half loading (the thread busy), half getting ready (as a PDF thread loads PDFium).
import { threadId, workerData } from 'node:worker_threads';
import { poolTaskHandler } from '../background/pool-thread.js';
import { AppError } from '../lib/app-error.js';

let isSpent = false;
const startMs = Number((workerData as { startMs?: number }).startMs ?? 0);
const loadedAt = Date.now() + startMs / 2;
while (Date.now() < loadedAt) {
  // busy, as a thread loading its modules on a crowded machine
}

export default poolTaskHandler({
  ready: new Promise((resolve) => setTimeout(resolve, startMs / 2)),
  perform: async (task) => {
    const request = task.kind === 'completion-mail' ? task.requestId : '';
    if (request === 'crash') process.exit(3);
    if (request === 'hog') {
      const kept: number[][] = [];
      for (;;) kept.push(Array.from({ length: 100_000 }, (_, i) => i * 1.5));
    }
    if (request === 'slow') await new Promise((resolve) => setTimeout(resolve, 2000));
    if (request === 'spend') isSpent = true;
    if (request === 'refuse') throw new AppError('pdf.corrupt', 'The document cannot be read');
    return threadId;
  },
  isSpent: () => isSpent,
  log: { error: () => {} },
});
