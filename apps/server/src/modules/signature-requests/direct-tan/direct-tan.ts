// TANs for link signers (ADR 078): a six-digit code mailed to the signer's address, in the name
// of the sender's business when asked (company branding) and under the subject the caller gives,
// and its check. Codes are the one-time-codes module's (hashed, ten minutes, five tries, five an
// hour); a wrong, expired or locked TAN answers the same codes as a provider's TAN does.
import type { Language } from '@countersign/domain';
import { AppError } from '../../../lib/app-error.js';
import { escapeHtml } from '../../../lib/html.js';
import type { LinkHolderPrincipal } from '../../../lib/principal.js';
import { businessOfMember } from '../../businesses/index.js';
import { checkCode, DEFAULT_CODE_RULES, issueCode, type CheckResult } from '../../one-time-codes/index.js';
import { authorize } from '../access.js';
import type { RequestsDeps } from '../deps.js';
import { recipientOf } from '../notify.js';
import { requireRequest } from '../service.js';
import { TAN_TEXTS } from './texts.js';

type Deps = Pick<RequestsDeps, 'clock' | 'db' | 'mailer' | 'publicUrl'>;

export const directTanKey = (signerId: string) => ({ purpose: 'direct_tan', subject: signerId });

/** The pending signer of the link's request, or the request's refusal. */
async function pendingSigner(deps: Pick<RequestsDeps, 'db'>, caller: LinkHolderPrincipal) {
  const request = await requireRequest(deps, caller.requestId);
  const { signer } = authorize(request, caller, 'sign');
  if (!signer) throw new AppError('signature_request.forbidden', 'Only a signer may ask for a TAN');
  return { request, signer };
}

/** Only an address of this service goes into the mail: a TAN mail must not lead elsewhere. */
const ownUrl = (publicUrl: string, url: string | undefined): string | undefined =>
  url && (url === publicUrl || url.startsWith(`${publicUrl}/`)) ? url : undefined;

export async function resendDirectTan(
  deps: Deps,
  caller: LinkHolderPrincipal,
  options: { url?: string | undefined; subject?: string | undefined; companyBranding?: boolean | undefined },
): Promise<{ channel: 'mail'; sentTo: string; expiresAt: string }> {
  const { request, signer } = await pendingSigner(deps, caller);
  const issued = await issueCode(deps.db, directTanKey(signer.id), {
    now: deps.clock.now(),
    channel: 'mail',
  });
  if (!issued.ok) {
    throw new AppError('direct_tan.resend_limit', 'Five TANs were sent in the last hour', {
      retryAt: issued.retryAt,
    });
  }
  const language: Language = (await recipientOf(deps, signer.email, request)).language;
  const t = TAN_TEXTS[language];
  const business = options.companyBranding ? await businessOfMember(deps.db, request.ownerId) : undefined;
  const url = ownUrl(deps.publicUrl, options.url);
  const lines = [
    business ? t.from(business.name) : undefined,
    t.message(issued.code, DEFAULT_CODE_RULES.ttlMs / 60_000),
    url,
  ].filter((line): line is string => Boolean(line));
  await deps.mailer.send({
    to: signer.email,
    subject: options.subject || t.subject,
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

export async function checkDirectTan(
  deps: Pick<RequestsDeps, 'clock' | 'db'>,
  caller: LinkHolderPrincipal,
  tan: string,
): Promise<{ verified: true; verifiedAt: string }> {
  const { signer } = await pendingSigner(deps, caller);
  const now = deps.clock.now();
  const checked = await checkCode(deps.db, directTanKey(signer.id), tan, { now });
  if (!checked.ok) throw new AppError(...REFUSED[checked.reason]);
  return { verified: true, verifiedAt: now.toISOString() };
}
