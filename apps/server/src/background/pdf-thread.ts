// A PDF thread (ADR 043): reads, draws and edits documents from strangers one at a time, under a
// heap ceiling the serving thread set when it started it. What it does is the inline engine's
// work (pdf-engine.ts); a document that overruns ends this thread, not the serving one.
import { parentPort, workerData } from 'node:worker_threads';
import { configurePdfLimits, prepareRenderer } from '@countersign/pdf';
import { pino } from 'pino';
import type { Config } from '../config.js';
import { inlinePdfEngine as engine } from '../modules/signature-requests/pdf-engine.js';
import type { WorkerTask } from './messages.js';
import { serveTasks } from './thread-server.js';

const port = parentPort;
if (!port) throw new Error('pdf-thread.ts runs as a worker thread only');
const { config } = workerData as { config: Config };
configurePdfLimits(config.pdfLimits);
const log = pino({ level: config.logLevel, base: { thread: 'pdf' } });

async function perform(task: Exclude<WorkerTask, { kind: 'close' }>): Promise<unknown> {
  switch (task.kind) {
    case 'pdf-inspect':
      return engine.inspect(task.file);
    case 'pdf-render':
      return engine.render(task.bytes, task.pageIndex, task.options);
    case 'pdf-read-signatures':
      return engine.readSignatures(task.bytes);
    case 'pdf-validate':
      return engine.validate(task.bytes, task.options);
    case 'pdf-add-fields':
      return engine.addRequestFields(task.bytes, task.signatureFields, task.formFields);
    default:
      throw new Error(`a PDF thread does not take ${task.kind} tasks`);
  }
}

serveTasks({
  port,
  // one document at a time: a thread stopped for one document's sake stops no other
  concurrency: 1,
  perform,
  release: async () => {},
  log,
});

// Most of this thread's tasks draw pages; the renderer loads while the thread waits for its
// first task, so the first page image of a new thread does not also wait for it.
void prepareRenderer();
