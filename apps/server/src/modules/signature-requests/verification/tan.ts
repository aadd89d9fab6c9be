// A signer's TAN confirmation (ADR 078, 086), whichever door asks for it (the link signer's
// /v1/direct/tan/* calls, or the verification service's api/*/{id}): the TAN mailed to the signer's
// invited address, its answer, its cancellation, and the rule that a request demanding TANs is
// signed by a link holder only within ten minutes of a right answer. The codes are the
// one-time-codes module's (hashed, ten minutes, five tries, five an hour), keyed by the signer.
import type { Language } from '@countersign/domain';
import { AppError } from '../../../lib/app-error.js';
import { escapeHtml } from '../../../lib/html.js';
import { textsOf } from '../../../lib/i18n.js';
import { businessOfMember } from '../../businesses/index.js';
import {
  checkCode,
  DEFAULT_CODE_RULES,
  issueCode,
  withdrawCode,
  type CheckResult,
} from '../../one-time-codes/index.js';
import type { Caller } from '../access.js';
import { relationOf } from '../access.js';
import type { RequestsDeps } from '../deps.js';
import type { RequestRecord, SignerRecord } from '../model.js';
import { recipientOf } from '../notify.js';
import * as repo from './repo.js';

export const directTanKey = (signerId: string) => ({ purpose: 'direct_tan', subject: signerId });

/** How long a right answer lets the signer sign: as long as the TAN itself was valid. */
export const VERIFIED_FOR_MS = DEFAULT_CODE_RULES.ttlMs;

export interface TanOptions {
  url?: string | undefined;
  subject?: string | undefined;
  companyBranding?: boolean | undefined;
}

export interface SentTan {
  channel: 'mail';
  sentTo: string;
  expiresAt: string;
}

/** Only an address of this service goes into the mail: a TAN mail must not lead elsewhere. */
const ownUrl = (publicUrl: string, url: string | undefined): string | undefined =>
  url && (url === publicUrl || url.startsWith(`${publicUrl}/`)) ? url : undefined;

const ids = (request: RequestRecord, signer: SignerRecord) => ({
  signerId: signer.id,
  requestId: request.id,
});

/** A new TAN mailed to the signer (the one before stops working); the signer is asked again. */
export async function sendTan(
  deps: Pick<RequestsDeps, 'clock' | 'db' | 'mailer' | 'publicUrl'>,
  request: RequestRecord,
  signer: SignerRecord,
  options: TanOptions,
): Promise<SentTan> {
  const now = deps.clock.now();
  const issued = await issueCode(deps.db, directTanKey(signer.id), { now, channel: 'mail' });
  if (!issued.ok) {
    throw new AppError('direct_tan.resend_limit', 'Five TANs were sent in the last hour', {
      retryAt: issued.retryAt,
    });
  }
  await repo.saveVerification(
    deps.db,
    ids(request, signer),
    { state: 'pending', verifiedUntil: null },
    now.toISOString(),
  );
  const language: Language = (await recipientOf(deps, signer.email, request)).language;
  const t = textsOf(language, 'signing-codes');
  const business = options.companyBranding ? await businessOfMember(deps.db, request.ownerId) : undefined;
  const url = ownUrl(deps.publicUrl, options.url);
  const lines = [
    business ? t('tan.from', { business: business.name }) : undefined,
    t('tan.message', { tan: issued.code, minutes: DEFAULT_CODE_RULES.ttlMs / 60_000 }),
    url,
  ].filter((line): line is string => Boolean(line));
  await deps.mailer.send({
    to: signer.email,
    subject: options.subject || t('tan.subject'),
    text: lines.join('\n\n'),
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join(''),
  });
  const [local = '', domain = ''] = signer.email.split('@');
  return { channel: 'mail', sentTo: `${local.slice(0, 1)}***@${domain}`, expiresAt: issued.expiresAt };
}

const REFUSED: Record<Exclude<CheckResult, { ok: true }>['reason'], [AppError['code'], string]> = {
  missing: ['direct_tan.missing', 'No TAN waits for you: ask for a new one'],
  invalid: ['signing.tan_invalid', 'The TAN is wrong'],
  expired: ['signing.tan_expired', 'The TAN has expired: ask for a new one'],
  locked: ['signing.tan_locked', 'Too many wrong TANs: ask for a new one'],
};

export interface AnsweredTan {
  verified: true;
  verifiedAt: string;
  /** the signer may sign until then */
  verifiedUntil: string;
}

/** Checks the signer's answer; a right one is used up and lets them sign for ten minutes. */
export async function answerTan(
  deps: Pick<RequestsDeps, 'clock' | 'db'>,
  request: RequestRecord,
  signer: SignerRecord,
  tan: string,
): Promise<AnsweredTan> {
  if ((await repo.loadVerification(deps.db, signer.id))?.state === 'cancelled') {
    throw new AppError('verification.cancelled', 'You cancelled this verification: ask for a new TAN');
  }
  const now = deps.clock.now();
  const checked = await checkCode(deps.db, directTanKey(signer.id), tan, { now });
  if (!checked.ok) throw new AppError(...REFUSED[checked.reason]);
  const verifiedUntil = new Date(now.getTime() + VERIFIED_FOR_MS).toISOString();
  await repo.saveVerification(
    deps.db,
    ids(request, signer),
    { state: 'verified', verifiedUntil },
    now.toISOString(),
  );
  return { verified: true, verifiedAt: now.toISOString(), verifiedUntil };
}

/** Ends the signer's verification: the waiting TAN stops working and a passed one stops counting. */
export async function cancelTan(
  deps: Pick<RequestsDeps, 'clock' | 'db'>,
  request: RequestRecord,
  signer: SignerRecord,
): Promise<{ cancelled: true }> {
  const now = deps.clock.now();
  await withdrawCode(deps.db, directTanKey(signer.id), { now });
  await repo.saveVerification(
    deps.db,
    ids(request, signer),
    { state: 'cancelled', verifiedUntil: null },
    now.toISOString(),
  );
  return { cancelled: true };
}

/**
 * A request that demands TANs is signed by a link holder only within ten minutes of a right
 * answer (ADR 078): the link proves access to a mailbox once, the TAN that the signer holds it
 * now. Account holders proved who they are by signing in; a qualified signature's provider asks
 * its own second factor.
 */
export async function requireTanIfDemanded(
  deps: Pick<RequestsDeps, 'clock' | 'db'>,
  caller: Caller,
  request: RequestRecord,
): Promise<void> {
  // a qualified signature is confirmed by its provider's own second factor (its TAN or its page)
  if (!request.tanRequired || caller.kind !== 'link_holder' || request.quality === 'qes') return;
  const signer = relationOf(request, caller).signer;
  const verification = signer && (await repo.loadVerification(deps.db, signer.id));
  const now = deps.clock.now().toISOString();
  if (verification?.state === 'verified' && verification.verifiedUntil && verification.verifiedUntil > now)
    return;
  throw new AppError('direct_tan.required', 'Confirm with the TAN mailed to you before you sign');
}
