// The background worker thread (ADR 028): composes completion mails (validating every signature,
// rendering and sealing the protocol, building each recipient's mail) on the second core while
// the serving thread goes on signing. It has its own database connection, blob store, trust
// services and mail outbox, built from the same configuration; the claims of ADR 027 keep it
// and any other process from composing the same mail twice.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import pLimit from 'p-limit';
import { pino } from 'pino';
import type { Config } from '../config.js';
import { openDatabase } from '../db/database.js';
import { systemClock } from '../lib/clock.js';
import {
  sendCompletionMail,
  sendDueCompletionMails,
} from '../modules/signature-requests/completion/completion-mail.js';
import { createRequestServices } from '../request-services.js';
import type { WorkerReply, WorkerTask } from './messages.js';

/** How much this thread steps back when it and the serving thread both want a core. */
const BACKGROUND_NICE = 10;

/**
 * Signers wait for their answer; a completion mail can wait a moment. On Linux each thread has
 * its own nice value, so this thread lowers its own: with more work than cores, the serving
 * thread goes first. Elsewhere (or where it is not allowed) it runs at normal priority.
 */
function stepBack(): void {
  try {
    const threadId = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId)) os.setPriority(threadId, BACKGROUND_NICE);
  } catch {
    // not Linux: the worker shares the cores evenly
  }
}

const port = parentPort;
if (!port) throw new Error('worker-thread.ts runs as a worker thread only');
stepBack();
const { config } = workerData as { config: Config };
const log = pino({ level: config.logLevel, base: { thread: 'background' } });
const db = openDatabase({
  databaseUrl: config.databaseUrl,
  sqliteFile: path.join(config.dataDir, 'countersign.db'),
});
const { requestsDeps, mailer } = createRequestServices(config, db, { clock: systemClock, log });

/** Two tasks at a time: one thread gains nothing from more, and each holds whole documents. */
const limit = pLimit(2);
let inFlight = 0;
let closing: Promise<void> | undefined;
let idle: (() => void) | undefined;

async function perform(task: Exclude<WorkerTask, { kind: 'close' }>): Promise<unknown> {
  if (task.kind === 'completion-mail') return sendCompletionMail(requestsDeps, task.requestId);
  return sendDueCompletionMails(requestsDeps);
}

/** Lets the tasks under way finish, then lets go of the database and the outbox. */
async function close(): Promise<void> {
  if (inFlight > 0) await new Promise<void>((resolve) => (idle = resolve));
  await mailer.close();
  await db.close();
}

port.on('message', (task: WorkerTask) => {
  const reply = (message: WorkerReply) => port.postMessage(message);
  if (task.kind === 'close') {
    // the serving thread waits for this thread to end, not for a reply
    closing ??= close()
      .catch((err: unknown) => log.error({ err }, 'closing the background worker failed'))
      .finally(() => process.exit(0));
    return;
  }
  if (closing) {
    reply({ id: task.id, ok: false, message: 'the background worker is closing' });
    return;
  }
  inFlight += 1;
  limit(() => perform(task))
    .then(
      (value) => reply({ id: task.id, ok: true, value }),
      (err: unknown) => {
        log.error({ err }, `background task ${task.kind} failed`);
        reply({ id: task.id, ok: false, message: err instanceof Error ? err.message : String(err) });
      },
    )
    .finally(() => {
      inFlight -= 1;
      if (inFlight === 0) idle?.();
    });
});
