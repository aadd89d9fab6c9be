// The verification service's use cases (ADR 086): resend, respond and cancel, each on one pending
// signature addressed by its id. Only that signature's signer may call: the link holder of it (its
// token) or the signed-in person who is that signer; everyone else is told there is no such
// signature, so ids of other businesses' requests reveal nothing. API users are refused before any
// id is read (403 api_user.forbidden, the same for every id: ADR 052, 086).
import { AppError } from '../../../lib/app-error.js';
import { authorize, relationOf, type Caller } from '../access.js';
import type { RequestsDeps } from '../deps.js';
import { requireRequest } from '../service.js';
import * as repo from './repo.js';
import { answerTan, cancelTan, sendTan, type AnsweredTan, type SentTan } from './tan.js';

const notFound = () => new AppError('signature_request.not_found', 'No such signature');

/** The caller's own pending signature of that id, or 404 (not theirs) or 409 (no longer pending). */
async function ownPendingSignature(deps: Pick<RequestsDeps, 'db'>, caller: Caller, signatureId: string) {
  // the edge refuses API users on calls not open to them; this holds if that ever changes
  if (caller.kind === 'api_user')
    throw new AppError('api_user.forbidden', 'API users may not make this call');
  if (caller.kind === 'link_holder' && caller.signerId !== signatureId) throw notFound();
  const requestId = await repo.requestOfSigner(deps.db, signatureId);
  if (!requestId) throw notFound();
  const request = await requireRequest(deps, requestId).catch(() => {
    throw notFound();
  });
  if (relationOf(request, caller).signer?.id !== signatureId) throw notFound();
  const { signer } = authorize(request, caller, 'sign');
  if (!signer) throw notFound();
  return { request, signer };
}

export async function resendVerification(
  deps: Pick<RequestsDeps, 'clock' | 'db' | 'mailer' | 'publicUrl'>,
  caller: Caller,
  signatureId: string,
): Promise<SentTan> {
  const { request, signer } = await ownPendingSignature(deps, caller, signatureId);
  return sendTan(deps, request, signer, { companyBranding: true });
}

export async function respondToVerification(
  deps: Pick<RequestsDeps, 'clock' | 'db'>,
  caller: Caller,
  signatureId: string,
  secret: string,
): Promise<AnsweredTan> {
  const { request, signer } = await ownPendingSignature(deps, caller, signatureId);
  return answerTan(deps, request, signer, secret);
}

export async function cancelVerification(
  deps: Pick<RequestsDeps, 'clock' | 'db'>,
  caller: Caller,
  signatureId: string,
): Promise<{ cancelled: true }> {
  const { request, signer } = await ownPendingSignature(deps, caller, signatureId);
  return cancelTan(deps, request, signer);
}
