// Mail leaves through a real SMTP conversation: a server from the smtp-server package listens on
// loopback and we read what arrived. With SMTP configured, the sandbox mailbox is not served.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import {
  base64Parts,
  decodeQuotedPrintable,
  startSmtpSink,
  type SmtpSink,
} from '../../test-support/smtp-sink.js';
import { createTestApp } from '../../test-support/test-app.js';
import { createSmtpMailer } from './mailer.js';

/** The headers and decoded bytes of the base64 part whose headers mention `filename`. */
function attachmentPart(raw: string, filename: string): { headers: string; bytes: Buffer } {
  const part = base64Parts(raw).find((p) => p.headers.includes(filename));
  if (!part) throw new Error(`no part for ${filename}`);
  return part;
}

describe('SMTP mail', () => {
  let sink: SmtpSink;
  let url: string;
  const inbox = () => sink.mails;

  beforeAll(async () => {
    sink = await startSmtpSink();
    url = sink.url;
  });
  afterAll(async () => {
    await sink.close();
  });

  it('delivers a message with attachment over SMTP', async () => {
    const mailer = createSmtpMailer(url, 'Countersign <no-reply@countersign.test>');
    await mailer.send({
      to: 'someone@example.org',
      subject: 'Signed: contract',
      text: 'Your document is signed.',
      html: '<p>Your document is signed.</p>',
      attachments: [
        {
          filename: 'contract.pdf',
          content: new TextEncoder().encode('%PDF-1.7'),
          contentType: 'application/pdf',
        },
      ],
    });
    mailer.close();
    const mail = inbox().at(-1)!;
    expect(mail.from).toBe('no-reply@countersign.test');
    expect(mail.to).toEqual(['someone@example.org']);
    expect(mail.raw).toContain('Subject: Signed: contract');
    expect(mail.raw).toContain('filename=contract.pdf');
  });

  it('sends an attachment that names its blob to every recipient exactly as one that does not', async () => {
    const mailer = createSmtpMailer(url, 'Countersign <no-reply@countersign.test>');
    const content = randomBytes(200_000);
    const filename = 'Vertrag für Müller & Söhne-signed.pdf';
    const message = (to: string, blob?: string) => ({
      to,
      subject: 'Signed',
      text: 'Signed.',
      html: '<p>Signed.</p>',
      attachments: [{ filename, content, contentType: 'application/pdf', ...(blob && { blob }) }],
    });
    const blob = 'ab'.repeat(32);
    await mailer.send(message('first@example.org', blob));
    await mailer.send(message('second@example.org', blob));
    await mailer.send(message('plain@example.org'));
    mailer.close();
    const received = (to: string) => attachmentPart(inbox().find((m) => m.to.includes(to))!.raw, 'pdf');
    const plain = received('plain@example.org');
    expect(plain.bytes.equals(content)).toBe(true);
    for (const to of ['first@example.org', 'second@example.org']) {
      const part = received(to);
      expect(part.bytes.equals(content)).toBe(true);
      expect(part.headers).toBe(plain.headers);
    }
  });

  it('sends account mail through SMTP when SMTP_URL is set, and hides the sandbox', async () => {
    const t = await createTestApp('sqlite', { env: { SMTP_URL: url } });
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/register',
        payload: {
          email: 'smtp@example.org',
          password: 'correct horse battery staple',
          first_name: 'S',
          last_name: 'M',
          lang: 'fr',
        },
      });
      expect(res.statusCode).toBe(201);
      const mail = inbox().find((m) => m.to.includes('smtp@example.org'));
      expect(mail?.raw).toMatch(/Subject: =\?UTF-8\?|Subject: Confirmez/);
      expect(decodeQuotedPrintable(mail?.raw ?? '')).toContain(
        'http://countersign.test/signup/confirm?token=',
      );
      expect((await t.app.inject({ method: 'GET', url: '/sandbox/mail.json' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
