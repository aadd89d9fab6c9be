// The serving thread's side of one worker thread (ADR 028, ADR 029): starts the thread, hands it
// numbered tasks and waits for the replies. A thread that dies takes its unanswered tasks with it
// (their callers hear of it); the next task starts a new one.
import { basename } from 'node:path';
import { Worker } from 'node:worker_threads';
import { AppError } from '../lib/app-error.js';
import type { TaskBody, WorkerReply, WorkerTask } from './messages.js';
import { configureThreadHeaps } from './thread-heap.js';

/** How long closing waits for the tasks under way before it stops the thread regardless. */
const CLOSE_GRACE_MS = 10_000;

type Pending = Map<number, { resolve(value: unknown): void; reject(err: Error): void }>;

export interface ThreadClient {
  /** Starts the thread now rather than with the first task. */
  start(): void;
  run(task: TaskBody): Promise<unknown>;
  /** tasks handed over and not answered yet */
  readonly pending: number;
  close(): Promise<void>;
}

/** A failure reported by the thread, with its stable code when it had one (engine errors do). */
function errorOf(reply: Extract<WorkerReply, { ok: false }>): Error {
  return reply.code ? new AppError(reply.code, reply.message) : new Error(reply.message);
}

/**
 * Where a thread starts. From the sources (tests), worker-entry.mjs registers the TypeScript
 * loader and imports `module`; from the build (ADR 036) each thread's code is an entry of its
 * own, beside the chunk that starts it.
 */
function threadEntry(module: string): URL {
  if (import.meta.url.endsWith('.ts')) return new URL('./worker-entry.mjs', import.meta.url);
  return new URL(`./${basename(module, '.ts')}.js`, import.meta.url);
}

/**
 * `module` is the thread's source, relative to worker-entry.mjs; `workerData` reaches it as is.
 */
export function createThreadClient(
  module: string,
  workerData: Record<string, unknown>,
  log: { error(obj: unknown, msg: string): void },
): ThreadClient {
  let current: { worker: Worker; pending: Pending } | undefined;
  let nextId = 1;
  let closed = false;

  function start() {
    if (current) return current;
    configureThreadHeaps();
    const worker = new Worker(threadEntry(module), { workerData: { ...workerData, module } });
    const pending: Pending = new Map();
    const state = { worker, pending };
    worker.on('message', (reply: WorkerReply) => {
      const waiting = pending.get(reply.id);
      pending.delete(reply.id);
      if (reply.ok) waiting?.resolve(reply.value);
      else waiting?.reject(errorOf(reply));
    });
    worker.on('error', (err) => log.error({ err, module }, 'a worker thread failed'));
    worker.on('exit', (code) => {
      if (current === state) current = undefined;
      for (const waiting of pending.values())
        waiting.reject(new Error(`the worker thread stopped (exit code ${code})`));
      pending.clear();
    });
    // the serving process's own handles keep it alive; a worker never holds it open
    worker.unref();
    current = state;
    return state;
  }

  return {
    start: () => void start(),
    run(task) {
      if (closed) return Promise.reject(new Error('the worker thread is closed'));
      const { worker, pending } = start();
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ ...task, id });
      });
    },
    get pending() {
      return current?.pending.size ?? 0;
    },
    async close() {
      closed = true;
      const state = current;
      if (!state) return;
      const exited = new Promise((resolve) => state.worker.once('exit', resolve));
      state.worker.postMessage({ kind: 'close', id: nextId++ } satisfies WorkerTask);
      const timer = setTimeout(() => void state.worker.terminate(), CLOSE_GRACE_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
