// The mail outbox (ADR 013). `send` stores the mail (attachments as blobs) and returns; the
// outbox then hands it to the real transport (SMTP or the sandbox). A failed delivery is tried
// again later on a growing schedule and marked failed after the last try, so a mail server that
// is down for hours delays mail instead of losing it, and a slow one does not hold up the call
// that caused the mail (signing, for instance). A delivery is leased by the process incarnation
// making it (ADR 046): a dead process's lease is taken over in seconds. The transport's acceptance
// of a mail is recorded first, before anything else happens (the row is deleted, since bodies
// carry personal links), so a mail handed over by a process that died is sent again only when
// the transport never accepted it. Every mail has an idempotency key, sent as its Message-ID.
import type { ExpressionBuilder, Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { Failpoint } from '../../lib/failpoint.js';
import { newId } from '../../lib/tokens.js';
import type { Liveness } from '../../liveness/incarnation.js';
import { holderAlive } from '../../liveness/repo.js';
import type { BlobStore } from '../../storage/blob-store.js';
import type { Mailer, MailMessage } from './mailer.js';

/** How long to wait after the n-th failed attempt; after the last one the mail is failed. */
export const RETRY_DELAYS_MS = [30, 120, 600, 1800, 3600, 7200, 14_400, 28_800].map((s) => s * 1000);

export function retryDelay(failedAttempts: number): number | undefined {
  return RETRY_DELAYS_MS[failedAttempts - 1];
}

/**
 * Removes the mails that failed for good before `before`, with their attachment rows; the blobs
 * only they named are left to the blob sweep. A failed mail is kept a while for an operator to
 * see why it failed, not for ever: its body carries personal links. Returns how many went.
 */
export async function purgeFailedMails(db: Kysely<Database>, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('mail_outbox')
    .where('status', '=', 'failed')
    .where('next_attempt_at', '<', before.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Addresses no mail can reach: the top-level domain `invalid` is reserved for that (RFC 2606,
 * RFC 6761). API users' accounts have such addresses (ADR 052): machines without a mailbox, which
 * read what happened to their requests through the API. Mail to them is not queued at all, rather
 * than tried for a day and kept as failed.
 */
export const isUndeliverable = (address: string): boolean => /\.invalid>?$/i.test(address.trim());

export interface MailOutbox extends Mailer {
  /**
   * Queues `messages` in one transaction and runs `alongside` in it too, so that the mails are
   * queued exactly when what caused them is recorded (a completion mail and the mark that it was
   * sent): a process that dies in between leaves both undone, not one.
   */
  queue(messages: MailMessage[], alongside?: (trx: Transaction<Database>) => Promise<void>): Promise<void>;
  /** Delivers every mail that is due now (used by the timer, the kick after `send`, and tests). */
  deliverDue(): Promise<{ sent: number; failed: number }>;
}

export interface MailOutboxOptions {
  db: Kysely<Database>;
  blobs: BlobStore;
  transport: Mailer;
  clock: Clock;
  log: {
    warn(obj: unknown, msg: string): void;
    error(obj: unknown, msg: string): void;
  };
  /** `inline` delivers before `send` returns (tests); `background` right after, off the caller's path. */
  mode: 'inline' | 'background';
  /** How often due retries are looked for in background mode. */
  pollMs?: number;
  /** How long a live process's delivery may take before another process may try the same mail again. */
  claimMs?: number;
  /** this process's incarnation, which holds the leases of the mails it delivers */
  liveness: Liveness;
  /** crash tests stop the process right after a mail's acceptance is recorded (`mail.accepted`) */
  failpoint?: Failpoint;
}

/** Gives back the leases the given (dead) incarnations held: the take-back at start (ADR 046). */
export async function releaseLeasesOf(
  db: Kysely<Database>,
  processIds: string[],
  now: Date,
): Promise<number> {
  if (processIds.length === 0) return 0;
  const result = await db
    .updateTable('mail_outbox')
    .set({ status: 'pending', claimed_by: null, next_attempt_at: now.toISOString() })
    .where('status', '=', 'sending')
    .where('claimed_by', 'in', processIds)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Mails claimed together: one statement claims them and one reads their attachments; each is
 * deleted as soon as the transport has accepted it.
 */
export const DELIVERY_BATCH = 10;

type OutboxRow = Selectable<Database['mail_outbox']>;

export function createMailOutbox(options: MailOutboxOptions): MailOutbox {
  const { db, blobs, transport, clock, log, liveness } = options;
  const failpoint = options.failpoint ?? (async () => undefined);
  const claimMs = options.claimMs ?? 5 * 60 * 1000;
  const at = (offsetMs = 0) => new Date(clock.now().getTime() + offsetMs).toISOString();

  /** Due and free: pending and due, or leased by a process that died or ran out of time. */
  const free = (eb: ExpressionBuilder<Database, 'mail_outbox'>) =>
    eb.or([
      eb.and([eb('status', 'in', ['pending', 'sending']), eb('next_attempt_at', '<=', at())]),
      eb.and([
        eb('status', '=', 'sending'),
        eb.not(holderAlive('mail_outbox.claimed_by', liveness.aliveAfter())),
      ]),
    ]);

  /**
   * Claims up to DELIVERY_BATCH mails that are due and that no live process holds (`ids`: only
   * those), reading them in the same statement.
   */
  const claim = (ids?: string[]): Promise<OutboxRow[]> =>
    db
      .updateTable('mail_outbox')
      .set({ status: 'sending', next_attempt_at: at(claimMs), claimed_by: liveness.id })
      .where('id', 'in', (eb) => {
        let due = eb.selectFrom('mail_outbox').select('id').where(free);
        if (ids) due = due.where('id', 'in', ids);
        return due.orderBy('next_attempt_at').limit(DELIVERY_BATCH);
      })
      // a row another process claimed or gave up on after the inner read is left alone
      .where(free)
      .returningAll()
      .execute();

  /** Hands one claimed mail to the transport; on failure it is tried again later or failed. */
  async function deliverOne(
    mail: OutboxRow,
    attachmentRows: Selectable<Database['mail_outbox_attachments']>[],
    read: (sha256: string) => Promise<Buffer>,
  ): Promise<boolean> {
    try {
      const attachments = await Promise.all(
        attachmentRows.map(async (a) => ({
          filename: a.filename,
          contentType: a.content_type,
          content: await read(a.sha256),
          // the transport encodes a blob once for all the mails that carry it
          blob: a.sha256,
        })),
      );
      await transport.send({
        to: mail.to_address,
        subject: mail.subject,
        text: mail.text_body,
        html: mail.html_body,
        idempotencyKey: mail.idempotency_key ?? mail.id,
        ...(attachments.length > 0 && { attachments }),
      });
    } catch (err) {
      const attempts = Number(mail.attempts) + 1;
      const delay = retryDelay(attempts);
      const reason = err instanceof Error ? err.message : String(err);
      await db
        .updateTable('mail_outbox')
        .set({
          status: delay === undefined ? 'failed' : 'pending',
          attempts,
          next_attempt_at: at(delay ?? 0),
          last_error: reason.slice(0, 500),
        })
        .where('id', '=', mail.id)
        .execute();
      if (delay === undefined)
        log.error({ mailId: mail.id, attempts, reason }, 'mail delivery failed for good');
      else
        log.warn({ mailId: mail.id, attempts, reason, retryInMs: delay }, 'mail delivery failed, will retry');
      return false;
    }
    // Accepted: recorded before anything else, so that a crash from here on cannot send it again.
    // Its attachment rows go with it (ON DELETE CASCADE).
    await db.deleteFrom('mail_outbox').where('id', '=', mail.id).execute();
    await failpoint('mail.accepted');
    return true;
  }

  /** Claims and delivers one batch of due mails (of `ids` only, when given). */
  async function deliverBatch(ids?: string[]): Promise<{ claimed: number; sent: number; failed: number }> {
    const mails = await claim(ids);
    if (mails.length === 0) return { claimed: 0, sent: 0, failed: 0 };
    const attachmentRows = await db
      .selectFrom('mail_outbox_attachments')
      .selectAll()
      .where(
        'mail_id',
        'in',
        mails.map((m) => m.id),
      )
      .orderBy('mail_id')
      .orderBy('position')
      .execute();
    // the mails of one batch often carry the same blobs (a completion's, to every party): each is
    // read once for the batch
    const contents = new Map<string, Promise<Buffer>>();
    const read = (sha256: string): Promise<Buffer> => {
      let content = contents.get(sha256);
      if (!content) contents.set(sha256, (content = blobs.get(sha256)));
      return content;
    };
    let sent = 0;
    for (const mail of mails)
      if (
        await deliverOne(
          mail,
          attachmentRows.filter((a) => a.mail_id === mail.id),
          read,
        )
      )
        sent += 1;
    return { claimed: mails.length, sent, failed: mails.length - sent };
  }

  async function deliverDue(): Promise<{ sent: number; failed: number }> {
    let sent = 0;
    let failed = 0;
    for (;;) {
      const batch = await deliverBatch();
      sent += batch.sent;
      failed += batch.failed;
      if (batch.claimed < DELIVERY_BATCH) return { sent, failed };
    }
  }

  // Background mode: one delivery run at a time; a kick during a run asks for another.
  let running: Promise<void> | undefined;
  let again = false;
  const kick = () => {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await deliverDue().catch((err: unknown) => log.error({ err }, 'mail outbox run failed'));
      } while (again);
    })().finally(() => {
      running = undefined;
    });
  };
  const timer = options.mode === 'background' ? setInterval(kick, options.pollMs ?? 15_000) : undefined;
  timer?.unref();
  if (options.mode === 'background') kick();

  async function queue(
    messages: MailMessage[],
    alongside?: (trx: Transaction<Database>) => Promise<void>,
  ): Promise<void> {
    const mails = await Promise.all(
      messages
        .filter((message) => !isUndeliverable(message.to))
        .map(async (message) => ({
          id: newId(),
          message,
          // an attachment the blob store holds already is referred to, not stored again
          shas: await Promise.all(
            (message.attachments ?? []).map(async (a) =>
              a.blob !== undefined && (await blobs.has(a.blob)) ? a.blob : blobs.put(a.content),
            ),
          ),
        })),
    );
    await db.transaction().execute(async (trx) => {
      // a mail whose key is queued already is that mail: it is not queued twice
      const inserted = new Set(
        mails.length === 0
          ? []
          : (
              await trx
                .insertInto('mail_outbox')
                .values(
                  mails.map(({ id, message }) => ({
                    id,
                    to_address: message.to,
                    subject: message.subject,
                    text_body: message.text,
                    html_body: message.html,
                    status: 'pending',
                    attempts: 0,
                    next_attempt_at: at(),
                    last_error: null,
                    created_at: at(),
                    claimed_by: null,
                    idempotency_key: message.idempotencyKey ?? id,
                  })),
                )
                .onConflict((oc) => oc.column('idempotency_key').doNothing())
                .returning('id')
                .execute()
            ).map((r) => r.id),
      );
      const attachmentRows = mails
        .filter(({ id }) => inserted.has(id))
        .flatMap(({ id, message, shas }) =>
          (message.attachments ?? []).map((a, position) => ({
            mail_id: id,
            position,
            filename: a.filename,
            content_type: a.contentType,
            sha256: shas[position]!,
          })),
        );
      if (attachmentRows.length > 0)
        await trx.insertInto('mail_outbox_attachments').values(attachmentRows).execute();
      await alongside?.(trx);
    });
    // a blob found stored may have been taken meanwhile by a removal (a request deleted as its
    // completion mail is queued); the mails need it whole (ADR 034)
    for (const { message, shas } of mails)
      for (const [position, a] of (message.attachments ?? []).entries())
        await blobs.ensure(shas[position]!, a.content);
    if (options.mode === 'background') kick();
    else
      for (let from = 0; from < mails.length; from += DELIVERY_BATCH)
        await deliverBatch(mails.slice(from, from + DELIVERY_BATCH).map((m) => m.id));
  }

  return {
    send: (message: MailMessage) => queue([message]),
    queue,
    deliverDue,
    async close() {
      if (timer) clearInterval(timer);
      await running;
      await transport.close();
    },
  };
}
