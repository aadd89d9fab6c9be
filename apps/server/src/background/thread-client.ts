// The serving thread's side of the background worker's thread (ADR 028): starts the thread, hands
// it numbered tasks and waits for the replies. A thread that dies takes its unanswered tasks with
// it (their callers hear of it); the next task starts a new one. (The signing and PDF threads are
// piscina pools, thread-pool.ts, ADR 099.)
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

interface ThreadState {
  worker: Worker;
  pending: Pending;
}

export interface ThreadOptions {
  /** Told when a thread ends other than by close(), with the workerData it was started with. */
  onEnd?: (workerData: Record<string, unknown>) => void;
}

/**
 * `module` is the thread's source, relative to worker-entry.mjs; `workerData` reaches it as is
 * (a function: what it returns when each thread starts).
 */
export function createThreadClient(
  module: string,
  workerData: Record<string, unknown> | (() => Record<string, unknown>),
  log: { error(obj: unknown, msg: string): void },
  options: ThreadOptions = {},
): ThreadClient {
  let current: ThreadState | undefined;
  let nextId = 1;
  let closed = false;

  function start() {
    if (current) return current;
    configureThreadHeaps();
    const data = typeof workerData === 'function' ? workerData() : workerData;
    const worker = new Worker(threadEntry(module), { workerData: { ...data, module } });
    const pending: Pending = new Map();
    const state: ThreadState = { worker, pending };
    worker.on('message', (reply: WorkerReply) => {
      const waiting = pending.get(reply.id);
      pending.delete(reply.id);
      if (reply.ok) waiting?.resolve(reply.value);
      else waiting?.reject(errorOf(reply));
    });
    worker.on('error', (err: Error) => log.error({ err, module }, 'a worker thread failed'));
    worker.on('exit', (code) => {
      if (current === state) current = undefined;
      for (const waiting of pending.values())
        waiting.reject(new Error(`the worker thread stopped (exit code ${code})`));
      pending.clear();
      if (!closed) options.onEnd?.(data);
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
      const state = start();
      const id = nextId++;
      return new Promise((resolve, reject) => {
        state.pending.set(id, { resolve, reject });
        state.worker.postMessage({ ...task, id });
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
