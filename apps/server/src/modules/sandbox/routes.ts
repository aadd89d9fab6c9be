// The sandbox mailbox: mail kept instead of sent when no SMTP server is configured (never in
// production). A page for people at /sandbox/mail and JSON for tests at /sandbox/mail.json.
import { escapeHtml } from '../../lib/html.js';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

const linkify = (escaped: string): string =>
  escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

export function registerSandboxMailRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  const latest = () => db.selectFrom('sandbox_mail').selectAll().orderBy('id', 'desc').limit(200).execute();

  app.get('/sandbox/mail.json', async () => ({
    messages: (await latest()).map((m) => ({
      id: Number(m.id),
      to: m.to_address,
      subject: m.subject,
      text: m.text_body,
      html: m.html_body,
      created_at: m.created_at,
    })),
  }));

  app.get('/sandbox/mail', async (_request, reply) => {
    const items = (await latest())
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject)}</h2><p><b>To:</b> ${escapeHtml(m.to_address)} &middot; <time>${escapeHtml(
            m.created_at,
          )}</time></p><pre>${linkify(escapeHtml(m.text_body))}</pre></article>`,
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
