// The consent to sign electronically that a signer gives before their signature is made. Its
// words are versioned: the web app shows the current version, the sign call names the version
// and language it showed, and the server records exactly these words in the audit log and the
// signature protocol. A changed text is a new version; an old version stays readable here so
// protocols of earlier signatures keep their words.
import type { Language } from './locale.js';

export const SIGNING_CONSENT_VERSION = '2026-11';

const CONSENT_TEXTS: Readonly<Record<string, Readonly<Record<Language, string>>>> = {
  '2026-11': {
    en:
      'I agree to sign these documents electronically and intend my electronic signature to bind me ' +
      'as my handwritten signature would. I agree that my consent, name, e-mail address, IP address ' +
      "and the time of signing are recorded in this request's audit log.",
    de:
      'Ich bin einverstanden, diese Dokumente elektronisch zu unterschreiben, und will, dass mich meine ' +
      'elektronische Signatur so bindet wie meine handschriftliche Unterschrift. Ich bin einverstanden, ' +
      'dass meine Zustimmung, mein Name, meine E-Mail-Adresse, meine IP-Adresse und der Zeitpunkt der ' +
      'Unterzeichnung im Protokoll dieser Anfrage festgehalten werden.',
    fr:
      "J'accepte de signer ces documents électroniquement et je veux que ma signature électronique " +
      "m'engage comme le ferait ma signature manuscrite. J'accepte que mon consentement, mon nom, mon " +
      "adresse e-mail, mon adresse IP et l'heure de la signature soient enregistrés dans le journal " +
      "d'audit de cette demande.",
    it:
      'Accetto di firmare questi documenti elettronicamente e voglio che la mia firma elettronica mi ' +
      'vincoli come la mia firma autografa. Accetto che il mio consenso, il mio nome, il mio indirizzo ' +
      "e-mail, il mio indirizzo IP e l'ora della firma siano registrati nel registro di controllo di " +
      'questa richiesta.',
  },
};

/** The words of one version of the consent in one language; undefined for a version we never had. */
export function signingConsentText(version: string, language: Language): string | undefined {
  return Object.hasOwn(CONSENT_TEXTS, version) ? CONSENT_TEXTS[version]?.[language] : undefined;
}

/** The consent as it is recorded with a signature. */
export interface RecordedConsent {
  version: string;
  language: Language;
  text: string;
}
