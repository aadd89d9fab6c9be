// TANs for link signers (ADR 078): a six-digit code mailed to the signer's address, in the name
// of the sender's business when asked (company branding) and under the subject the caller gives,
// and its check. A wrong, expired or locked TAN answers the same codes as a provider's TAN does;
// a right one lets the link signer sign a request that demands TANs (verification/tan.ts).
import { AppError } from '../../../lib/app-error.js';
import type { LinkHolderPrincipal } from '../../../lib/principal.js';
import { authorize } from '../access.js';
import type { RequestsDeps } from '../deps.js';
import { requireRequest } from '../service.js';
import { answerTan, sendTan, type AnsweredTan, type SentTan, type TanOptions } from '../verification/tan.js';

export { directTanKey } from '../verification/tan.js';

/** The pending signer of the link's request, or the request's refusal. */
async function pendingSigner(deps: Pick<RequestsDeps, 'db'>, caller: LinkHolderPrincipal) {
  const request = await requireRequest(deps, caller.requestId);
  const { signer } = authorize(request, caller, 'sign');
  if (!signer) throw new AppError('signature_request.forbidden', 'Only a signer may ask for a TAN');
  return { request, signer };
}

export async function resendDirectTan(
  deps: Pick<RequestsDeps, 'clock' | 'db' | 'mailer' | 'publicUrl'>,
  caller: LinkHolderPrincipal,
  options: TanOptions,
): Promise<SentTan> {
  const { request, signer } = await pendingSigner(deps, caller);
  return sendTan(deps, request, signer, options);
}

export async function checkDirectTan(
  deps: Pick<RequestsDeps, 'clock' | 'db'>,
  caller: LinkHolderPrincipal,
  tan: string,
): Promise<AnsweredTan> {
  const { request, signer } = await pendingSigner(deps, caller);
  return answerTan(deps, request, signer, tan);
}
