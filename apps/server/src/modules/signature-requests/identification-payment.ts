// Who pays the identification a signer needs for a request (the spec's identification payment
// calls): the business of the request's owner when its plan's licence covers its own people or the
// signers it invites (spec 3 `pricePlan.licenses.idents`), else the signer. Only a signer of the
// request asks; anyone else learns nothing of it (404).
import type { IdentificationPayment } from '@countersign/contract';
import { AppError } from '../../lib/app-error.js';
import { authorize, type Caller } from './access.js';
import type { RequestsDeps } from './deps.js';
import { requireRequest } from './service.js';

export async function identificationPayment(
  deps: Pick<RequestsDeps, 'db' | 'plans'>,
  caller: Caller,
  requestId: string,
): Promise<IdentificationPayment> {
  const request = await requireRequest(deps, requestId);
  const { signer } = authorize(request, caller, 'view');
  if (!signer) throw new AppError('signature_request.not_found', 'No signature of yours on this request');
  const { quality, legislation } = request;
  const base = { signatureRequestId: request.id, quality, legislation };
  // a simple signature needs no identification
  if (quality === 'ses') return { ...base, paidBy: 'none' };
  // a link holder is a signer the business invited; an account may be one of its own people
  const signerUserId = caller.kind === 'person' ? caller.userId : null;
  const paidBy = deps.plans
    ? await deps.plans.identificationPayer(request.ownerId, signerUserId, legislation)
    : 'signer';
  return { ...base, paidBy };
}
