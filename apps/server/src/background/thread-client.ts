// The serving thread's side of one worker thread (ADR 028, ADR 029): starts the thread, hands it
// numbered tasks and waits for the replies. A thread that dies takes its unanswered tasks with it
// (their callers hear of it); the next task starts a new one.
import { basename } from 'node:path';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { AppError } from '../lib/app-error.js';
import type { TaskBody, WorkerReply, WorkerTask } from './messages.js';
import { configureThreadHeaps } from './thread-heap.js';

/** How long closing waits for the tasks under way before it stops the thread regardless. */
const CLOSE_GRACE_MS = 10_000;

type Pending = Map<
  number,
  { resolve(value: unknown): void; reject(err: Error): void; /** arms its deadline */ begin(): void }
>;

export interface ThreadClient {
  /** Starts the thread now rather than with the first task. */
  start(): void;
  /**
   * `deadlineMs`: past it the thread is stopped, and with it every task it had (ADR 043). It runs
   * from when the thread begins the task, so a thread that starts slowly (a busy machine loading
   * its modules) or a task waiting for its turn is not stopped for that.
   */
  run(task: TaskBody, deadlineMs?: number): Promise<unknown>;
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
  end?: ThreadEnd;
  /** it said it holds too much (thread-server.ts `isSpent`) */
  isSpent?: boolean;
  /** ended for that reason, not by a failure */
  isRetired?: boolean;
}

/** Why a thread ended with tasks unanswered. */
export type ThreadEnd = 'deadline' | 'out_of_memory' | 'exit';

export interface ThreadOptions {
  /** The thread's heap ceiling (a thread that passes it ends, and is replaced by the next task). */
  resourceLimits?: ResourceLimits;
  /** The error each unanswered task of a thread that ended fails with; a plain Error by default. */
  failure?: (end: ThreadEnd, exitCode: number) => Error;
  /** Told when a thread ends other than by close(), with the workerData it was started with. */
  onEnd?: (workerData: Record<string, unknown>) => void;
}

const defaultFailure = (_end: ThreadEnd, exitCode: number) =>
  new Error(`the worker thread stopped (exit code ${exitCode})`);

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
  const failure = options.failure ?? defaultFailure;
  let current: ThreadState | undefined;
  let nextId = 1;
  let closed = false;

  function start() {
    if (current) return current;
    configureThreadHeaps();
    const data = typeof workerData === 'function' ? workerData() : workerData;
    const worker = new Worker(threadEntry(module), {
      workerData: { ...data, module },
      ...(options.resourceLimits && { resourceLimits: options.resourceLimits }),
    });
    const pending: Pending = new Map();
    const state: ThreadState = { worker, pending };
    worker.on('message', (reply: WorkerReply) => {
      if ('began' in reply) {
        pending.get(reply.id)?.begin();
        return;
      }
      const waiting = pending.get(reply.id);
      pending.delete(reply.id);
      if (reply.ok) waiting?.resolve(reply.value);
      else waiting?.reject(errorOf(reply));
      // a thread that says it holds too much ends once it has nothing under way; from now on
      // tasks go to a new thread, started at once so that it is ready sooner
      state.isSpent ||= reply.spent === true;
      if (state.isSpent && pending.size === 0 && !state.isRetired) {
        if (current === state) current = undefined;
        state.isRetired = true;
        void worker.terminate();
        if (!closed) start();
      }
    });
    worker.on('error', (err: Error & { code?: string }) => {
      if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') state.end ??= 'out_of_memory';
      log.error({ err, module }, 'a worker thread failed');
    });
    worker.on('exit', (code) => {
      if (current === state) current = undefined;
      for (const waiting of pending.values()) waiting.reject(failure(state.end ?? 'exit', code));
      pending.clear();
      if (!closed && !state.isRetired) options.onEnd?.(data);
    });
    // the serving process's own handles keep it alive; a worker never holds it open
    worker.unref();
    current = state;
    return state;
  }

  return {
    start: () => void start(),
    run(task, deadlineMs) {
      if (closed) return Promise.reject(new Error('the worker thread is closed'));
      const state = start();
      const id = nextId++;
      return new Promise((resolve, reject) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        let isSettled = false;
        const begin = () => {
          if (deadlineMs === undefined || isSettled || timer) return;
          timer = setTimeout(() => {
            // a thread cannot be interrupted inside a task: it is stopped, and replaced
            state.end ??= 'deadline';
            void state.worker.terminate();
          }, deadlineMs);
        };
        const settled = () => {
          isSettled = true;
          clearTimeout(timer);
        };
        state.pending.set(id, {
          resolve: (value) => (settled(), resolve(value)),
          reject: (err) => (settled(), reject(err)),
          begin,
        });
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
