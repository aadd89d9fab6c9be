// The background worker thread (ADR 028): composes completion mails (validating every signature,
// rendering and sealing the protocol, building each recipient's mail) on the second core while
// the serving thread goes on signing. It has its own database connection, blob store, trust
// services and mail outbox, built from the same configuration; the claims of ADR 027 keep it
// and any other process from composing the same mail twice.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { configurePdfLimits } from '@countersign/pdf';
import { pino } from 'pino';
import type { Config } from '../config.js';
import { openDatabase } from '../db/database.js';
import { systemClock } from '../lib/clock.js';
import { livenessOf } from '../liveness/incarnation.js';
import {
  sendCompletionMail,
  sendDueCompletionMails,
} from '../modules/signature-requests/completion/completion-mail.js';
import { createRequestServices } from '../request-services.js';
import type { WorkerTask } from './messages.js';
import { serveTasks } from './thread-server.js';

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
const { config, incarnation } = workerData as {
  config: Config;
  incarnation: { id: string; staleMs: number };
};
// documents are read under the limits the serving thread was configured with (ADR 043)
configurePdfLimits(config.pdfLimits);
const log = pino({ level: config.logLevel, base: { thread: 'background' } });
const db = openDatabase({
  databaseUrl: config.databaseUrl,
  sqliteFile: path.join(config.dataDir, 'countersign.db'),
});
// the serving thread keeps the heartbeat: this thread holds its claims as part of the process
const { requestsDeps, mailer } = createRequestServices(config, db, {
  clock: systemClock,
  log,
  liveness: livenessOf(incarnation.id, incarnation.staleMs),
});

async function perform(task: Exclude<WorkerTask, { kind: 'close' }>): Promise<unknown> {
  if (task.kind === 'completion-mail') return sendCompletionMail(requestsDeps, task.requestId);
  if (task.kind === 'due-completion-mails') return sendDueCompletionMails(requestsDeps);
  throw new Error(`the background worker does not take ${task.kind} tasks`);
}

serveTasks({
  port,
  // one thread gains nothing from more, and each task holds whole documents
  concurrency: 2,
  perform,
  release: async () => {
    await mailer.close();
    await db.close();
  },
  log,
});
