// A PDF thread (ADR 043): reads, draws and edits documents from strangers one at a time, under a
// heap ceiling the serving thread set when it started it. What it does is the inline engine's
// work (pdf-engine.ts); a document that overruns ends this thread, not the serving one. piscina
// calls the default export with each task (ADR 099).
import { workerData } from 'node:worker_threads';
import { configurePdfLimits, prepareRenderer } from '@countersign/pdf';
import { pino } from 'pino';
import type { Config } from '../config.js';
import { inlinePdfEngine as engine } from '../modules/signature-requests/pdf-engine.js';
import type { TaskBody } from './messages.js';
import { poolTaskHandler } from './pool-thread.js';

const { config } = workerData as { config: Config };
configurePdfLimits(config.pdfLimits);
const log = pino({ level: config.logLevel, base: { thread: 'pdf' } });

/**
 * What a PDF thread may hold after a task, in its heap and outside it (buffers, PDFium's memory),
 * before it asks to be replaced: about twice what it holds with PDFium loaded and a page drawn.
 * A refused bomb's output, a huge string or name, a poster's bitmap or a 47 MB document stay
 * allocated until V8's next collection in this thread, which an idle thread may never run
 * (measured 2026-11-24: 162 MB after a refused bomb, 200 MB after a refused 47 MB name); a new
 * thread starts without them.
 */
const SPENT_AFTER_BYTES = 64 * 1024 * 1024;

function isSpent(): boolean {
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external > SPENT_AFTER_BYTES;
}

async function perform(task: TaskBody): Promise<unknown> {
  switch (task.kind) {
    case 'pdf-inspect':
      return engine.inspect(task.file);
    case 'pdf-render':
      return engine.render(task.source, task.pageIndex, task.options);
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

// piscina hands this thread one document at a time (pdf-pool.ts)
export default poolTaskHandler({
  perform,
  log,
  isSpent,
  // Most of this thread's tasks draw pages; the renderer loads as the thread starts, and tasks
  // begin (their deadlines run) once it has: loading PDFium is no document's doing, and on a busy
  // machine it took longer than a whole deadline, so each new thread's first task was stopped,
  // and the thread that replaced it met the same fate (bench:phone, 2026-11-29).
  ready: prepareRenderer(),
});
