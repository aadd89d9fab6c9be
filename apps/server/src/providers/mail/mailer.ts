// Outgoing mail through nodemailer. With SMTP_URL it speaks SMTP; without one (never in
// production) a sandbox transport builds the very same MIME message and keeps it in the
// database, where /sandbox/mail shows it, as a mail provider's own sandbox would.
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface MailAttachment {
  filename: string;
  content: Uint8Array;
  contentType: string;
  /**
   * The blob store's name for `content` when the caller read it from there or stored it there
   * (a document revision, a protocol): the outbox then refers to that blob instead of hashing and
   * storing the bytes again for every recipient.
   */
  blob?: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void | Promise<void>;
}

function toNodemailer(from: string, m: MailMessage) {
  return {
    from,
    to: m.to,
    subject: m.subject,
    text: m.text,
    html: m.html,
    attachments: (m.attachments ?? []).map((a) => ({
      filename: a.filename,
      content: Buffer.from(a.content),
      contentType: a.contentType,
    })),
  };
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport: Transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(m) {
      await transport.sendMail(toNodemailer(from, m));
    },
    close: () => transport.close(),
  };
}

export function createSandboxMailer(db: Kysely<Database>, from: string, now: () => Date): Mailer {
  // streamTransport renders the message exactly as SMTP would carry it; we keep the parts people
  // read and drop the rest.
  const transport: Transporter = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(m) {
      await transport.sendMail(toNodemailer(from, m));
      await db
        .insertInto('sandbox_mail')
        .values({
          to_address: m.to,
          subject: m.subject,
          text_body: m.text,
          html_body: m.html,
          created_at: now().toISOString(),
          attachments: JSON.stringify(
            (m.attachments ?? []).map((a) => ({
              filename: a.filename,
              content_type: a.contentType,
              size: a.content.length,
            })),
          ),
        })
        .execute();
    },
    close: () => transport.close(),
  };
}
