// A pool thread's side (ADR 099): the function piscina calls with each task on a signing or PDF
// thread. It says when it begins a task (the task's deadline runs from there), answers with the
// value or with the failure's stable code, and when it holds too much after a task it asks the
// serving thread to hand it nothing more before it answers, so that it can be replaced.
import { once } from 'node:events';
import { MessageChannel, parentPort, threadId, type Transferable } from 'node:worker_threads';
import { isErrorCode, type ErrorCode } from '@countersign/contract';
import type { PoolNotice, PoolReply, PoolTask, TaskBody } from './messages.js';

export interface PoolThread {
  perform(task: TaskBody): Promise<unknown>;
  log: { error(obj: unknown, msg: string): void };
  /**
   * Whether the thread, after a task, holds so much (live or not yet collected) that it had better
   * end (ADR 043): the serving thread stops handing it tasks and ends it once it has none.
   */
  isSpent?: () => boolean;
  /**
   * What the thread loads before its first task (PDFium, say): tasks begin once it has settled, so
   * that no task's deadline pays for the thread's own start (a failure is the first task's to meet).
   */
  ready?: Promise<unknown>;
}

/** The catalogue code of an engine or use-case error, so the serving thread can answer with it. */
const codeOf = (err: unknown): ErrorCode | undefined =>
  err instanceof Error && 'code' in err && isErrorCode(err.code) ? err.code : undefined;

function notify(notice: PoolNotice, transfer: Transferable[] = []): void {
  if (!parentPort) throw new Error('a pool thread runs as a worker thread only');
  parentPort.postMessage(notice, transfer);
}

/** Tells the serving thread to hand this thread nothing more, and waits until it has heard. */
async function askToRetire(): Promise<void> {
  const { port1, port2 } = new MessageChannel();
  notify({ retire: threadId, port: port2 }, [port2]);
  await once(port1, 'message');
  port1.close();
}

/** The handler piscina calls: the default export of a pool thread's module. */
export function poolTaskHandler({ perform, log, isSpent, ready }: PoolThread) {
  const loaded = (ready ?? Promise.resolve()).catch(() => undefined);
  return async ({ id, body }: PoolTask): Promise<PoolReply> => {
    await loaded;
    notify({ began: id });
    let reply: PoolReply;
    try {
      reply = { thread: threadId, ok: true, value: await perform(body) };
    } catch (err) {
      const code = codeOf(err);
      // an engine's refusal (a damaged PDF, say) is the caller's answer, not this thread's failure
      if (!code) log.error({ err }, `pool task ${body.kind} failed`);
      // a thrown error loses its code crossing the thread boundary: it travels as data
      reply = {
        thread: threadId,
        ok: false,
        message: err instanceof Error ? err.message : String(err),
        code,
      };
    }
    if (isSpent?.()) await askToRetire();
    return reply;
  };
}
