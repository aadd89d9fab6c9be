// The mail that tells an endpoint's owner (a business's admins, or the account's holder) that the
// server disabled a webhook endpoint because every delivery to it failed for days, in the
// reader's language (the `mail-webhook` namespace of @countersign/locales). Nothing in it comes
// from an integrator but the URL, set apart as such.
import type { Language } from '@countersign/domain';
import { escapeHtml } from '../../lib/html.js';
import { textsOf } from '../../lib/i18n.js';
import type { MailMessage } from '../../providers/mail/mailer.js';

/** To an owner of a webhook endpoint the server disabled for failing (ADR 069). */
export function renderEndpointDisabledMail(
  lang: Language,
  to: string,
  vars: { url: string; days: number; link: string; idempotencyKey: string },
): MailMessage {
  const t = textsOf(lang, 'mail-webhook');
  const paragraphs = [t('endpointDisabled.failed', { days: vars.days }), t('endpointDisabled.enableAgain')];
  const w = {
    subject: t('endpointDisabled.subject'),
    endpoint: t('endpointDisabled.endpoint'),
    action: t('endpointDisabled.action'),
  };
  const text = [
    ...paragraphs.flatMap((p) => [p, '']),
    `${w.endpoint}: ${vars.url}`,
    '',
    `${w.action}: ${vars.link}`,
    '',
    'Countersign',
  ].join('\n');
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif">${paragraphs
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join('')}<p>${escapeHtml(w.endpoint)}: <code>${escapeHtml(vars.url)}</code></p><p><a href="${escapeHtml(
    vars.link,
  )}">${escapeHtml(w.action)}</a></p><p>Countersign</p></body></html>`;
  return { to, subject: w.subject, text, html, idempotencyKey: vars.idempotencyKey };
}
