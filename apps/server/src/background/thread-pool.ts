// The serving thread's side of the signing and PDF threads (ADR 029, ADR 043, ADR 099): a piscina
// pool under a heap ceiling per thread and a deadline per task, whose threads are replaced when
// they fail, pass a limit or hold too much. What is ours on top of piscina: the deadline runs from
// when a thread begins the task (not from when it was queued, nor through the thread's own start),
// a failure is answered with the error the caller's problem names, and a thread that says it is
// spent gets no more tasks and ends once it has answered those it has.
import { basename } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Piscina } from 'piscina';
import { AppError } from '../lib/app-error.js';
import type { PoolNotice, PoolReply, PoolTask, TaskBody } from './messages.js';
import { configureThreadHeaps } from './thread-heap.js';

/** How long closing waits for the tasks under way before it stops the threads regardless. */
const CLOSE_GRACE_MS = 10_000;

/** A thread as piscina's load balancer sees it (the package does not export the type by name). */
type PiscinaWorker = NonNullable<
  ReturnType<NonNullable<NonNullable<ConstructorParameters<typeof Piscina>[0]>['loadBalancer']>>
>;

/** Why a thread ended with tasks unanswered. */
export type ThreadEnd = 'deadline' | 'out_of_memory' | 'exit';

export interface ThreadPoolOptions {
  /** the threads' source, relative to this file (`./signing-thread.ts`); its default export is the handler */
  module: string;
  /** reaches every thread as its `workerData` */
  workerData: Record<string, unknown>;
  threads: number;
  /** tasks one thread runs at once */
  tasksPerThread: number;
  /** a thread's heap ceiling: past it the thread ends and its tasks fail as out of memory */
  heapMb: number;
  /** past it, counted from when the thread begins the task, the thread is stopped with its tasks */
  deadlineMs: number;
  /** the error each unanswered task of a thread that ended fails with */
  failure: (end: ThreadEnd, exitCode: number | undefined) => Error;
  log: { error(obj: unknown, msg: string): void };
}

export interface ThreadPool {
  /** Starts the threads now rather than with the first task. */
  start(): void;
  run(task: TaskBody): Promise<unknown>;
  /** tasks handed to the pool and not answered yet (the metrics' queue depth) */
  depth(): number;
  /** Lets the tasks under way finish (up to 10 s), then ends the threads; later tasks are refused. */
  close(): Promise<void>;
}

/**
 * Where a thread starts. From the sources (tests), worker-entry.mjs registers the TypeScript
 * loader and imports `module`; from the build (ADR 036) each thread's code is an entry of its
 * own, beside the chunk that starts it.
 */
function threadEntry(module: string): string {
  if (import.meta.url.endsWith('.ts')) return new URL('./worker-entry.mjs', import.meta.url).href;
  return new URL(`./${basename(module, '.ts')}.js`, import.meta.url).href;
}

const isError = (err: unknown): err is Error & { code?: unknown } => err instanceof Error;

export function createThreadPool(options: ThreadPoolOptions): ThreadPool {
  const { threads, tasksPerThread, deadlineMs, failure, log } = options;
  if (threads < 1) throw new RangeError('a thread pool has at least one thread');
  let pool: Piscina | undefined;
  let closed = false;
  let nextId = 1;
  let depth = 0;
  /** the tasks handed over and not answered: each arms its deadline when its thread begins it */
  const running = new Map<number, () => void>();
  /** threads that said they are spent: they get no task and end once they have none */
  const retiring = new Set<number>();
  const stopping = new Set<number>();
  const workers = new Map<number, PiscinaWorker>();
  /** when each thread last answered: the one idle the longest goes first */
  const idleSince = new Map<number, number>();

  const usage = (w: PiscinaWorker) => (w.isRunningAbortableTask ? 1 : w.currentUsage);
  const idleTime = (id: number) => {
    if (!idleSince.has(id)) idleSince.set(id, performance.now());
    return idleSince.get(id)!;
  };

  /** The least busy thread that takes tasks, the one idle the longest among equals (ADR 043). */
  function chooseThread(_task: unknown, candidates: PiscinaWorker[]): PiscinaWorker | null {
    let chosen: PiscinaWorker | null = null;
    for (const w of candidates) {
      if (retiring.has(w.id) || w.terminating || w.destroyed || usage(w) >= tasksPerThread) continue;
      if (
        !chosen ||
        usage(w) < usage(chosen) ||
        (usage(w) === usage(chosen) && idleTime(w.id) < idleTime(chosen.id))
      )
        chosen = w;
    }
    return chosen;
  }

  /**
   * Ends the spent threads that have nothing under way; piscina starts their replacements at once.
   * A thread stays among the retiring (handed nothing) until piscina has let go of it.
   */
  function endRetired(): void {
    for (const id of retiring) {
      const w = workers.get(id);
      if (stopping.has(id) || (w && w.currentUsage !== 0)) continue;
      stopping.add(id);
      void pool?.threads.find((t) => t.threadId === id)?.terminate();
    }
  }

  function onNotice(notice: PoolNotice): void {
    if ('began' in notice) {
      running.get(notice.began)?.();
      return;
    }
    retiring.add(notice.retire);
    notice.port.postMessage(true);
    notice.port.close();
  }

  function open(): Piscina {
    if (pool) return pool;
    configureThreadHeaps();
    const opened = new Piscina({
      filename: threadEntry(options.module),
      workerData: { ...options.workerData, module: options.module },
      minThreads: threads,
      maxThreads: threads,
      idleTimeout: Infinity,
      concurrentTasksPerWorker: tasksPerThread,
      resourceLimits: { maxOldGenerationSizeMb: options.heapMb },
      // a waiting thread blocked in Atomics.wait would stop its own timers and connections too
      atomics: 'disabled',
      stricterFIFO: true,
      recordTiming: false,
      closeTimeout: CLOSE_GRACE_MS,
      loadBalancer: chooseThread,
    });
    opened.on('message', onNotice);
    opened.on('workerCreate', (w: PiscinaWorker) => workers.set(w.id, w));
    opened.on('workerDestroy', (w: PiscinaWorker) => {
      workers.delete(w.id);
      idleSince.delete(w.id);
      retiring.delete(w.id);
      stopping.delete(w.id);
    });
    // a thread that failed with no task under way: there is no caller to tell
    opened.on('error', (err: unknown) => log.error({ err }, 'a pool thread failed'));
    pool = opened;
    return opened;
  }

  /**
   * The error a task of a thread that ended fails with; an error that is not a thread's end, as is.
   * piscina answers the task whose deadline passed with an AbortError, and the other tasks of the
   * thread it stops for it with "Terminating worker thread" (as it does those still running when
   * closing gives up waiting); a thread that ended by itself, with its exit code.
   */
  function failureOf(err: unknown): unknown {
    if (!isError(err)) return err;
    if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') return failure('out_of_memory', undefined);
    if (err.name === 'AbortError') return failure('deadline', undefined);
    if (err.message === 'Terminating worker thread') return failure(closed ? 'exit' : 'deadline', undefined);
    const exited = /^worker exited with code: (\d+)/.exec(err.message);
    return exited ? failure('exit', Number(exited[1])) : err;
  }

  return {
    start: () => void open(),
    async run(body) {
      if (closed) throw new Error('the worker thread is closed');
      const piscina = open();
      const id = nextId++;
      const controller = new AbortController();
      let timer: ReturnType<typeof setTimeout> | undefined;
      // a thread cannot be interrupted inside a task: piscina stops it, and starts another
      const begin = () => (timer ??= setTimeout(() => controller.abort(), deadlineMs));
      running.set(id, begin);
      depth += 1;
      let reply: PoolReply;
      try {
        reply = (await piscina.run({ id, body } satisfies PoolTask, {
          signal: controller.signal,
        })) as PoolReply;
      } catch (err) {
        throw failureOf(err);
      } finally {
        clearTimeout(timer);
        running.delete(id);
        depth -= 1;
        endRetired();
      }
      // the answer names its thread: the notice that it began may arrive after it
      if (workers.has(reply.thread)) idleSince.set(reply.thread, performance.now());
      if (reply.ok) return reply.value;
      throw reply.code ? new AppError(reply.code, reply.message) : new Error(reply.message);
    },
    depth: () => depth,
    async close() {
      closed = true;
      await pool?.close();
    },
  };
}
