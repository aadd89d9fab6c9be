// The invitation mail in the invitee's language (en, de, fr, it): that a business account on
// Countersign invites them, the link to /invite/{id}, and, set apart and marked as such, what the
// sender wrote: their name and the business's name. The subject is ours alone, so that text a
// sender chose never reads as Countersign's own words in an inbox (ADR 063). The business's logo
// heads the HTML when it has one.
import type { Language } from '@countersign/domain';
import { escapeHtml } from '../../lib/html.js';
import type { MailMessage } from '../../providers/mail/mailer.js';

interface Wording {
  subject: string;
  intro: string;
  /** introduces what the sender wrote, saying that it is theirs */
  senderWords: string;
  inviter: string;
  business: string;
  action: string;
  footer: string;
}

const wordings: Record<Language, Wording> = {
  en: {
    subject: 'You are invited to a business account on Countersign',
    intro: 'You are invited to join a business account on Countersign.',
    senderWords: 'In the words of the person who invited you (not checked by Countersign):',
    inviter: 'Invited by',
    business: 'Business',
    action: 'See the invitation',
    footer: 'If you do not want to join, you can ignore this message.',
  },
  de: {
    subject: 'Einladung zu einem Geschäftskonto auf Countersign',
    intro: 'Sie sind eingeladen, einem Geschäftskonto auf Countersign beizutreten.',
    senderWords: 'In den Worten der Person, die Sie einlädt (von Countersign nicht geprüft):',
    inviter: 'Eingeladen von',
    business: 'Unternehmen',
    action: 'Einladung ansehen',
    footer: 'Wenn Sie nicht beitreten möchten, können Sie diese Nachricht ignorieren.',
  },
  fr: {
    subject: 'Invitation à rejoindre un compte entreprise sur Countersign',
    intro: 'Vous êtes invité à rejoindre un compte entreprise sur Countersign.',
    senderWords: 'Selon les termes de la personne qui vous invite (non vérifiés par Countersign) :',
    inviter: 'Invitation de',
    business: 'Entreprise',
    action: "Voir l'invitation",
    footer: 'Si vous ne souhaitez pas le rejoindre, vous pouvez ignorer ce message.',
  },
  it: {
    subject: 'Invito a unirti a un account aziendale su Countersign',
    intro: 'Sei invitato a unirti a un account aziendale su Countersign.',
    senderWords: 'Con le parole di chi ti invita (non verificate da Countersign):',
    inviter: 'Invito da',
    business: 'Azienda',
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
