// A mail server for tests that judge what a server process really hands to SMTP: the smtp-server
// package listening on loopback, keeping every message it accepts, in order. It outlives the
// server processes a crash test kills and restarts, so it sees a mail sent twice.
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** the message as it came, headers and MIME body */
  raw: string;
  /** its Message-ID header (the outbox derives it from the mail's idempotency key) */
  messageId: string;
  /** its Subject header, decoded when it was encoded */
  subject: string;
  /** when it was accepted (ms since 1970) */
  at: number;
  /** the SHA-256 (hex) of each base64 part: blob names, for attachments made from blobs */
  partHashes: string[];
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>` */
  url: string;
  mails: ReceivedMail[];
  /** The mails to `address`, their bodies decoded enough to read a link out of them. */
  textsTo(address: string): string[];
  close(): Promise<void>;
}

/** Undoes quoted-printable soft breaks and escapes, enough to read a URL out of a MIME body. */
export const decodeQuotedPrintable = (raw: string): string =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** A header's value, unfolded, with RFC 2047 encoded words decoded. */
function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const match = new RegExp(`^${name}:(.*(?:\\r?\\n[ \\t].*)*)`, 'mi').exec(head);
  const value = (match?.[1] ?? '').replace(/\r?\n[ \t]/g, ' ').trim();
  return value.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(decodeQuotedPrintable(text.replace(/_/g, ' ')), 'latin1').toString('utf8'),
  );
}

/** The base64-encoded MIME parts of a message: their headers and decoded bytes. */
export function base64Parts(raw: string): { headers: string; bytes: Buffer }[] {
  return raw.split(/\r\n--[^\r\n]+\r\n/).flatMap((part) => {
    const [headers = '', body = ''] = part.split('\r\n\r\n');
    if (!/^Content-Transfer-Encoding:\s*base64/im.test(headers)) return [];
    return [{ headers, bytes: Buffer.from(body.split(/\r\n--/)[0]!.replace(/\s+/g, ''), 'base64') }];
  });
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          messageId: header(raw, 'Message-ID'),
          subject: header(raw, 'Subject'),
          at: Date.now(),
          partHashes: base64Parts(raw).map((p) => createHash('sha256').update(p.bytes).digest('hex')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    mails,
    textsTo: (address) =>
      mails.filter((m) => m.to.includes(address)).map((m) => decodeQuotedPrintable(m.raw)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
