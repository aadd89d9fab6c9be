// Mail about signature requests, in the recipient's language (en, de, fr, it): invitation,
// reminder, declined, withdrawn, delegated (to the delegate, and a notice to the sender),
// completed, the notice observers get, send-to, and the two of expiry (ADR 023): the last
// reminder before the deadline and the notice that the request expired.
import { escapeHtml } from '../../lib/html.js';
import type { MailAttachment, MailMessage } from '../../providers/mail/mailer.js';

export type Language = 'en' | 'de' | 'fr' | 'it';
export type RequestMailKind =
  | 'invitation'
  | 'reminder'
  | 'declined'
  | 'withdrawn'
  | 'delegated'
  | 'delegation_notice'
  | 'group_signed'
  | 'completed'
  | 'observer'
  | 'sendto'
  | 'expiry_reminder'
  | 'expired';

type Wording = { subject: (title: string) => string; body: (v: Vars) => string; action?: string };
/** What a request mail's wording may mention. */
export interface Vars {
  title: string;
  sender: string;
  /** the company logo of the sender's business (setting companyBranding.logo), heading the HTML */
  logoUrl?: string;
  actor?: string;
  recipient?: string;
  message?: string;
  /** completed: whether the signed documents are attached (else they are behind the link) */
  attached?: boolean;
  /** completed: whether the signature protocol is attached (else it is behind the link) */
  withProtocol?: boolean;
  /** expiry mails: the deadline, ISO 8601 */
  deadline?: string;
  /** group_signed: the signer group one of its members signed for (ADR 056) */
  group?: string;
  /** the link leads to creating an account with the recipient's address (they have none) */
  viaSignup?: boolean;
}

/** A deadline as the recipient reads it: their language's long date, in UTC, said so. */
function when(lang: Language, iso: string | undefined): string {
  if (!iso) return '';
  // British English writes the day first, as the other three languages do.
  const text = new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : lang, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  });
  return `${text.format(new Date(iso))} UTC`;
}

/** What the completion mail says of its files: attached, or to be downloaded from the request. */
const completedNote: Record<Language, (v: Vars) => string> = {
  en: (v) =>
    v.attached
      ? v.withProtocol
        ? 'The signed documents and the signature protocol are attached.'
        : 'The signed documents are attached; the signature protocol is in the request.'
      : v.withProtocol
        ? 'The signature protocol is attached; download the signed documents from the request.'
        : 'Download the signed documents and the signature protocol from the request.',
  de: (v) =>
    v.attached
      ? v.withProtocol
        ? 'Die unterschriebenen Dokumente und das Signaturprotokoll sind angehängt.'
        : 'Die unterschriebenen Dokumente sind angehängt; das Signaturprotokoll finden Sie in der Anfrage.'
      : v.withProtocol
        ? 'Das Signaturprotokoll ist angehängt; die unterschriebenen Dokumente können Sie in der Anfrage herunterladen.'
        : 'Die unterschriebenen Dokumente und das Signaturprotokoll können Sie in der Anfrage herunterladen.',
  fr: (v) =>
    v.attached
      ? v.withProtocol
        ? 'Les documents signés et le protocole de signature sont joints.'
        : 'Les documents signés sont joints ; le protocole de signature se trouve dans la demande.'
      : v.withProtocol
        ? 'Le protocole de signature est joint ; téléchargez les documents signés depuis la demande.'
        : 'Téléchargez les documents signés et le protocole de signature depuis la demande.',
  it: (v) =>
    v.attached
      ? v.withProtocol
        ? 'I documenti firmati e il protocollo di firma sono allegati.'
        : 'I documenti firmati sono allegati; il protocollo di firma è nella richiesta.'
      : v.withProtocol
        ? 'Il protocollo di firma è allegato; scarica i documenti firmati dalla richiesta.'
        : 'Scarica i documenti firmati e il protocollo di firma dalla richiesta.',
};

const w: Record<RequestMailKind, Record<Language, Wording>> = {
  invitation: {
    en: {
      subject: (t) => `Please sign: ${t}`,
      body: (v) => `${v.sender} asks you to sign "${v.title}".`,
      action: 'Review and sign',
    },
    de: {
      subject: (t) => `Bitte unterschreiben: ${t}`,
      body: (v) => `${v.sender} bittet Sie, «${v.title}» zu unterschreiben.`,
      action: 'Prüfen und unterschreiben',
    },
    fr: {
      subject: (t) => `À signer : ${t}`,
      body: (v) => `${v.sender} vous demande de signer « ${v.title} ».`,
      action: 'Consulter et signer',
    },
    it: {
      subject: (t) => `Da firmare: ${t}`,
      body: (v) => `${v.sender} ti chiede di firmare «${v.title}».`,
      action: 'Visualizza e firma',
    },
  },
  reminder: {
    en: {
      subject: (t) => `Reminder: please sign ${t}`,
      body: (v) => `${v.sender} is still waiting for your signature on "${v.title}".`,
      action: 'Review and sign',
    },
    de: {
      subject: (t) => `Erinnerung: bitte unterschreiben Sie ${t}`,
      body: (v) => `${v.sender} wartet noch auf Ihre Unterschrift für «${v.title}».`,
      action: 'Prüfen und unterschreiben',
    },
    fr: {
      subject: (t) => `Rappel : veuillez signer ${t}`,
      body: (v) => `${v.sender} attend toujours votre signature pour « ${v.title} ».`,
      action: 'Consulter et signer',
    },
    it: {
      subject: (t) => `Promemoria: firma ${t}`,
      body: (v) => `${v.sender} attende ancora la tua firma per «${v.title}».`,
      action: 'Visualizza e firma',
    },
  },
  declined: {
    en: {
      subject: (t) => `Declined: ${t}`,
      body: (v) => `${v.actor ?? ''} declined to sign "${v.title}".`,
      action: 'Open the request',
    },
    de: {
      subject: (t) => `Abgelehnt: ${t}`,
      body: (v) => `${v.actor ?? ''} hat es abgelehnt, «${v.title}» zu unterschreiben.`,
      action: 'Anfrage öffnen',
    },
    fr: {
      subject: (t) => `Refusé : ${t}`,
      body: (v) => `${v.actor ?? ''} a refusé de signer « ${v.title} ».`,
      action: 'Ouvrir la demande',
    },
    it: {
      subject: (t) => `Rifiutato: ${t}`,
      body: (v) => `${v.actor ?? ''} ha rifiutato di firmare «${v.title}».`,
      action: 'Apri la richiesta',
    },
  },
  withdrawn: {
    en: {
      subject: (t) => `Withdrawn: ${t}`,
      body: (v) => `${v.sender} withdrew the request to sign "${v.title}". There is nothing left to do.`,
    },
    de: {
      subject: (t) => `Zurückgezogen: ${t}`,
      body: (v) =>
        `${v.sender} hat die Anfrage zur Unterschrift von «${v.title}» zurückgezogen. Es ist nichts mehr zu tun.`,
    },
    fr: {
      subject: (t) => `Retiré : ${t}`,
      body: (v) =>
        `${v.sender} a retiré la demande de signature de « ${v.title} ». Vous n'avez plus rien à faire.`,
    },
    it: {
      subject: (t) => `Ritirato: ${t}`,
      body: (v) => `${v.sender} ha ritirato la richiesta di firma di «${v.title}». Non c'è altro da fare.`,
    },
  },
  delegated: {
    en: {
      subject: (t) => `Please sign: ${t}`,
      body: (v) => `${v.actor ?? ''} passed their signature on "${v.title}" (sent by ${v.sender}) to you.`,
      action: 'Review and sign',
    },
    de: {
      subject: (t) => `Bitte unterschreiben: ${t}`,
      body: (v) =>
        `${v.actor ?? ''} hat die Unterschrift für «${v.title}» (gesendet von ${v.sender}) an Sie weitergegeben.`,
      action: 'Prüfen und unterschreiben',
    },
    fr: {
      subject: (t) => `À signer : ${t}`,
      body: (v) =>
        `${v.actor ?? ''} vous a délégué sa signature pour « ${v.title} » (envoyé par ${v.sender}).`,
      action: 'Consulter et signer',
    },
    it: {
      subject: (t) => `Da firmare: ${t}`,
      body: (v) => `${v.actor ?? ''} ti ha delegato la sua firma per «${v.title}» (inviato da ${v.sender}).`,
      action: 'Visualizza e firma',
    },
  },
  delegation_notice: {
    en: {
      subject: (t) => `Delegated: ${t}`,
      body: (v) => `${v.actor ?? ''} passed their signature on "${v.title}" to ${v.recipient ?? ''}.`,
      action: 'Open the request',
    },
    de: {
      subject: (t) => `Weitergegeben: ${t}`,
      body: (v) =>
        `${v.actor ?? ''} hat die Unterschrift für «${v.title}» an ${v.recipient ?? ''} weitergegeben.`,
      action: 'Anfrage öffnen',
    },
    fr: {
      subject: (t) => `Délégué : ${t}`,
      body: (v) => `${v.actor ?? ''} a délégué sa signature pour « ${v.title} » à ${v.recipient ?? ''}.`,
      action: 'Ouvrir la demande',
    },
    it: {
      subject: (t) => `Delegato: ${t}`,
      body: (v) => `${v.actor ?? ''} ha delegato la sua firma per «${v.title}» a ${v.recipient ?? ''}.`,
      action: 'Apri la richiesta',
    },
  },
  group_signed: {
    en: {
      subject: (t) => `Signed for your group: ${t}`,
      body: (v) =>
        `${v.actor ?? ''} signed "${v.title}" (sent by ${v.sender}) for the signer group ${v.group ?? ''}. Nothing is left for you to do.`,
      action: 'Open the request',
    },
    de: {
      subject: (t) => `Für Ihre Gruppe unterschrieben: ${t}`,
      body: (v) =>
        `${v.actor ?? ''} hat «${v.title}» (gesendet von ${v.sender}) für die Unterzeichnergruppe ${v.group ?? ''} unterschrieben. Für Sie bleibt nichts zu tun.`,
      action: 'Anfrage öffnen',
    },
    fr: {
      subject: (t) => `Signé pour votre groupe : ${t}`,
      body: (v) =>
        `${v.actor ?? ''} a signé « ${v.title} » (envoyé par ${v.sender}) pour le groupe de signataires ${v.group ?? ''}. Vous n'avez plus rien à faire.`,
      action: 'Ouvrir la demande',
    },
    it: {
      subject: (t) => `Firmato per il tuo gruppo: ${t}`,
      body: (v) =>
        `${v.actor ?? ''} ha firmato «${v.title}» (inviato da ${v.sender}) per il gruppo di firmatari ${v.group ?? ''}. Non ti resta nulla da fare.`,
      action: 'Apri la richiesta',
    },
  },
  completed: {
    en: {
      subject: (t) => `Signed by everyone: ${t}`,
      body: (v) => `Everyone has signed "${v.title}". ${completedNote.en(v)}`,
      action: 'Open the request',
    },
    de: {
      subject: (t) => `Von allen unterschrieben: ${t}`,
      body: (v) => `Alle haben «${v.title}» unterschrieben. ${completedNote.de(v)}`,
      action: 'Anfrage öffnen',
    },
    fr: {
      subject: (t) => `Signé par tous : ${t}`,
      body: (v) => `Tout le monde a signé « ${v.title} ». ${completedNote.fr(v)}`,
      action: 'Ouvrir la demande',
    },
    it: {
      subject: (t) => `Firmato da tutti: ${t}`,
      body: (v) => `Tutti hanno firmato «${v.title}». ${completedNote.it(v)}`,
      action: 'Apri la richiesta',
    },
  },
  observer: {
    en: {
      subject: (t) => `For your information: ${t}`,
      body: (v) => `${v.sender} added you as an observer of "${v.title}". You will hear when it is finished.`,
    },
    de: {
      subject: (t) => `Zur Kenntnis: ${t}`,
      body: (v) =>
        `${v.sender} hat Sie als Beobachter von «${v.title}» hinzugefügt. Sie erfahren, wenn die Anfrage abgeschlossen ist.`,
    },
    fr: {
      subject: (t) => `Pour information : ${t}`,
      body: (v) =>
        `${v.sender} vous a ajouté comme observateur de « ${v.title} ». Vous serez informé de son achèvement.`,
    },
    it: {
      subject: (t) => `Per conoscenza: ${t}`,
      body: (v) =>
        `${v.sender} ti ha aggiunto come osservatore di «${v.title}». Sarai informato quando sarà concluso.`,
    },
  },
  sendto: {
    en: {
      subject: (t) => `Ready for you to send: ${t}`,
      body: (v) => `${v.sender} prepared "${v.title}" for you to review and send under your name.`,
      action: 'Review and send',
    },
    de: {
      subject: (t) => `Bereit zum Versenden: ${t}`,
      body: (v) =>
        `${v.sender} hat «${v.title}» vorbereitet, damit Sie es prüfen und in Ihrem Namen versenden.`,
      action: 'Prüfen und versenden',
    },
    fr: {
      subject: (t) => `Prêt à envoyer : ${t}`,
      body: (v) =>
        `${v.sender} a préparé « ${v.title} » pour que vous le vérifiiez et l'envoyiez en votre nom.`,
      action: 'Vérifier et envoyer',
    },
    it: {
      subject: (t) => `Pronto da inviare: ${t}`,
      body: (v) => `${v.sender} ha preparato «${v.title}» perché tu lo controlli e lo invii a tuo nome.`,
      action: 'Controlla e invia',
    },
  },
  expiry_reminder: {
    en: {
      subject: (t) => `Expires soon: please sign ${t}`,
      body: (v) =>
        `${v.sender} is still waiting for your signature on "${v.title}". The request expires on ${when('en', v.deadline)}.`,
      action: 'Review and sign',
    },
    de: {
      subject: (t) => `Läuft bald ab: bitte unterschreiben Sie ${t}`,
      body: (v) =>
        `${v.sender} wartet noch auf Ihre Unterschrift für «${v.title}». Die Anfrage läuft am ${when('de', v.deadline)} ab.`,
      action: 'Prüfen und unterschreiben',
    },
    fr: {
      subject: (t) => `Expire bientôt : veuillez signer ${t}`,
      body: (v) =>
        `${v.sender} attend toujours votre signature pour « ${v.title} ». La demande expire le ${when('fr', v.deadline)}.`,
      action: 'Consulter et signer',
    },
    it: {
      subject: (t) => `Scade presto: firma ${t}`,
      body: (v) =>
        `${v.sender} attende ancora la tua firma per «${v.title}». La richiesta scade il ${when('it', v.deadline)}.`,
      action: 'Visualizza e firma',
    },
  },
  expired: {
    en: {
      subject: (t) => `Expired: ${t}`,
      body: (v) =>
        `The request from ${v.sender} to sign "${v.title}" expired on ${when('en', v.deadline)} before everyone had signed. It can no longer be signed.`,
      action: 'Open the request',
    },
    de: {
      subject: (t) => `Abgelaufen: ${t}`,
      body: (v) =>
        `Die Anfrage von ${v.sender} zur Unterschrift von «${v.title}» ist am ${when('de', v.deadline)} abgelaufen, bevor alle unterschrieben hatten. Sie kann nicht mehr unterschrieben werden.`,
      action: 'Anfrage öffnen',
    },
    fr: {
      subject: (t) => `Expiré : ${t}`,
      body: (v) =>
        `La demande de signature de « ${v.title} » envoyée par ${v.sender} a expiré le ${when('fr', v.deadline)} avant que tous aient signé. Elle ne peut plus être signée.`,
      action: 'Ouvrir la demande',
    },
    it: {
      subject: (t) => `Scaduto: ${t}`,
      body: (v) =>
        `La richiesta di firma di «${v.title}» inviata da ${v.sender} è scaduta il ${when('it', v.deadline)} prima che tutti avessero firmato. Non può più essere firmata.`,
      action: 'Apri la richiesta',
    },
  },
};

/** The action of a mail whose link asks the recipient to create an account first. */
const signupAction: Record<Language, string> = {
  en: 'To open the request, create a free account with this e-mail address',
  de: 'Um die Anfrage zu öffnen, erstellen Sie ein kostenloses Konto mit dieser E-Mail-Adresse',
  fr: 'Pour ouvrir la demande, créez un compte gratuit avec cette adresse e-mail',
  it: 'Per aprire la richiesta, crea un account gratuito con questo indirizzo e-mail',
};

const messageLabel: Record<Language, string> = {
  en: 'Message',
  de: 'Nachricht',
  fr: 'Message',
  it: 'Messaggio',
};

export function renderRequestMail(
  kind: RequestMailKind,
  lang: Language,
  to: string,
  vars: Vars & { link?: string },
  attachments: MailAttachment[] = [],
): MailMessage {
  const wording = w[kind][lang];
  const body = wording.body(vars);
  const text = [body];
  const html = [`<p>${escapeHtml(body)}</p>`];
  if (vars.logoUrl)
    html.unshift(`<p><img src="${escapeHtml(vars.logoUrl)}" alt="" style="max-height:80px"></p>`);
  if (vars.message) {
    text.push('', `${messageLabel[lang]}: ${vars.message}`);
    html.push(`<blockquote>${escapeHtml(vars.message)}</blockquote>`);
  }
  const action = vars.viaSignup ? signupAction[lang] : wording.action;
  if (action && vars.link) {
    text.push('', `${action}: ${vars.link}`);
    html.push(`<p><a href="${escapeHtml(vars.link)}">${escapeHtml(action)}</a></p>`);
  }
  text.push('', 'Countersign');
  return {
    to,
    subject: wording.subject(vars.title),
    text: text.join('\n'),
    html: `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif">${html.join('')}<p>Countersign</p></body></html>`,
    attachments,
  };
}

export const requestMailKinds = Object.keys(w) as RequestMailKind[];
