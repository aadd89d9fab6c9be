// Account mails in the four languages of the product (en, de, fr, it). Each template gives a
// subject, a plain-text body and an HTML body built from the same sentences.
import { escapeHtml } from '../../lib/html.js';
import type { MailMessage } from '../../providers/mail/mailer.js';

export type Language = 'en' | 'de' | 'fr' | 'it';
export type AccountMailKind = 'confirm' | 'reset' | 'password_changed' | 'account_exists';

interface Wording {
  subject: string;
  greeting: (name: string) => string;
  body: string;
  action?: string;
  footer: string;
}

const wordings: Record<AccountMailKind, Record<Language, Wording>> = {
  account_exists: {
    en: {
      subject: 'You already have a Countersign account',
      greeting: (n) => `Hello ${n},`,
      body: 'Someone tried to create a Countersign account with this e-mail address, which already has one. If it was you, sign in, or choose a new password with the link below; it works once and for one hour.',
      action: 'Choose a new password',
      footer: 'If this was not you, ignore this message: your account stays as it is.',
    },
    de: {
      subject: 'Sie haben bereits ein Countersign-Konto',
      greeting: (n) => `Guten Tag ${n},`,
      body: 'Jemand wollte mit dieser E-Mail-Adresse ein Countersign-Konto erstellen; zu dieser Adresse gibt es bereits eines. Falls Sie es waren, melden Sie sich an oder wählen Sie über den Link unten ein neues Passwort; er funktioniert einmal und eine Stunde lang.',
      action: 'Neues Passwort wählen',
      footer: 'Falls Sie das nicht waren, ignorieren Sie diese Nachricht: Ihr Konto bleibt unverändert.',
    },
    fr: {
      subject: 'Vous avez déjà un compte Countersign',
      greeting: (n) => `Bonjour ${n},`,
      body: "Quelqu'un a essayé de créer un compte Countersign avec cette adresse e-mail, qui en a déjà un. Si c'était vous, connectez-vous, ou choisissez un nouveau mot de passe avec le lien ci-dessous ; il fonctionne une seule fois, pendant une heure.",
      action: 'Choisir un nouveau mot de passe',
      footer: "Si ce n'était pas vous, ignorez ce message : votre compte ne change pas.",
    },
    it: {
      subject: 'Hai già un account Countersign',
      greeting: (n) => `Buongiorno ${n},`,
      body: 'Qualcuno ha cercato di creare un account Countersign con questo indirizzo e-mail, che ne ha già uno. Se sei stato tu, accedi, oppure scegli una nuova password con il link qui sotto; funziona una sola volta e per un’ora.',
      action: 'Scegli una nuova password',
      footer: 'Se non sei stato tu, ignora questo messaggio: il tuo account resta invariato.',
    },
  },
  confirm: {
    en: {
      subject: 'Confirm your e-mail address',
      greeting: (n) => `Hello ${n},`,
      body: 'Please confirm your e-mail address to finish creating your Countersign account. The link is valid for 48 hours.',
      action: 'Confirm e-mail address',
      footer: 'If you did not create an account, you can ignore this message.',
    },
    de: {
      subject: 'Bestätigen Sie Ihre E-Mail-Adresse',
      greeting: (n) => `Guten Tag ${n},`,
      body: 'Bitte bestätigen Sie Ihre E-Mail-Adresse, um Ihr Countersign-Konto fertig einzurichten. Der Link ist 48 Stunden gültig.',
      action: 'E-Mail-Adresse bestätigen',
      footer: 'Falls Sie kein Konto erstellt haben, können Sie diese Nachricht ignorieren.',
    },
    fr: {
      subject: 'Confirmez votre adresse e-mail',
      greeting: (n) => `Bonjour ${n},`,
      body: 'Veuillez confirmer votre adresse e-mail pour terminer la création de votre compte Countersign. Le lien est valable 48 heures.',
      action: "Confirmer l'adresse e-mail",
      footer: "Si vous n'avez pas créé de compte, vous pouvez ignorer ce message.",
    },
    it: {
      subject: 'Conferma il tuo indirizzo e-mail',
      greeting: (n) => `Buongiorno ${n},`,
      body: 'Conferma il tuo indirizzo e-mail per completare la creazione del tuo account Countersign. Il link è valido per 48 ore.',
      action: 'Conferma indirizzo e-mail',
      footer: 'Se non hai creato un account, puoi ignorare questo messaggio.',
    },
  },
  reset: {
    en: {
      subject: 'Reset your password',
      greeting: (n) => `Hello ${n},`,
      body: 'Someone asked to reset the password of your Countersign account. The link works once and for one hour.',
      action: 'Choose a new password',
      footer: 'If this was not you, ignore this message: your password stays as it is.',
    },
    de: {
      subject: 'Passwort zurücksetzen',
      greeting: (n) => `Guten Tag ${n},`,
      body: 'Es wurde verlangt, das Passwort Ihres Countersign-Kontos zurückzusetzen. Der Link funktioniert einmal und eine Stunde lang.',
      action: 'Neues Passwort wählen',
      footer: 'Falls Sie das nicht waren, ignorieren Sie diese Nachricht: Ihr Passwort bleibt unverändert.',
    },
    fr: {
      subject: 'Réinitialiser votre mot de passe',
      greeting: (n) => `Bonjour ${n},`,
      body: 'Une réinitialisation du mot de passe de votre compte Countersign a été demandée. Le lien fonctionne une seule fois, pendant une heure.',
      action: 'Choisir un nouveau mot de passe',
      footer: "Si ce n'était pas vous, ignorez ce message : votre mot de passe ne change pas.",
    },
    it: {
      subject: 'Reimposta la password',
      greeting: (n) => `Buongiorno ${n},`,
      body: 'È stato chiesto di reimpostare la password del tuo account Countersign. Il link funziona una sola volta e per un’ora.',
      action: 'Scegli una nuova password',
      footer: 'Se non sei stato tu, ignora questo messaggio: la password resta invariata.',
    },
  },
  password_changed: {
    en: {
      subject: 'Your password was changed',
      greeting: (n) => `Hello ${n},`,
      body: 'The password of your Countersign account was just changed and your other sessions were signed out.',
      footer: 'If this was not you, reset your password at once and contact support.',
    },
    de: {
      subject: 'Ihr Passwort wurde geändert',
      greeting: (n) => `Guten Tag ${n},`,
      body: 'Das Passwort Ihres Countersign-Kontos wurde soeben geändert, und Ihre anderen Sitzungen wurden abgemeldet.',
      footer:
        'Falls Sie das nicht waren, setzen Sie Ihr Passwort sofort zurück und kontaktieren Sie den Support.',
    },
    fr: {
      subject: 'Votre mot de passe a été modifié',
      greeting: (n) => `Bonjour ${n},`,
      body: 'Le mot de passe de votre compte Countersign vient d’être modifié et vos autres sessions ont été fermées.',
      footer:
        "Si ce n'était pas vous, réinitialisez immédiatement votre mot de passe et contactez le support.",
    },
    it: {
      subject: 'La tua password è stata modificata',
      greeting: (n) => `Buongiorno ${n},`,
      body: 'La password del tuo account Countersign è appena stata modificata e le altre sessioni sono state chiuse.',
      footer: 'Se non sei stato tu, reimposta subito la password e contatta il supporto.',
    },
  },
};

export function renderAccountMail(
  kind: AccountMailKind,
  lang: Language,
  to: string,
  vars: { name: string; link?: string },
): MailMessage {
  const w = wordings[kind][lang];
  const lines = [w.greeting(vars.name), '', w.body];
  if (w.action && vars.link) lines.push('', `${w.action}: ${vars.link}`);
  lines.push('', w.footer, '', 'Countersign');
  const button =
    w.action && vars.link
      ? `<p><a href="${escapeHtml(vars.link)}" style="background:#006FE6;color:#fff;padding:10px 16px;border-radius:4px;text-decoration:none">${escapeHtml(w.action)}</a></p><p style="font-size:12px;color:#555">${escapeHtml(vars.link)}</p>`
      : '';
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif"><p>${escapeHtml(
    w.greeting(vars.name),
  )}</p><p>${escapeHtml(w.body)}</p>${button}<p>${escapeHtml(w.footer)}</p><p>Countersign</p></body></html>`;
  return { to, subject: w.subject, text: lines.join('\n'), html };
}

export const accountMailKinds = Object.keys(wordings) as AccountMailKind[];
