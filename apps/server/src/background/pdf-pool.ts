// The PDF threads (ADR 043): documents from strangers are inspected, drawn, read, validated and
// given their signature fields on a few worker threads, one document per thread at a time, each thread under
// a heap ceiling and each task under a deadline. A thread that runs out of memory or time is
// stopped; its task is answered with a problem naming the limit, and the next task starts a new
// thread, so one hostile document never poisons the renders that follow it.
import type { Config } from '../config.js';
import { AppError } from '../lib/app-error.js';
import type { PdfEngine } from '../modules/signature-requests/pdf-engine.js';
import type { TaskBody } from './messages.js';
import { createThreadClient, type ThreadClient, type ThreadEnd } from './thread-client.js';

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
  const clients: ThreadClient[] = Array.from({ length: threads }, () =>
    createThreadClient('./pdf-thread.ts', { config }, log, {
      resourceLimits: { maxOldGenerationSizeMb: config.pdfThreadMemoryMb },
      failure: pdfThreadFailure(config),
    }),
  );
  const idle = [...clients];
  const waiting: ((client: ThreadClient) => void)[] = [];

  async function run<T>(task: TaskBody): Promise<T> {
    // the thread idle the longest: one that was just replaced gets the most time to start
    const client = idle.shift() ?? (await new Promise<ThreadClient>((resolve) => waiting.push(resolve)));
    try {
      return (await client.run(task, config.pdfTaskTimeoutMs)) as T;
    } finally {
      const next = waiting.shift();
      if (next) next(client);
      else idle.push(client);
    }
  }

  return {
    start: () => clients.forEach((c) => c.start()),
    depth: () => clients.length - idle.length + waiting.length,
    inspect: (file) => run({ kind: 'pdf-inspect', file }),
    render: (source, pageIndex, options) => run({ kind: 'pdf-render', source, pageIndex, options }),
    readSignatures: (bytes) => run({ kind: 'pdf-read-signatures', bytes }),
    validate: (bytes, options) => run({ kind: 'pdf-validate', bytes, options }),
    addRequestFields: (bytes, signatureFields, formFields) =>
      run({ kind: 'pdf-add-fields', bytes, signatureFields, formFields }),
    close: async () => {
      await Promise.all(clients.map((c) => c.close()));
    },
  };
}
