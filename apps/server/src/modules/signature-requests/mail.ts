// Mail about signature requests, in the recipient's language (en, de, fr, it): invitation,
// reminder, declined, withdrawn, delegated (to the delegate, and a notice to the sender),
// completed, the notice observers get, send-to, and the two of expiry (ADR 023): the last
// reminder before the deadline and the notice that the request expired. The wording is in the
// `mail-request` namespace of @countersign/locales.
import type { Language } from '@countersign/domain';
import { escapeHtml } from '../../lib/html.js';
import { textsOf } from '../../lib/i18n.js';
import type { MailAttachment, MailMessage } from '../../providers/mail/mailer.js';

export const requestMailKinds = [
  'invitation',
  'reminder',
  'declined',
  'withdrawn',
  'delegated',
  'delegation_notice',
  'group_signed',
  'completed',
  'observer',
  'sendto',
  'expiry_reminder',
  'expired',
] as const;
export type RequestMailKind = (typeof requestMailKinds)[number];
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
function completedNote(v: Vars): 'attachedWithProtocol' | 'attached' | 'withProtocol' | 'neither' {
  if (v.attached) return v.withProtocol ? 'attachedWithProtocol' : 'attached';
  return v.withProtocol ? 'withProtocol' : 'neither';
}

/** The mails that ask the recipient to open the request, and so carry its link. */
const withAction = new Set<RequestMailKind>(
  requestMailKinds.filter((kind) => kind !== 'withdrawn' && kind !== 'observer'),
);

export function renderRequestMail(
  kind: RequestMailKind,
  lang: Language,
  to: string,
  vars: Vars & { link?: string },
  attachments: MailAttachment[] = [],
): MailMessage {
  const t = textsOf(lang, 'mail-request');
  const body = t(`${kind}.body`, {
    title: vars.title,
    sender: vars.sender,
    actor: vars.actor ?? '',
    recipient: vars.recipient ?? '',
    group: vars.group ?? '',
    deadline: when(lang, vars.deadline),
    note: kind === 'completed' ? t(`completedNote.${completedNote(vars)}`) : '',
  });
  const text = [body];
  const html = [`<p>${escapeHtml(body)}</p>`];
  if (vars.logoUrl)
    html.unshift(`<p><img src="${escapeHtml(vars.logoUrl)}" alt="" style="max-height:80px"></p>`);
  if (vars.message) {
    text.push('', `${t('messageLabel')}: ${vars.message}`);
    html.push(`<blockquote>${escapeHtml(vars.message)}</blockquote>`);
  }
  const wordedAction = withAction.has(kind) ? t(`${kind}.action` as 'invitation.action') : undefined;
  const action = vars.viaSignup ? t('signupAction') : wordedAction;
  if (action && vars.link) {
    text.push('', `${action}: ${vars.link}`);
    html.push(`<p><a href="${escapeHtml(vars.link)}">${escapeHtml(action)}</a></p>`);
  }
  text.push('', 'Countersign');
  return {
    to,
    subject: t(`${kind}.subject`, { title: vars.title }),
    text: text.join('\n'),
    html: `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif">${html.join('')}<p>Countersign</p></body></html>`,
    attachments,
  };
}
