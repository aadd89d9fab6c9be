// The background worker thread's side of the conversation (ADR 028): takes the serving thread's
// numbered tasks, runs a few at a time, replies to each, and on `close` lets the tasks under way
// finish, lets go of what it holds and ends.
import type { MessagePort } from 'node:worker_threads';
import pLimit from 'p-limit';
import { isErrorCode, type ErrorCode } from '@countersign/contract';
import type { WorkerReply, WorkerTask } from './messages.js';

export interface TaskServer {
  port: MessagePort;
  /** tasks run at once */
  concurrency: number;
  perform(task: Exclude<WorkerTask, { kind: 'close' }>): Promise<unknown>;
  /** releases the thread's database connection and the like, once the last task has ended */
  release(): Promise<void>;
  log: { error(obj: unknown, msg: string): void };
}

/** The catalogue code of an engine or use-case error, so the serving thread can answer with it. */
const codeOf = (err: unknown): ErrorCode | undefined =>
  err instanceof Error && 'code' in err && isErrorCode(err.code) ? err.code : undefined;

export function serveTasks({ port, concurrency, perform, release, log }: TaskServer): void {
  const limit = pLimit(concurrency);
  let inFlight = 0;
  let closing: Promise<void> | undefined;
  let idle: (() => void) | undefined;

  async function close(): Promise<void> {
    if (inFlight > 0) await new Promise<void>((resolve) => (idle = resolve));
    await release();
  }

  port.on('message', (task: WorkerTask) => {
    const reply = (message: WorkerReply) => port.postMessage(message);
    if (task.kind === 'close') {
      // the serving thread waits for this thread to end, not for a reply
      closing ??= close()
        .catch((err: unknown) => log.error({ err }, 'closing a worker thread failed'))
        .finally(() => process.exit(0));
      return;
    }
    if (closing) {
      reply({ id: task.id, ok: false, message: 'the worker thread is closing' });
      return;
    }
    inFlight += 1;
    limit(() => perform(task))
      .then(
        (value) => reply({ id: task.id, ok: true, value }),
        (err: unknown) => {
          const code = codeOf(err);
          // an engine's refusal (a damaged PDF, say) is the caller's answer, not this thread's failure
          if (!code) log.error({ err }, `worker task ${task.kind} failed`);
          reply({ id: task.id, ok: false, message: err instanceof Error ? err.message : String(err), code });
        },
      )
      .finally(() => {
        inFlight -= 1;
        if (inFlight === 0) idle?.();
      });
  });
}
