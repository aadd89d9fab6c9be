// The mails of business accounts, in the reader's language (en, de, fr, it). The invitation says
// that a business account on Countersign invites them, links to /invite/{id}, and sets apart,
// marked as such, what the sender wrote: their name and the business's name. Its subject is ours
// alone, so that text a sender chose never reads as Countersign's own words in an inbox (ADR 063);
// the business's logo heads the HTML when it has one. The second tells a business's admins that
// another business proved a domain it held (ADR 042).
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

const domainMovedWordings: Record<
  Language,
  { subject: (d: string) => string; body: (d: string, b: string) => string[]; action: string }
> = {
  en: {
    subject: (d) => `The domain ${d} was proved by another business`,
    body: (d, b) => [
      `Another business on Countersign proved through DNS that it controls the domain ${d}, which your business account “${b}” held. The domain now belongs to that business: people with an address on ${d} are no longer offered to join yours.`,
      `If you did not expect this, check who can change the DNS records of ${d}.`,
    ],
    action: 'See your domains',
  },
  de: {
    subject: (d) => `Die Domain ${d} wurde von einem anderen Unternehmen nachgewiesen`,
    body: (d, b) => [
      `Ein anderes Unternehmen auf Countersign hat über DNS nachgewiesen, dass es die Domain ${d} kontrolliert, die Ihr Geschäftskonto «${b}» hielt. Die Domain gehört nun diesem Unternehmen: Personen mit einer Adresse auf ${d} wird nicht mehr angeboten, Ihrem beizutreten.`,
      `Falls Sie das nicht erwartet haben, prüfen Sie, wer die DNS-Einträge von ${d} ändern kann.`,
    ],
    action: 'Ihre Domains ansehen',
  },
  fr: {
    subject: (d) => `Le domaine ${d} a été prouvé par une autre entreprise`,
    body: (d, b) => [
      `Une autre entreprise sur Countersign a prouvé par le DNS qu’elle contrôle le domaine ${d}, que détenait votre compte entreprise « ${b} ». Le domaine appartient désormais à cette entreprise : les personnes ayant une adresse sur ${d} ne se voient plus proposer de rejoindre la vôtre.`,
      `Si vous ne vous y attendiez pas, vérifiez qui peut modifier les enregistrements DNS de ${d}.`,
    ],
    action: 'Voir vos domaines',
  },
  it: {
    subject: (d) => `Il dominio ${d} è stato dimostrato da un'altra azienda`,
    body: (d, b) => [
      `Un'altra azienda su Countersign ha dimostrato tramite DNS di controllare il dominio ${d}, che il tuo account aziendale «${b}» deteneva. Il dominio ora appartiene a quell'azienda: alle persone con un indirizzo su ${d} non viene più proposto di unirsi alla tua.`,
      `Se non te lo aspettavi, verifica chi può modificare i record DNS di ${d}.`,
    ],
    action: 'Vedi i tuoi domini',
  },
};

/** To the admins of a business whose proved domain another business has proved (ADR 042). */
export function renderDomainMovedMail(
  lang: Language,
  to: string,
  vars: { domain: string; businessName: string; link: string },
): MailMessage {
  const w = domainMovedWordings[lang];
  const paragraphs = w.body(vars.domain, vars.businessName.replace(/\s+/g, ' '));
  const text = [...paragraphs.flatMap((p) => [p, '']), `${w.action}: ${vars.link}`, '', 'Countersign'].join(
    '\n',
  );
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif">${paragraphs
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join(
      '',
    )}<p><a href="${escapeHtml(vars.link)}">${escapeHtml(w.action)}</a></p><p>Countersign</p></body></html>`;
  return { to, subject: w.subject(vars.domain), text, html };
}
