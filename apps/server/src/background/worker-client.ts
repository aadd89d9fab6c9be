// The serving thread's side of the background worker (ADR 028). Each worker thread holds its
// completion-mail claims and outbox leases in a holder of its own (ADR 046), registered before
// the thread starts and beating with the process: when the thread dies while the process lives
// on, `onThreadEnded` frees what it held at once, and the job sends what it owed.
import type { Config } from '../config.js';
import type { Incarnation, ThreadHolder } from '../liveness/incarnation.js';
import type { CompletionMailer } from '../modules/signature-requests/deps.js';
import { createThreadClient } from './thread-client.js';

export interface BackgroundWorker extends CompletionMailer {
  /** Starts the thread now rather than with the first task. */
  start(): void;
  close(): Promise<void>;
}

export function createBackgroundWorker(
  config: Config,
  incarnation: Pick<Incarnation, 'staleMs' | 'threadHolder'>,
  log: { error(obj: unknown, msg: string): void },
  /** a thread ended other than by close(): its holder, for what it held to be freed */
  onThreadEnded: (holder: ThreadHolder) => Promise<void>,
): BackgroundWorker {
  // the holder of the thread running now, or of the next one to start
  let holder: ThreadHolder | undefined;
  let registering: Promise<ThreadHolder> | undefined;
  const threadHolders = new Map<string, ThreadHolder>();

  const thread = createThreadClient(
    './worker-thread.ts',
    () => {
      if (!holder) throw new Error('a worker thread starts only with a registered holder');
      threadHolders.set(holder.id, holder);
      return { config, incarnation: { id: holder.id, staleMs: incarnation.staleMs } };
    },
    log,
    {
      onEnd: (data) => {
        const id = (data['incarnation'] as { id: string }).id;
        const ended = threadHolders.get(id);
        threadHolders.delete(id);
        if (holder?.id === id) holder = undefined;
        if (ended)
          onThreadEnded(ended).catch((err: unknown) =>
            log.error({ err }, 'freeing what a worker thread held failed'),
          );
      },
    },
  );

  /** Registers a holder for the next thread, unless the current one still runs. */
  async function withHolder(): Promise<void> {
    while (!holder) {
      registering ??= incarnation.threadHolder().finally(() => (registering = undefined));
      const registered = await registering;
      holder ??= registered;
    }
  }
  // no await between a holder being there and the thread starting with it
  const run = async (task: Parameters<typeof thread.run>[0]) => {
    await withHolder();
    return thread.run(task);
  };

  return {
    start: () =>
      void withHolder()
        .then(() => thread.start())
        .catch((err: unknown) => log.error({ err }, 'the background worker could not start')),
    sendCompletionMail: async (requestId) => (await run({ kind: 'completion-mail', requestId })) === true,
    sendDueCompletionMails: async () => Number(await run({ kind: 'due-completion-mails' })),
    async close() {
      await thread.close();
      for (const ended of threadHolders.values()) await ended.end();
      threadHolders.clear();
    },
  };
}
