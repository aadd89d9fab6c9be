// The signer's side of a Part 11 request before signing: whether it asks for re-authentication
// with the defaults they kept (GET .../part11), and the one-time code sent to them (POST
// .../part11/code): by SMS to the account's mobile number where the server can send SMS, else by
// mail to the account's address (ADR 077).
import type { Part11Status } from '@countersign/contract';
import type { Language } from '@countersign/domain';
import { AppError } from '../../../lib/app-error.js';
import type { PersonPrincipal } from '../../../lib/principal.js';
import { escapeHtml } from '../../../lib/html.js';
import { textsOf } from '../../../lib/i18n.js';
import type { SmsSender } from '../../../providers/sms/sms.js';
import { findPerson, fullNameOf, type Person } from '../../accounts/index.js';
import { DEFAULT_CODE_RULES, issueCode, pendingCode } from '../../one-time-codes/index.js';
import { authorize } from '../access.js';
import type { RequestsDeps } from '../deps.js';
import { requireRequest } from '../service.js';
import { isPart11Request } from './part11-mode.js';
import { part11CodeKey } from './reauthentication.js';

export type Part11CodeDeps = Pick<RequestsDeps, 'clock' | 'db' | 'mailer'> & { sms: SmsSender | undefined };

async function requirePerson(deps: Pick<RequestsDeps, 'db'>, caller: PersonPrincipal): Promise<Person> {
  const person = await findPerson(deps.db, caller.userId);
  if (!person) throw new AppError('auth.invalid_token', 'The account no longer exists');
  return person;
}

export async function part11Status(
  deps: Pick<RequestsDeps, 'clock' | 'db'>,
  caller: PersonPrincipal,
  requestId: string,
): Promise<Part11Status> {
  const request = await requireRequest(deps, requestId);
  const relation = authorize(request, caller, 'view');
  const person = await requirePerson(deps, caller);
  const pending = await pendingCode(deps.db, part11CodeKey(caller.userId), { now: deps.clock.now() });
  return {
    required: relation.signer !== undefined && (await isPart11Request(deps.db, request)),
    printedName: person.attributes.p11SigningName ?? fullNameOf(person),
    meaning: person.attributes.p11SigningReason,
    pendingCode: pending && {
      channel: pending.channel === 'sms' ? 'sms' : 'mail',
      expiresAt: pending.expiresAt,
    },
  };
}

/** "+41 79 *** ** 67", "a***@example.org": enough to recognise, not to learn. */
function masked(to: string, channel: 'sms' | 'mail'): string {
  if (channel === 'sms') return `${to.slice(0, Math.min(6, to.length - 2))}***${to.slice(-2)}`;
  const [local = '', domain = ''] = to.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

export async function sendPart11Code(
  deps: Part11CodeDeps,
  caller: PersonPrincipal,
  requestId: string,
): Promise<{ channel: 'sms' | 'mail'; sentTo: string; expiresAt: string }> {
  const request = await requireRequest(deps, requestId);
  const relation = authorize(request, caller, 'view');
  const isPendingSigner = relation.signer?.status === 'pending' && request.status === 'open';
  if (!isPendingSigner || !(await isPart11Request(deps.db, request))) {
    throw new AppError('part11.not_required', 'This request asks no Part 11 signature of you now');
  }
  const person = await requirePerson(deps, caller);
  const mobile = person.attributes.mobile?.trim();
  const channel = mobile && deps.sms ? 'sms' : 'mail';
  const issued = await issueCode(deps.db, part11CodeKey(caller.userId), { now: deps.clock.now(), channel });
  if (!issued.ok) {
    throw new AppError('part11.code_limit', 'Five codes were sent in the last hour', {
      retryAt: issued.retryAt,
    });
  }
  const language: Language = person.attributes.lang;
  const t = textsOf(language, 'part11');
  const text = t('codeMessage', { code: issued.code, minutes: DEFAULT_CODE_RULES.ttlMs / 60_000 });
  if (channel === 'sms' && mobile && deps.sms) await deps.sms.send({ to: mobile, text });
  else
    await deps.mailer.send({
      to: person.email,
      subject: t('codeSubject'),
      text,
      html: `<p>${escapeHtml(text)}</p>`,
    });
  return {
    channel,
    sentTo: masked(channel === 'sms' ? mobile! : person.email, channel),
    expiresAt: issued.expiresAt,
  };
}
