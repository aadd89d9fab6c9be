// The signing threads (ADR 029, on piscina since ADR 099): signatures with keys of our own are made
// on a few worker threads, each job going to the thread with the fewest unanswered jobs, so the
// engine's work spreads over the cores while the serving thread goes on answering.
import type { Config } from '../config.js';
import type {
  LocalSigningEngine,
  LocalSigningJob,
  StoredRevision,
} from '../modules/signature-requests/sign-and-store.js';
import { AppError } from '../lib/app-error.js';
import { pdfThreadFailure } from './pdf-pool.js';
import { createThreadPool } from './thread-pool.js';

export interface SigningPool extends LocalSigningEngine {
  start(): void;
  /** jobs handed to the threads and not answered yet (the metrics' queue depth) */
  depth(): number;
  close(): Promise<void>;
}

export function createSigningPool(
  config: Config,
  threads: number,
  log: { error(obj: unknown, msg: string): void },
  /** the process incarnation, which the blobs the threads write carry (ADR 046) */
  writer?: string,
): SigningPool {
  if (threads < 1) throw new RangeError('a signing pool has at least one thread');
  const pool = createThreadPool({
    module: './signing-thread.ts',
    workerData: { config, writer },
    threads,
    // two at a time: while one waits for its revision to reach the disk, the other signs
    tasksPerThread: 2,
    // a document that needs more memory than a thread may have costs its thread, not the process
    heapMb: config.pdfThreadMemoryMb,
    deadlineMs: config.signingTaskTimeoutMs,
    // a thread that dies otherwise fails its jobs as before: nothing was committed, sign again.
    // One past its deadline is stopped with every job it had; they answer pdf.limit.time.
    failure: (end, exitCode) => {
      if (end === 'out_of_memory') return pdfThreadFailure(config)(end);
      if (end === 'deadline')
        return new AppError(
          'pdf.limit.time',
          `Signing takes longer than ${config.signingTaskTimeoutMs / 1000} s; try again`,
        );
      return new Error(`the signing thread stopped (exit code ${exitCode})`);
    },
    log,
  });
  return {
    start: pool.start,
    depth: pool.depth,
    run: async (job: LocalSigningJob) => (await pool.run({ kind: 'sign', job })) as StoredRevision[],
    close: pool.close,
  };
}
