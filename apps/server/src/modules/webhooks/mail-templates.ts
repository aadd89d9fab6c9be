// The mail that tells an endpoint's owner (a business's admins, or the account's holder) that the
// server disabled a webhook endpoint because every delivery to it failed for days, in the
// reader's language. Nothing in it comes from an integrator but the URL, set apart as such.
import type { Language } from '@countersign/domain';
import { escapeHtml } from '../../lib/html.js';
import type { MailMessage } from '../../providers/mail/mailer.js';

interface Wording {
  subject: string;
  body: (days: number) => string[];
  endpoint: string;
  action: string;
}

const wordings: Record<Language, Wording> = {
  en: {
    subject: 'A webhook endpoint was disabled on Countersign',
    body: (days) => [
      `Every delivery to this webhook endpoint has failed for ${days} days, so Countersign has disabled it and stopped retrying its deliveries.`,
      'Once the receiver answers again, enable the endpoint (PUT with "enabled": true) and redeliver what it missed from its delivery log.',
    ],
    endpoint: 'Endpoint',
    action: 'The webhooks API',
  },
  de: {
    subject: 'Ein Webhook-Endpunkt wurde auf Countersign deaktiviert',
    body: (days) => [
      `Jede Zustellung an diesen Webhook-Endpunkt ist seit ${days} Tagen fehlgeschlagen. Countersign hat ihn deshalb deaktiviert und versucht seine Zustellungen nicht mehr.`,
      'Sobald der Empfänger wieder antwortet, aktivieren Sie den Endpunkt (PUT mit "enabled": true) und stellen Sie Verpasstes aus seinem Zustellprotokoll erneut zu.',
    ],
    endpoint: 'Endpunkt',
    action: 'Die Webhook-API',
  },
  fr: {
    subject: 'Un point de terminaison webhook a été désactivé sur Countersign',
    body: (days) => [
      `Chaque envoi vers ce point de terminaison webhook échoue depuis ${days} jours : Countersign l’a donc désactivé et ne retente plus ses envois.`,
      'Dès que le destinataire répond à nouveau, réactivez-le (PUT avec "enabled": true) et renvoyez ce qu’il a manqué depuis son journal d’envois.',
    ],
    endpoint: 'Point de terminaison',
    action: 'L’API des webhooks',
  },
  it: {
    subject: 'Un endpoint webhook è stato disattivato su Countersign',
    body: (days) => [
      `Ogni consegna a questo endpoint webhook non riesce da ${days} giorni, quindi Countersign lo ha disattivato e non ritenta più le sue consegne.`,
      'Quando il destinatario risponde di nuovo, riattiva l’endpoint (PUT con "enabled": true) e riconsegna ciò che ha perso dal suo registro delle consegne.',
    ],
    endpoint: 'Endpoint',
    action: "L'API dei webhook",
  },
};

/** To an owner of a webhook endpoint the server disabled for failing (ADR 069). */
export function renderEndpointDisabledMail(
  lang: Language,
  to: string,
  vars: { url: string; days: number; link: string; idempotencyKey: string },
): MailMessage {
  const w = wordings[lang];
  const paragraphs = w.body(vars.days);
  const text = [
    ...paragraphs.flatMap((p) => [p, '']),
    `${w.endpoint}: ${vars.url}`,
    '',
    `${w.action}: ${vars.link}`,
    '',
    'Countersign',
  ].join('\n');
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif">${paragraphs
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join('')}<p>${escapeHtml(w.endpoint)}: <code>${escapeHtml(vars.url)}</code></p><p><a href="${escapeHtml(
    vars.link,
  )}">${escapeHtml(w.action)}</a></p><p>Countersign</p></body></html>`;
  return { to, subject: w.subject, text, html, idempotencyKey: vars.idempotencyKey };
}
