// The serving thread's side of the background worker (ADR 028). What a dead worker owed stays
// due in the database for the periodic job.
import type { Config } from '../config.js';
import type { CompletionMailer } from '../modules/signature-requests/deps.js';
import { createThreadClient } from './thread-client.js';

export interface BackgroundWorker extends CompletionMailer {
  /** Starts the thread now rather than with the first task. */
  start(): void;
  close(): Promise<void>;
}

export function createBackgroundWorker(
  config: Config,
  /** the process's incarnation (ADR 046): the worker's claims and leases are the process's */
  incarnation: { id: string; staleMs: number },
  log: { error(obj: unknown, msg: string): void },
): BackgroundWorker {
  const thread = createThreadClient(
    './worker-thread.ts',
    { config, incarnation: { id: incarnation.id, staleMs: incarnation.staleMs } },
    log,
  );
  return {
    start: () => thread.start(),
    sendCompletionMail: async (requestId) =>
      (await thread.run({ kind: 'completion-mail', requestId })) === true,
    sendDueCompletionMails: async () => Number(await thread.run({ kind: 'due-completion-mails' })),
    close: () => thread.close(),
  };
}
