// Outgoing mail through nodemailer. With SMTP_URL it speaks SMTP; without one (never in
// production) a sandbox transport builds the very same MIME message and keeps it in the
// database, where /sandbox/mail shows it, as a mail provider's own sandbox would.
import { createHash } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import MimeNode from 'nodemailer/lib/mime-node';
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
  /**
   * The same for every copy of the same mail, however often it is composed or handed over: the
   * outbox keeps one row per key, and the transport sends it as the Message-ID, by which a
   * receiving server recognises a mail it accepted already. The outbox makes one when absent.
   */
  idempotencyKey?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void | Promise<void>;
}

/** The most bytes of encoded attachment parts a mailer keeps for the next recipients. */
const ENCODED_PARTS_MAX_BYTES = 32 * 1024 * 1024;

/**
 * Attachments that name their blob are encoded once, however many recipients they go to: a
 * completion mails the same signed documents and protocol to every party, and base64 with line
 * breaks costs more than the rest of a message together. A part is its MIME headers and body as
 * nodemailer itself would write them; a blob name always means the same bytes, so the name, file
 * name and type are a safe key. The oldest parts go first once the cache is over its size.
 */
function createEncodedParts(maxBytes = ENCODED_PARTS_MAX_BYTES) {
  const parts = new Map<string, Promise<Buffer>>();
  const sizes = new Map<string, number>();
  let bytes = 0;
  const encode = async (a: MailAttachment): Promise<Buffer> => {
    const part = new MimeNode('multipart/mixed').createChild(a.contentType, { filename: a.filename });
    part.setHeader('Content-Transfer-Encoding', 'base64');
    part.setHeader('Content-Disposition', 'attachment');
    part.setContent(Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength));
    const built = await part.build();
    // the message adds the line break before the next boundary itself
    return built.subarray(0, built.at(-1) === 0x0a ? built.length - 2 : built.length);
  };
  return (a: MailAttachment & { blob: string }): Promise<Buffer> => {
    const key = `${a.blob}\n${a.filename}\n${a.contentType}`;
    let part = parts.get(key);
    if (!part) {
      part = encode(a);
      parts.set(key, part);
      part.then(
        (built) => {
          if (!parts.has(key)) return;
          sizes.set(key, built.length);
          bytes += built.length;
          for (const [oldest, size] of sizes) {
            if (bytes <= maxBytes) break;
            parts.delete(oldest);
            sizes.delete(oldest);
            bytes -= size;
          }
        },
        () => parts.delete(key),
      );
    }
    return part;
  };
}

/**
 * The Message-ID of a mail with this idempotency key: the same key always gives the same id, at
 * the sender's domain (RFC 5322 section 3.6.4), so a server that accepted it once knows it again.
 */
export function messageIdFor(idempotencyKey: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'countersign.invalid';
  return `<${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 40)}@${domain}>`;
}

async function toNodemailer(from: string, m: MailMessage, encoded: ReturnType<typeof createEncodedParts>) {
  return {
    from,
    ...(m.idempotencyKey !== undefined && { messageId: messageIdFor(m.idempotencyKey, from) }),
    to: m.to,
    subject: m.subject,
    text: m.text,
    html: m.html,
    attachments: await Promise.all(
      (m.attachments ?? []).map(async (a) =>
        a.blob === undefined
          ? { filename: a.filename, content: Buffer.from(a.content), contentType: a.contentType }
          : { raw: await encoded({ ...a, blob: a.blob }) },
      ),
    ),
  };
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport: Transporter = nodemailer.createTransport(smtpUrl);
  const encoded = createEncodedParts();
  return {
    async send(m) {
      await transport.sendMail(await toNodemailer(from, m, encoded));
    },
    close: () => transport.close(),
  };
}

export function createSandboxMailer(db: Kysely<Database>, from: string, now: () => Date): Mailer {
  // streamTransport renders the message exactly as SMTP would carry it; we keep the parts people
  // read and drop the rest.
  const transport: Transporter = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const encoded = createEncodedParts();
  return {
    async send(m) {
      await transport.sendMail(await toNodemailer(from, m, encoded));
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
