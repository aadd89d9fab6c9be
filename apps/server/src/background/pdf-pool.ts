// The PDF threads (ADR 043, on piscina since ADR 099): documents from strangers are inspected,
// drawn, read, validated and given their signature fields on a few worker threads, one document
// per thread at a time, each thread under a heap ceiling and each task under a deadline. A thread
// that runs out of memory or time is stopped; its task is answered with a problem naming the
// limit, and a new thread takes its place, so one hostile document never poisons the renders that
// follow it.
import type { Config } from '../config.js';
import { AppError } from '../lib/app-error.js';
import type { PdfEngine } from '../modules/signature-requests/pdf-engine.js';
import type { TaskBody } from './messages.js';
import { createThreadPool, type ThreadEnd } from './thread-pool.js';

export interface PdfPool extends PdfEngine {
  start(): void;
  /** tasks being read on a thread or waiting for one (the metrics' queue depth) */
  depth(): number;
  close(): Promise<void>;
}

/** The problem a task of a thread that was stopped is answered with. */
export function pdfThreadFailure(config: Pick<Config, 'pdfTaskTimeoutMs'>) {
  return (end: ThreadEnd): Error => {
    if (end === 'deadline')
      return new AppError(
        'pdf.limit.time',
        `The document takes longer than ${config.pdfTaskTimeoutMs / 1000} s to read`,
      );
    if (end === 'out_of_memory')
      return new AppError('pdf.limit.memory', 'The document needs more memory than one document may use');
    return new AppError('pdf.corrupt', 'The document cannot be read');
  };
}

export function createPdfPool(
  config: Config,
  threads: number,
  log: { error(obj: unknown, msg: string): void },
): PdfPool {
  if (threads < 1) throw new RangeError('a PDF pool has at least one thread');
  const pool = createThreadPool({
    module: './pdf-thread.ts',
    workerData: { config },
    threads,
    // one document at a time: a thread stopped for one document's sake stops no other
    tasksPerThread: 1,
    heapMb: config.pdfThreadMemoryMb,
    deadlineMs: config.pdfTaskTimeoutMs,
    failure: pdfThreadFailure(config),
    log,
  });
  const run = async <T>(task: TaskBody) => (await pool.run(task)) as T;
  return {
    start: pool.start,
    depth: pool.depth,
    inspect: (file) => run({ kind: 'pdf-inspect', file }),
    render: (source, pageIndex, options) => run({ kind: 'pdf-render', source, pageIndex, options }),
    readSignatures: (bytes) => run({ kind: 'pdf-read-signatures', bytes }),
    validate: (bytes, options) => run({ kind: 'pdf-validate', bytes, options }),
    addRequestFields: (bytes, signatureFields, formFields) =>
      run({ kind: 'pdf-add-fields', bytes, signatureFields, formFields }),
    close: pool.close,
  };
}
