// Who hears of what happens to a request, and in which language: the signer links, the weight of
// each mail against the recipient's notification level (ADR 011), and the fan-out when a request
// ends early (declined, withdrawn, expired).
import type { RequestsDeps } from './deps.js';
import type { MailAttachment, MailMessage } from '../../providers/mail/mailer.js';
import { settingsOfMember } from '../businesses/index.js';
import { isLanguage, type Language } from '@countersign/domain';
import { renderRequestMail, type RequestMailKind, type Vars } from './mail.js';
import type { RequestRecord, SignerRecord } from './model.js';
import { findPeopleByEmail } from '../accounts/index.js';

/** The link a signer gets by mail: the request view for account holders, else a token link. */
export function signerLink(
  deps: Pick<RequestsDeps, 'publicUrl'>,
  requestId: string,
  signer: { id: string; accountUserId: string | null },
  token: string | undefined,
): string {
  return signer.accountUserId
    ? `${deps.publicUrl}/view/${requestId}`
    : `${deps.publicUrl}/view/${requestId}/${signer.id}?token=${token ?? ''}`;
}

/**
 * Which mails a recipient's notification setting lets through (`emailNotificationLevel`): mails
 * asking for an action always go out, `important` adds the outcome of requests one takes part
 * in, `all` (the default, and for people without an account) adds the observer notices.
 */
const MAIL_WEIGHT: Record<RequestMailKind, 'action' | 'important' | 'info'> = {
  invitation: 'action',
  reminder: 'action',
  delegated: 'action',
  sendto: 'action',
  expiry_reminder: 'action',
  declined: 'important',
  withdrawn: 'important',
  delegation_notice: 'important',
  group_signed: 'important',
  completed: 'important',
  expired: 'important',
  observer: 'info',
};
const LEVEL_ALLOWS: Record<string, readonly string[]> = {
  all: ['action', 'important', 'info'],
  important: ['action', 'important'],
  none: ['action'],
};

/** A recipient's language and how much mail they want (`emailNotificationLevel`). */
export interface Recipient {
  language: Language;
  level: string;
  /** whether an account holds the address: only then does the request's page open for them */
  hasAccount: boolean;
}

/**
 * Each recipient's language (the account's, else what they chose as a link holder, else English)
 * and mail setting, read in one statement.
 */
export async function recipientsOf(
  deps: Pick<RequestsDeps, 'db'>,
  emails: readonly string[],
  request: RequestRecord,
): Promise<Map<string, Recipient>> {
  const people = await findPeopleByEmail(deps.db, emails);
  const accounts = new Map(people.map((p) => [p.email, p.attributes]));
  return new Map(
    emails.map((email) => {
      const account = accounts.get(email);
      const attributes: { lang?: string; emailNotificationLevel?: string } = account ?? {
        lang: request.signers.find((s) => s.email === email)?.language ?? undefined,
      };
      const lang = attributes.lang;
      const recipient: Recipient = {
        language: isLanguage(lang) ? lang : 'en',
        level: ('emailNotificationLevel' in attributes && attributes.emailNotificationLevel) || 'all',
        hasAccount: account !== undefined,
      };
      return [email, recipient];
    }),
  );
}

/** One recipient's language and mail setting (recipientsOf). */
export async function recipientOf(
  deps: Pick<RequestsDeps, 'db'>,
  email: string,
  request: RequestRecord,
): Promise<Recipient> {
  return (await recipientsOf(deps, [email], request)).get(email)!;
}

/**
 * The mail of `kind` to `to`, in their language, or nothing when their mail settings turn this
 * kind of mail off.
 */
export async function composeNotification(
  deps: Pick<RequestsDeps, 'db' | 'publicUrl'>,
  request: RequestRecord,
  kind: RequestMailKind,
  to: string,
  extra: Partial<Omit<Vars, 'title' | 'sender'>> & { link?: string; attachments?: MailAttachment[] } = {},
  /** what recipientOf said of `to`, when the caller has asked already */
  known?: Recipient,
): Promise<MailMessage | undefined> {
  const recipient = known ?? (await recipientOf(deps, to, request));
  if (!(LEVEL_ALLOWS[recipient.level] ?? LEVEL_ALLOWS['all']!).includes(MAIL_WEIGHT[kind])) return undefined;
  const sender = `${request.ownerFirstName} ${request.ownerLastName}`.trim() || request.ownerEmail;
  const { attachments, ...vars } = extra;
  // a request follows its owner's business (ADR 035): its mails carry the company logo
  const logo = (await settingsOfMember(deps.db, request.ownerId))?.companyBranding.logo;
  // The request's page opens after signing in with the address it was sent to. Someone without
  // an account (a link holder, an observer) is asked to create one with that address instead of
  // being sent to a login they cannot pass; a signer's own token link is left as it is.
  const viaSignup = !recipient.hasAccount && vars.link === requestViewLink(deps, request.id);
  return renderRequestMail(
    kind,
    recipient.language,
    to,
    {
      title: request.title,
      sender,
      ...(logo && { logoUrl: logo.url }),
      ...vars,
      ...(viaSignup && { link: `${deps.publicUrl}/signup?email=${encodeURIComponent(to)}`, viaSignup }),
    },
    attachments,
  );
}

/** Sends the mail of `kind` to `to` (see composeNotification); a failure to queue it is logged. */
export async function notify(
  deps: Pick<RequestsDeps, 'db' | 'log' | 'mailer' | 'publicUrl'>,
  request: RequestRecord,
  kind: RequestMailKind,
  to: string,
  extra: Parameters<typeof composeNotification>[4] = {},
  known?: Recipient,
): Promise<void> {
  const mail = await composeNotification(deps, request, kind, to, extra, known);
  if (!mail) return;
  try {
    await deps.mailer.send(mail);
  } catch (err) {
    deps.log.error({ err, kind }, 'sending request mail failed');
  }
}

/**
 * Everyone who should learn that a request ended before completion: the owner, every signer who
 * did not decline (those still pending, those who already signed, and those who handed their
 * signature on) and every observer, once per address, leaving out the person who ended it.
 * Signers who signed hear of it because their signature will never count; observers were told
 * they would hear when the request is finished.
 */
export function partiesToTell(request: RequestRecord, except?: string): string[] {
  const addresses = new Set([
    request.ownerEmail,
    ...request.signers.filter((s) => s.status !== 'declined').flatMap((s) => addressesOf(s)),
    ...request.observers.map((o) => o.email),
  ]);
  if (except) addresses.delete(except);
  return [...addresses];
}

/**
 * Where a signer is reached: their address, or for a signer group whose place no member has
 * taken yet, every member's (ADR 056).
 */
export function addressesOf(signer: SignerRecord): string[] {
  return signer.group && signer.email === '' ? signer.group.members : [signer.email];
}

/** The request's page without any token: what outcome mails link to, as their links must not sign. */
export function requestViewLink(deps: Pick<RequestsDeps, 'publicUrl'>, requestId: string): string {
  return `${deps.publicUrl}/view/${requestId}`;
}
