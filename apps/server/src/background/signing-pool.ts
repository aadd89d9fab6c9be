// The signing threads (ADR 029): signatures with keys of our own are made on a few worker
// threads, each job going to the thread with the fewest unanswered jobs, so the engine's work
// spreads over the cores while the serving thread goes on answering.
import type { Config } from '../config.js';
import type {
  LocalSigningEngine,
  LocalSigningJob,
  StoredRevision,
} from '../modules/signature-requests/sign-and-store.js';
import { AppError } from '../lib/app-error.js';
import { pdfThreadFailure } from './pdf-pool.js';
import { createThreadClient, type ThreadClient } from './thread-client.js';

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
  const clients: ThreadClient[] = Array.from({ length: threads }, () =>
    // a document that needs more memory than a thread may have costs its thread, not the process
    createThreadClient('./signing-thread.ts', { config, writer }, log, {
      resourceLimits: { maxOldGenerationSizeMb: config.pdfThreadMemoryMb },
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
    }),
  );
  const leastBusy = () => clients.reduce((best, c) => (c.pending < best.pending ? c : best));
  return {
    start: () => clients.forEach((c) => c.start()),
    depth: () => clients.reduce((sum, c) => sum + c.pending, 0),
    run: async (job: LocalSigningJob) =>
      (await leastBusy().run({ kind: 'sign', job }, config.signingTaskTimeoutMs)) as StoredRevision[],
    close: async () => {
      await Promise.all(clients.map((c) => c.close()));
    },
  };
}
