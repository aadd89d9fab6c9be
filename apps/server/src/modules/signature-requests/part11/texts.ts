// The words of Part 11 signatures in the four languages: the code's message (SMS and mail), the
// line of the visible signature, and the protocol's section on each signature's manifestation.
import type { Language } from '@countersign/domain';

export interface Part11Texts {
  codeSubject: string;
  codeMessage: (code: string, minutes: number) => string;
  /** the visible signature's line naming the kind of signature */
  standardLabel: string;
  meaningLine: (meaning: string) => string;
  protocolHeading: string;
  protocolLine: (printedName: string, email: string, at: string, meaning: string) => string;
}

export const PART11_TEXTS: Record<Language, Part11Texts> = {
  en: {
    codeSubject: 'Your code for a Part 11 signature',
    codeMessage: (code, minutes) =>
      `Your Countersign code to confirm your signature: ${code}. It is valid for ${minutes} minutes. Never share it.`,
    standardLabel: 'Electronic signature (21 CFR Part 11)',
    meaningLine: (meaning) => `Meaning: ${meaning}`,
    protocolHeading: 'Signature manifestations (21 CFR Part 11)',
    protocolLine: (name, email, at, meaning) =>
      `${name} <${email}> signed on ${at}, after entering their password and a one-time code. Meaning: ${meaning}`,
  },
  de: {
    codeSubject: 'Ihr Code für eine Part-11-Signatur',
    codeMessage: (code, minutes) =>
      `Ihr Countersign-Code zur Bestätigung Ihrer Signatur: ${code}. Er ist ${minutes} Minuten gültig. Geben Sie ihn nie weiter.`,
    standardLabel: 'Elektronische Signatur (21 CFR Part 11)',
    meaningLine: (meaning) => `Bedeutung: ${meaning}`,
    protocolHeading: 'Signaturangaben (21 CFR Part 11)',
    protocolLine: (name, email, at, meaning) =>
      `${name} <${email}> hat am ${at} nach Eingabe des Passworts und eines Einmalcodes signiert. Bedeutung: ${meaning}`,
  },
  fr: {
    codeSubject: 'Votre code pour une signature Part 11',
    codeMessage: (code, minutes) =>
      `Votre code Countersign pour confirmer votre signature : ${code}. Il est valable ${minutes} minutes. Ne le communiquez jamais.`,
    standardLabel: 'Signature électronique (21 CFR Part 11)',
    meaningLine: (meaning) => `Signification : ${meaning}`,
    protocolHeading: 'Mentions des signatures (21 CFR Part 11)',
    protocolLine: (name, email, at, meaning) =>
      `${name} <${email}> a signé le ${at} après avoir saisi son mot de passe et un code à usage unique. Signification : ${meaning}`,
  },
  it: {
    codeSubject: 'Il suo codice per una firma Part 11',
    codeMessage: (code, minutes) =>
      `Il suo codice Countersign per confermare la firma: ${code}. È valido ${minutes} minuti. Non lo condivida mai.`,
    standardLabel: 'Firma elettronica (21 CFR Part 11)',
    meaningLine: (meaning) => `Significato: ${meaning}`,
    protocolHeading: 'Indicazioni delle firme (21 CFR Part 11)',
    protocolLine: (name, email, at, meaning) =>
      `${name} <${email}> ha firmato il ${at} dopo aver inserito la password e un codice monouso. Significato: ${meaning}`,
  },
};
