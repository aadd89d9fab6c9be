// Account mails in the four languages of the product (en, de, fr, it), worded in the `mail-account`
// namespace of @countersign/locales. Each gives a subject, a plain-text body and an HTML body built
// from the same sentences.
import type { Language } from '@countersign/domain';
import { escapeHtml } from '../../lib/html.js';
import { textsOf } from '../../lib/i18n.js';
import type { MailMessage } from '../../providers/mail/mailer.js';

export type AccountMailKind = 'confirm' | 'reset' | 'password_changed' | 'account_exists';
export const accountMailKinds: readonly AccountMailKind[] = [
  'account_exists',
  'confirm',
  'reset',
  'password_changed',
];
/** The mails that carry a link, and so an action to follow it. */
const withAction = new Set<AccountMailKind>(['confirm', 'reset', 'account_exists']);

export function renderAccountMail(
  kind: AccountMailKind,
  lang: Language,
  to: string,
  vars: { name: string; link?: string },
): MailMessage {
  const t = textsOf(lang, 'mail-account');
  const w = {
    subject: t(`${kind}.subject`),
    greeting: t('greeting', { name: vars.name }),
    body: t(`${kind}.body`),
    action: withAction.has(kind) ? t(`${kind}.action` as `confirm.action`) : undefined,
    footer: t(`${kind}.footer`),
  };
  const lines = [w.greeting, '', w.body];
  if (w.action && vars.link) lines.push('', `${w.action}: ${vars.link}`);
  lines.push('', w.footer, '', 'Countersign');
  const button =
    w.action && vars.link
      ? `<p><a href="${escapeHtml(vars.link)}" style="background:#006FE6;color:#fff;padding:10px 16px;border-radius:4px;text-decoration:none">${escapeHtml(w.action)}</a></p><p style="font-size:12px;color:#555">${escapeHtml(vars.link)}</p>`
      : '';
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif"><p>${escapeHtml(
    w.greeting,
  )}</p><p>${escapeHtml(w.body)}</p>${button}<p>${escapeHtml(w.footer)}</p><p>Countersign</p></body></html>`;
  return { to, subject: w.subject, text: lines.join('\n'), html };
}
