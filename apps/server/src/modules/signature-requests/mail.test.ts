// Every request mail in every language: the subject and the body are in the recipient's language
// (a word of that language's text, and none of the other languages' words), the action link is
// there exactly for the mails that ask for an action (so a mail that asks for nothing never
// carries a link, signing token or not), the sender's message is quoted, and the HTML is escaped.
// Who gets which mail with which link is tested over HTTP in fan-out.test.ts,
// mail-settings.test.ts and expiry/expiry.test.ts.
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '@countersign/domain';
import { renderRequestMail, requestMailKinds, type RequestMailKind } from './mail.js';

/** Per kind: a distinctive word of each language's subject and body. */
const WORDS: Record<RequestMailKind, Record<Language, [subject: string, body: string]>> = {
  invitation: {
    en: ['Please sign', 'asks you to sign'],
    de: ['Bitte unterschreiben', 'bittet Sie'],
    fr: ['À signer', 'vous demande de signer'],
    it: ['Da firmare', 'ti chiede di firmare'],
  },
  reminder: {
    en: ['Reminder', 'still waiting'],
    de: ['Erinnerung', 'wartet noch'],
    fr: ['Rappel', 'attend toujours'],
    it: ['Promemoria', 'attende ancora'],
  },
  declined: {
    en: ['Declined', 'declined to sign'],
    de: ['Abgelehnt', 'abgelehnt'],
    fr: ['Refusé', 'a refusé'],
    it: ['Rifiutato', 'ha rifiutato'],
  },
  withdrawn: {
    en: ['Withdrawn', 'withdrew'],
    de: ['Zurückgezogen', 'zurückgezogen'],
    fr: ['Retiré', 'a retiré'],
    it: ['Ritirato', 'ha ritirato'],
  },
  delegated: {
    en: ['Please sign', 'passed their signature'],
    de: ['Bitte unterschreiben', 'an Sie weitergegeben'],
    fr: ['À signer', 'vous a délégué'],
    it: ['Da firmare', 'ti ha delegato'],
  },
  group_signed: {
    en: ['Signed for your group', 'for the signer group'],
    de: ['Für Ihre Gruppe unterschrieben', 'für die Unterzeichnergruppe'],
    fr: ['Signé pour votre groupe', 'pour le groupe de signataires'],
    it: ['Firmato per il tuo gruppo', 'per il gruppo di firmatari'],
  },
  delegation_notice: {
    en: ['Delegated', 'passed their signature'],
    de: ['Weitergegeben', 'weitergegeben'],
    fr: ['Délégué', 'a délégué'],
    it: ['Delegato', 'ha delegato'],
  },
  completed: {
    en: ['Signed by everyone', 'Everyone has signed'],
    de: ['Von allen unterschrieben', 'Alle haben'],
    fr: ['Signé par tous', 'Tout le monde a signé'],
    it: ['Firmato da tutti', 'Tutti hanno firmato'],
  },
  observer: {
    en: ['For your information', 'as an observer'],
    de: ['Zur Kenntnis', 'als Beobachter'],
    fr: ['Pour information', 'comme observateur'],
    it: ['Per conoscenza', 'come osservatore'],
  },
  sendto: {
    en: ['Ready for you to send', 'under your name'],
    de: ['Bereit zum Versenden', 'in Ihrem Namen'],
    fr: ['Prêt à envoyer', 'en votre nom'],
    it: ['Pronto da inviare', 'a tuo nome'],
  },
  expiry_reminder: {
    en: ['Expires soon', 'expires on 22 November 2026'],
    de: ['Läuft bald ab', 'läuft am 22. November 2026'],
    fr: ['Expire bientôt', 'expire le 22 novembre 2026'],
    it: ['Scade presto', 'scade il 22 novembre 2026'],
  },
  expired: {
    en: ['Expired', 'expired on 22 November 2026'],
    de: ['Abgelaufen', 'am 22. November 2026'],
    fr: ['Expiré', 'a expiré le 22 novembre 2026'],
    it: ['Scaduto', 'è scaduta il 22 novembre 2026'],
  },
};

/** The mails that ask the recipient to act, and so carry a link that may hold a signing token. */
const ASKS_TO_SIGN: RequestMailKind[] = ['invitation', 'reminder', 'delegated', 'expiry_reminder'];
/** The mails with no action at all: whatever link the caller passes must not appear. */
const NO_LINK: RequestMailKind[] = ['withdrawn', 'observer'];

const TOKEN_LINK = 'https://countersign.test/view/r1/s1?token=raw-secret-token';
const VIEW_LINK = 'https://countersign.test/view/r1';
const SENDTO_LINK = 'https://countersign.test/sendto/h1';
const linkFor = (kind: RequestMailKind) =>
  ASKS_TO_SIGN.includes(kind) ? TOKEN_LINK : kind === 'sendto' ? SENDTO_LINK : VIEW_LINK;

function render(
  kind: RequestMailKind,
  lang: Language,
  extra: { attached?: boolean; withProtocol?: boolean } = {},
) {
  return renderRequestMail(kind, lang, 'to@example.org', {
    title: 'Lease <2026>',
    sender: 'Ann Owner',
    actor: 'Bea Signer',
    recipient: 'Cid Delegate',
    message: 'See clause 4 & 5',
    deadline: '2026-11-22T10:00:00Z',
    link: linkFor(kind),
    ...extra,
  });
}

describe('request mails', () => {
  it('cover every kind', () => {
    expect([...requestMailKinds].sort()).toEqual(Object.keys(WORDS).sort());
  });

  describe.each(requestMailKinds)('%s', (kind) => {
    it.each(LANGUAGES)('in %s', (lang) => {
      const mail = render(kind, lang);
      const [subjectWord, bodyWord] = WORDS[kind][lang];
      expect(mail.subject).toContain(subjectWord);
      expect(mail.subject).toContain('Lease <2026>');
      expect(mail.text).toContain(bodyWord);
      for (const other of LANGUAGES.filter((l) => l !== lang)) {
        const [otherSubject, otherBody] = WORDS[kind][other];
        if (otherSubject !== subjectWord) expect(mail.subject).not.toContain(otherSubject);
        if (otherBody !== bodyWord) expect(mail.text).not.toContain(otherBody);
      }
      expect(mail.html).toContain(`<html lang="${lang}">`);
      expect(mail.html).toContain('Lease &lt;2026&gt;');
      expect(mail.html).not.toContain('<2026>');
      expect(mail.text).toContain('See clause 4 & 5');
      expect(mail.html).toContain('See clause 4 &amp; 5');

      const link = linkFor(kind);
      if (NO_LINK.includes(kind)) {
        expect(mail.text).not.toContain('https://');
        expect(mail.html).not.toContain('href');
      } else {
        expect(mail.text).toContain(`: ${link}\n`);
        expect(mail.html).toContain(`href="${link}"`);
      }
      if (!ASKS_TO_SIGN.includes(kind)) expect(mail.text + mail.html).not.toContain('token=');
    });
  });

  // completed: what is attached and what waits behind the link, in each language
  const ATTACHED: Record<Language, RegExp> = {
    en: /attached/,
    de: /angehängt/,
    fr: /joints?\b/,
    it: /allegat[oi]/,
  };
  const DOWNLOAD: Record<Language, RegExp> = {
    en: /download/i,
    de: /herunterladen/,
    fr: /Téléchargez|téléchargez/,
    it: /Scarica|scarica/,
  };
  it.each(LANGUAGES)('completed in %s says what is attached and what is behind the link', (lang) => {
    const both = render('completed', lang, { attached: true, withProtocol: true }).text;
    const documentsOnly = render('completed', lang, { attached: true, withProtocol: false }).text;
    const protocolOnly = render('completed', lang, { attached: false, withProtocol: true }).text;
    const neither = render('completed', lang, { attached: false, withProtocol: false }).text;
    expect(both).toMatch(ATTACHED[lang]);
    expect(both).not.toMatch(DOWNLOAD[lang]);
    expect(protocolOnly).toMatch(ATTACHED[lang]);
    expect(protocolOnly).toMatch(DOWNLOAD[lang]);
    expect(neither).not.toMatch(ATTACHED[lang]);
    expect(neither).toMatch(DOWNLOAD[lang]);
    expect(new Set([both, documentsOnly, protocolOnly, neither]).size).toBe(4);
    for (const text of [both, documentsOnly, protocolOnly, neither])
      expect(text).toContain(`: ${VIEW_LINK}\n`);
  });
});
