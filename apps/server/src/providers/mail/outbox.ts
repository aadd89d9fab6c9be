// The mail outbox (ADR 013). `send` stores the mail (attachments as blobs) and returns; the
// outbox then hands it to the real transport (SMTP or the sandbox). A failed delivery is tried
// again later on a growing schedule and marked failed after the last try, so a mail server that
// is down for hours delays mail instead of losing it, and a slow one does not hold up the call
// that caused the mail (signing, for instance). Delivery is at least once: a process that dies
// between handing a mail over and deleting its row sends it again after the claim expires.
// Rows are deleted once sent, because bodies carry personal links.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/tokens.js';
import type { BlobStore } from '../../storage/blob-store.js';
import type { Mailer, MailMessage } from './mailer.js';

/** How long to wait after the n-th failed attempt; after the last one the mail is failed. */
export const RETRY_DELAYS_MS = [30, 120, 600, 1800, 3600, 7200, 14_400, 28_800].map((s) => s * 1000);

export function retryDelay(failedAttempts: number): number | undefined {
  return RETRY_DELAYS_MS[failedAttempts - 1];
}

export interface MailOutbox extends Mailer {
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
  /** How long a delivery may take before another process may try the same mail again. */
  claimMs?: number;
}

export function createMailOutbox(options: MailOutboxOptions): MailOutbox {
  const { db, blobs, transport, clock, log } = options;
  const claimMs = options.claimMs ?? 5 * 60 * 1000;
  const at = (offsetMs = 0) => new Date(clock.now().getTime() + offsetMs).toISOString();

  /** Delivers one mail if it is due and no one else holds it; true when it left. */
  async function deliver(id: string): Promise<'sent' | 'failed' | 'skipped'> {
    const now = at();
    // the claim returns the row it claimed, so the mail is read in the same statement
    const mail = await db
      .updateTable('mail_outbox')
      .set({ status: 'sending', next_attempt_at: at(claimMs) })
      .where('id', '=', id)
      .where('status', 'in', ['pending', 'sending'])
      .where('next_attempt_at', '<=', now)
      .returningAll()
      .executeTakeFirst();
    if (!mail) return 'skipped';
    const attachmentRows = await db
      .selectFrom('mail_outbox_attachments')
      .selectAll()
      .where('mail_id', '=', id)
      .orderBy('position')
      .execute();
    try {
      const attachments = await Promise.all(
        attachmentRows.map(async (a) => ({
          filename: a.filename,
          contentType: a.content_type,
          content: await blobs.get(a.sha256),
          // the transport encodes a blob once for all the mails that carry it
          blob: a.sha256,
        })),
      );
      await transport.send({
        to: mail.to_address,
        subject: mail.subject,
        text: mail.text_body,
        html: mail.html_body,
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
        .where('id', '=', id)
        .execute();
      if (delay === undefined) log.error({ mailId: id, attempts, reason }, 'mail delivery failed for good');
      else log.warn({ mailId: id, attempts, reason, retryInMs: delay }, 'mail delivery failed, will retry');
      return 'failed';
    }
    // its attachment rows go with it (ON DELETE CASCADE): one statement, one commit
    await db.deleteFrom('mail_outbox').where('id', '=', id).execute();
    return 'sent';
  }

  async function deliverDue(): Promise<{ sent: number; failed: number }> {
    let sent = 0;
    let failed = 0;
    for (;;) {
      const due = await db
        .selectFrom('mail_outbox')
        .select('id')
        .where('status', 'in', ['pending', 'sending'])
        .where('next_attempt_at', '<=', at())
        .orderBy('next_attempt_at')
        .limit(50)
        .execute();
      let progressed = 0;
      for (const { id } of due) {
        const result = await deliver(id);
        if (result === 'sent') sent++;
        if (result === 'failed') failed++;
        if (result !== 'skipped') progressed++;
      }
      if (due.length < 50 || progressed === 0) return { sent, failed };
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

  return {
    async send(message: MailMessage) {
      const id = newId();
      const shas = await Promise.all(
        (message.attachments ?? []).map(async (a) =>
          a.blob !== undefined && (await blobs.has(a.blob)) ? a.blob : blobs.put(a.content),
        ),
      );
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('mail_outbox')
          .values({
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
          })
          .execute();
        if (shas.length > 0)
          await trx
            .insertInto('mail_outbox_attachments')
            .values(
              (message.attachments ?? []).map((a, position) => ({
                mail_id: id,
                position,
                filename: a.filename,
                content_type: a.contentType,
                sha256: shas[position]!,
              })),
            )
            .execute();
      });
      if (options.mode === 'inline') await deliver(id);
      else kick();
    },
    deliverDue,
    async close() {
      if (timer) clearInterval(timer);
      await running;
      await transport.close();
    },
  };
}
