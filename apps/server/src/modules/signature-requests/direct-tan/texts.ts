// The TAN mail to a link signer in the four languages.
import type { Language } from '@countersign/domain';

export const TAN_TEXTS: Record<
  Language,
  { subject: string; from: (business: string) => string; message: (tan: string, minutes: number) => string }
> = {
  en: {
    subject: 'Your TAN for signing',
    from: (business) => `${business} asks you to sign a document.`,
    message: (tan, minutes) => `Your TAN: ${tan}. It is valid for ${minutes} minutes. Never share it.`,
  },
  de: {
    subject: 'Ihre TAN zum Signieren',
    from: (business) => `${business} bittet Sie, ein Dokument zu signieren.`,
    message: (tan, minutes) =>
      `Ihre TAN: ${tan}. Sie ist ${minutes} Minuten gültig. Geben Sie sie nie weiter.`,
  },
  fr: {
    subject: 'Votre TAN pour signer',
    from: (business) => `${business} vous demande de signer un document.`,
    message: (tan, minutes) =>
      `Votre TAN : ${tan}. Il est valable ${minutes} minutes. Ne le communiquez jamais.`,
  },
  it: {
    subject: 'Il suo TAN per firmare',
    from: (business) => `${business} le chiede di firmare un documento.`,
    message: (tan, minutes) => `Il suo TAN: ${tan}. È valido ${minutes} minuti. Non lo condivida mai.`,
  },
};
