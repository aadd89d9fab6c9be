// The sandbox mailbox: mail kept instead of sent when no SMTP server is configured (never in
// production). A page for people at /sandbox/mail and JSON for tests at /sandbox/mail.json.
// Likewise the sandbox SMS box (/sandbox/sms, /sandbox/sms.json) for signing codes (ADR 021).
import { escapeHtml } from '../../lib/html.js';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { latestSandboxMail, latestSandboxSms } from './repo.js';

const linkify = (escaped: string): string =>
  escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

function attachmentLine(json: string): string {
  const files = JSON.parse(json) as { filename: string; size: number }[];
  if (files.length === 0) return '';
  const names = files.map((f) => `${escapeHtml(f.filename)} (${Math.ceil(f.size / 1024)} KB)`).join(', ');
  return `<p><b>Attached:</b> ${names}</p>`;
}

export function registerSandboxMailRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  const latest = () => latestSandboxMail(db);

  app.get('/sandbox/mail.json', async () => ({
    messages: (await latest()).map((m) => ({
      id: Number(m.id),
      to: m.to_address,
      subject: m.subject,
      text: m.text_body,
      html: m.html_body,
      created_at: m.created_at,
      attachments: JSON.parse(m.attachments) as { filename: string; content_type: string; size: number }[],
    })),
  }));

  app.get('/sandbox/mail', async (_request, reply) => {
    const items = (await latest())
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject)}</h2><p><b>To:</b> ${escapeHtml(m.to_address)} &middot; <time>${escapeHtml(
            m.created_at,
          )}</time></p>${attachmentLine(m.attachments)}<pre>${linkify(escapeHtml(m.text_body))}</pre></article>`,
      )
      .join('<hr>');
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandbox mailbox - Countersign</title>
<style>body{font-family:sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}pre{white-space:pre-wrap;background:#f4f6f8;padding:1rem}</style>
</head><body><h1>Sandbox mailbox</h1><p>Mail the server would have sent. Shown only while no SMTP server is configured.</p>${
      items || '<p>No mail yet.</p>'
    }</body></html>`;
  });
}

export function registerSandboxSmsRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  const latest = () => latestSandboxSms(db);

  app.get('/sandbox/sms.json', async () => ({
    messages: (await latest()).map((m) => ({
      id: Number(m.id),
      to: m.to_number,
      text: m.text,
      created_at: m.created_at,
    })),
  }));

  app.get('/sandbox/sms', async (_request, reply) => {
    const items = (await latest())
      .map(
        (m) =>
          `<li><b>${escapeHtml(m.to_number)}</b> &middot; <time>${escapeHtml(m.created_at)}</time><br>${escapeHtml(m.text)}</li>`,
      )
      .join('');
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandbox SMS - Countersign</title>
<style>body{font-family:sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}li{margin:1rem 0}</style>
</head><body><h1>Sandbox SMS</h1><p>Text messages the server would have sent. Never shown in production.</p>${
      items ? `<ul>${items}</ul>` : '<p>No messages yet.</p>'
    }</body></html>`;
  });
}
