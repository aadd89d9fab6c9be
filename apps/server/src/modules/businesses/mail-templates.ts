// The mails of business accounts, in the reader's language (en, de, fr, it). The invitation says
// that a business account on Countersign invites them, links to /invite/{id}, and sets apart,
// marked as such, what the sender wrote: their name and the business's name. Its subject is ours
// alone, so that text a sender chose never reads as Countersign's own words in an inbox (ADR 063);
// the business's logo heads the HTML when it has one. The second tells a business's admins that
// another business proved a domain it held (ADR 042). The wording is in the `mail-business`
// namespace of @countersign/locales.
import type { Language } from '@countersign/domain';
import { escapeHtml } from '../../lib/html.js';
import { textsOf } from '../../lib/i18n.js';
import type { MailMessage } from '../../providers/mail/mailer.js';

export function renderInvitationMail(
  lang: Language,
  to: string,
  vars: { inviter: string; businessName: string; link: string; logoUrl?: string | null | undefined },
): MailMessage {
  const t = textsOf(lang, 'mail-business');
  const w = {
    subject: t('invitation.subject'),
    intro: t('invitation.intro'),
    senderWords: t('invitation.senderWords'),
    inviter: t('invitation.inviter'),
    business: t('invitation.business'),
    action: t('invitation.action'),
    footer: t('invitation.footer'),
  };
  // one line each, so that a name cannot pose as a paragraph of the mail
  const quoted: [string, string][] = [
    [w.inviter, vars.inviter.replace(/\s+/g, ' ')],
    [w.business, vars.businessName.replace(/\s+/g, ' ')],
  ];
  const text = [
    w.intro,
    '',
    w.senderWords,
    ...quoted.map(([label, value]) => `  ${label}: «${value}»`),
    '',
    `${w.action}: ${vars.link}`,
    '',
    w.footer,
    '',
    'Countersign',
  ].join('\n');
  const logo = vars.logoUrl
    ? `<p><img src="${escapeHtml(vars.logoUrl)}" alt="" style="max-height:80px"></p>`
    : '';
  const rows = quoted
    .map(
      ([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif">${logo}<p>${escapeHtml(
    w.intro,
  )}</p><blockquote style="border-left:3px solid #999;margin:0;padding:4px 12px"><p style="font-size:12px;color:#555">${escapeHtml(
    w.senderWords,
  )}</p><table>${rows}</table></blockquote><p><a href="${escapeHtml(vars.link)}" style="background:#006FE6;color:#fff;padding:10px 16px;border-radius:4px;text-decoration:none">${escapeHtml(
    w.action,
  )}</a></p><p style="font-size:12px;color:#555">${escapeHtml(vars.link)}</p><p>${escapeHtml(w.footer)}</p><p>Countersign</p></body></html>`;
  return { to, subject: w.subject, text, html };
}

/** To the admins of a business whose proved domain another business has proved (ADR 042). */
export function renderDomainMovedMail(
  lang: Language,
  to: string,
  vars: { domain: string; businessName: string; link: string },
): MailMessage {
  const t = textsOf(lang, 'mail-business');
  const names = { domain: vars.domain, business: vars.businessName.replace(/\s+/g, ' ') };
  const paragraphs = [t('domainMoved.moved', names), t('domainMoved.check', names)];
  const w = { action: t('domainMoved.action'), subject: t('domainMoved.subject', names) };
  const text = [...paragraphs.flatMap((p) => [p, '']), `${w.action}: ${vars.link}`, '', 'Countersign'].join(
    '\n',
  );
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif">${paragraphs
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join(
      '',
    )}<p><a href="${escapeHtml(vars.link)}">${escapeHtml(w.action)}</a></p><p>Countersign</p></body></html>`;
  return { to, subject: w.subject, text, html };
}
