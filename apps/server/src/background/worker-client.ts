// The serving thread's side of the background worker (ADR 028): starts the worker thread, hands
// it tasks and waits for their replies. A worker that dies takes its unanswered tasks with it
// (their callers hear of it); the next task starts a new one, and what the dead one owed stays
// due in the database for the periodic job.
import { Worker } from 'node:worker_threads';
import type { Config } from '../config.js';
import type { CompletionMailer } from '../modules/signature-requests/deps.js';
import type { WorkerReply, WorkerTask } from './messages.js';

/** How long closing waits for the tasks under way before it stops the thread regardless. */
const CLOSE_GRACE_MS = 10_000;

type Pending = Map<number, { resolve(value: unknown): void; reject(err: Error): void }>;

export interface BackgroundWorker extends CompletionMailer {
  /** Starts the thread now rather than with the first task. */
  start(): void;
  close(): Promise<void>;
}

/** A task before it gets its number (Omit over each member of the union, not the union as a whole). */
type TaskBody = WorkerTask extends infer T ? (T extends unknown ? Omit<T, 'id'> : never) : never;

export function createBackgroundWorker(
  config: Config,
  log: { error(obj: unknown, msg: string): void },
): BackgroundWorker {
  let current: { worker: Worker; pending: Pending } | undefined;
  let nextId = 1;
  let closed = false;

  function start() {
    if (current) return current;
    const worker = new Worker(new URL('./worker-entry.mjs', import.meta.url), { workerData: { config } });
    const pending: Pending = new Map();
    const state = { worker, pending };
    worker.on('message', (reply: WorkerReply) => {
      const waiting = pending.get(reply.id);
      pending.delete(reply.id);
      if (reply.ok) waiting?.resolve(reply.value);
      else waiting?.reject(new Error(reply.message));
    });
    worker.on('error', (err) => log.error({ err }, 'the background worker failed'));
    worker.on('exit', (code) => {
      if (current === state) current = undefined;
      for (const waiting of pending.values())
        waiting.reject(new Error(`the background worker stopped (exit code ${code})`));
      pending.clear();
    });
    // the serving process's own handles keep it alive; the worker never holds it open
    worker.unref();
    current = state;
    return state;
  }

  function run(task: TaskBody): Promise<unknown> {
    if (closed) return Promise.reject(new Error('the background worker is closed'));
    const { worker, pending } = start();
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...task, id });
    });
  }

  return {
    start: () => void start(),
    sendCompletionMail: async (requestId) => (await run({ kind: 'completion-mail', requestId })) === true,
    sendDueCompletionMails: async () => Number(await run({ kind: 'due-completion-mails' })),
    async close() {
      closed = true;
      const state = current;
      if (!state) return;
      const exited = new Promise((resolve) => state.worker.once('exit', resolve));
      const id = nextId++;
      state.worker.postMessage({ kind: 'close', id } satisfies WorkerTask);
      const timer = setTimeout(() => void state.worker.terminate(), CLOSE_GRACE_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
