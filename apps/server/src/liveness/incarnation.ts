// A serving process's incarnation (ADR 046): a random id registered in the database at start,
// with a heartbeat every second. Document locks, completion-mail claims and outbox leases name
// the incarnation that holds them, and stand only while its heartbeat is fresh (a few beats old
// at most), so the work of a process that died is taken over in seconds, not after a timeout
// made for slow live holders. At start a process also recognises its own earlier incarnations,
// those on the same machine and data directory whose process is gone, and declares them dead at
// once: after a restart nothing waits for a heartbeat to age. A worker thread holds in a name of
// its own, registered beside the process and beating with it, so that when the thread dies while
// the process lives on, what it held is freed at once. Liveness uses the real clock, never a
// test's frozen business day; a test of holders judged dead hands `livenessOf` a clock it moves.
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { newId } from '../lib/tokens.js';
import * as repo from './repo.js';

/** How often an incarnation renews its heartbeat. */
export const HEARTBEAT_MS = 1_000;
/** How many beats may be missed before the holder counts as dead. */
export const MISSED_BEATS = 5;
/** Incarnations dead this long hold nothing any more, and their rows go. */
const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

/** What holders need to know: who this process is, and since when a heartbeat means alive. */
export interface Liveness {
  /** this process's incarnation */
  readonly id: string;
  /** holders whose heartbeat is at or before this instant (ISO) are dead */
  aliveAfter(): string;
}

/** A holder's liveness judged by `clock` (the system's, unless a test moves one of its own). */
export function livenessOf(
  id: string,
  staleMs = HEARTBEAT_MS * MISSED_BEATS,
  clock: Pick<Clock, 'now'> = systemClock,
): Liveness {
  return { id, aliveAfter: () => new Date(clock.now().getTime() - staleMs).toISOString() };
}

/** The holder a worker thread of this process holds its claims and leases in. */
export interface ThreadHolder {
  readonly id: string;
  /** Stops beating for it and deregisters it: what the thread held counts as dead at once. */
  end(): Promise<void>;
}

export interface Incarnation extends Liveness {
  readonly staleMs: number;
  /** Registers a holder for a thread, beating with this process until it ends. */
  threadHolder(): Promise<ThreadHolder>;
  /** Stops the heartbeat and deregisters (its threads' holders too): what this process held is free at once. */
  stop(): Promise<void>;
}

/** The node an incarnation runs on: this machine and this data directory. */
export function nodeName(dataDir: string): string {
  return `${os.hostname()}:${path.resolve(dataDir)}`;
}

/** Whether a process with this id runs on this machine (EPERM: it does, under another user). */
function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** When this process started: an incarnation with this pid registered before then was another process. */
const processStartedAt = Date.now() - process.uptime() * 1000;

/**
 * Registers a new incarnation and starts its heartbeat. Returns it, and the earlier incarnations
 * on the same node that are dead (their process is gone, or their heartbeat stopped): they are
 * marked dead, for the caller to take back what they held.
 */
export async function startIncarnation(
  db: Kysely<Database>,
  options: {
    node: string;
    heartbeatMs?: number;
    log: { warn(obj: unknown, msg: string): void };
  },
): Promise<{ incarnation: Incarnation; previous: string[] }> {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const staleMs = heartbeatMs * MISSED_BEATS;
  const id = newId();
  const now = () => new Date().toISOString();
  await repo.registerIncarnation(db, { id, node: options.node, pid: process.pid, at: now() });
  const aliveAfter = () => new Date(Date.now() - staleMs).toISOString();
  const earlier = await repo.earlierIncarnations(db, options.node, id);
  const previous = earlier
    .filter(
      (row) =>
        row.heartbeat_at <= aliveAfter() ||
        (row.pid === process.pid
          ? Date.parse(row.started_at) < processStartedAt
          : !processRuns(Number(row.pid))),
    )
    .map((row) => row.id);
  await repo.markDead(db, previous);
  await repo.forgetIncarnations(db, new Date(Date.now() - FORGET_AFTER_MS).toISOString());

  const register = (holder: string) =>
    repo.registerIncarnation(db, { id: holder, node: options.node, pid: process.pid, at: now() });
  const threads = new Set<string>();
  let beating: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    beating = beating
      .then(async () => {
        // judged dead and forgotten after a long stall: come back under the same id
        for (const holder of [id, ...threads])
          if (!(await repo.beat(db, holder, now()))) await register(holder);
      })
      .catch((err: unknown) => options.log.warn({ err }, 'the liveness heartbeat failed'));
  }, heartbeatMs);
  timer.unref();
  return {
    incarnation: {
      id,
      staleMs,
      aliveAfter,
      async threadHolder() {
        const holder = newId();
        await register(holder);
        threads.add(holder);
        return {
          id: holder,
          async end() {
            threads.delete(holder);
            await beating;
            await repo.removeIncarnation(db, holder);
          },
        };
      },
      async stop() {
        clearInterval(timer);
        await beating;
        for (const holder of threads) await repo.removeIncarnation(db, holder);
        await repo.removeIncarnation(db, id);
      },
    },
    previous,
  };
}
