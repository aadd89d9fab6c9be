// The invitation mail in the invitee's language (en, de, fr, it): who invites, to which business,
// and the link to /invite/{id}. The business's logo heads the HTML when it has one.
import type { Language } from '@countersign/domain';
import { escapeHtml } from '../../lib/html.js';
import type { MailMessage } from '../../providers/mail/mailer.js';

const wordings: Record<
  Language,
  { subject: (b: string) => string; body: (who: string, b: string) => string; action: string; footer: string }
> = {
  en: {
    subject: (b) => `You are invited to join ${b} on Countersign`,
    body: (who, b) => `${who} invites you to join the business account of ${b} on Countersign.`,
    action: 'See the invitation',
    footer: 'If you do not want to join, you can ignore this message.',
  },
  de: {
    subject: (b) => `Einladung zu ${b} auf Countersign`,
    body: (who, b) => `${who} lädt Sie ein, dem Geschäftskonto von ${b} auf Countersign beizutreten.`,
    action: 'Einladung ansehen',
    footer: 'Wenn Sie nicht beitreten möchten, können Sie diese Nachricht ignorieren.',
  },
  fr: {
    subject: (b) => `Invitation à rejoindre ${b} sur Countersign`,
    body: (who, b) => `${who} vous invite à rejoindre le compte entreprise de ${b} sur Countersign.`,
    action: "Voir l'invitation",
    footer: 'Si vous ne souhaitez pas le rejoindre, vous pouvez ignorer ce message.',
  },
  it: {
    subject: (b) => `Invito a unirti a ${b} su Countersign`,
    body: (who, b) => `${who} ti invita a unirti all'account aziendale di ${b} su Countersign.`,
    action: "Vedi l'invito",
    footer: 'Se non vuoi unirti, puoi ignorare questo messaggio.',
  },
};

export function renderInvitationMail(
  lang: Language,
  to: string,
  vars: { inviter: string; businessName: string; link: string; logoUrl?: string | null | undefined },
): MailMessage {
  const w = wordings[lang];
  const body = w.body(vars.inviter, vars.businessName);
  const text = [body, '', `${w.action}: ${vars.link}`, '', w.footer, '', 'Countersign'].join('\n');
  const logo = vars.logoUrl
    ? `<p><img src="${escapeHtml(vars.logoUrl)}" alt="${escapeHtml(vars.businessName)}" style="max-height:80px"></p>`
    : '';
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif">${logo}<p>${escapeHtml(
    body,
  )}</p><p><a href="${escapeHtml(vars.link)}" style="background:#006FE6;color:#fff;padding:10px 16px;border-radius:4px;text-decoration:none">${escapeHtml(
    w.action,
  )}</a></p><p style="font-size:12px;color:#555">${escapeHtml(vars.link)}</p><p>${escapeHtml(w.footer)}</p><p>Countersign</p></body></html>`;
  return { to, subject: w.subject(vars.businessName), text, html };
}
