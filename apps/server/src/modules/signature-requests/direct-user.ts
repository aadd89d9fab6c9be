// The link holder as a "user" (GET/PUT /v1/direct/user, GET /v1/direct/visual-signature): a
// person without an account is known by the address the request was sent to; they may give
// their name (it goes into their certificate and the visible stamp) and language (their mail
// and the page they sign on) while their signature is pending.
import type { DirectUser, VisualSignature } from '@countersign/contract';
import { splitFullName, type Language } from '@countersign/domain';
import { AppError } from '../../lib/app-error.js';
import type { Caller } from './access.js';
import type { RequestsDeps } from './deps.js';
import type { RequestRecord, SignerRecord } from './model.js';
import { hasSignerImage } from './link-visual/repo.js';
import * as repo from './repo.js';
import { requireRequest } from './service.js';

export type DirectCaller = Extract<Caller, { kind: 'link_holder' }>;

export async function ownSignature(
  deps: Pick<RequestsDeps, 'db'>,
  caller: DirectCaller,
): Promise<{ request: RequestRecord; signer: SignerRecord }> {
  const request = await requireRequest(deps, caller.requestId);
  const signer = request.signers.find((s) => s.id === caller.signerId);
  if (!signer) throw new AppError('signature_request.not_found', 'No such signature request for this link');
  return { request, signer };
}

/** Their name as they gave it; until they do, as the sender wrote it, so the form starts filled in. */
function presentDirectUser(request: RequestRecord, signer: SignerRecord): DirectUser {
  const hasOwnName = Boolean(signer.firstName || signer.lastName);
  const fromSender = hasOwnName ? null : splitFullName(signer.name);
  return {
    signatureId: signer.id,
    signatureRequestId: request.id,
    email: signer.email,
    firstName: hasOwnName ? signer.firstName : (fromSender?.firstName ?? null),
    lastName: hasOwnName ? signer.lastName : fromSender?.lastName || null,
    lang: signer.language ?? 'en',
  };
}

/** The name a signer signs with: what they gave, else what the sender typed, else the address. */
export function directSignerName(signer: SignerRecord): string {
  const own = [signer.firstName, signer.lastName].filter(Boolean).join(' ').trim();
  return own || signer.name || signer.email;
}

export async function getDirectUser(
  deps: Pick<RequestsDeps, 'db'>,
  caller: DirectCaller,
): Promise<DirectUser> {
  const { request, signer } = await ownSignature(deps, caller);
  return presentDirectUser(request, signer);
}

export async function updateDirectUser(
  deps: Pick<RequestsDeps, 'db'>,
  caller: DirectCaller,
  changes: { firstName?: string | undefined; lastName?: string | undefined; lang?: Language | undefined },
): Promise<DirectUser> {
  const { signer } = await ownSignature(deps, caller);
  // Once signed, the name is in the signature: changing it afterwards would make the record lie.
  if (signer.status !== 'pending') {
    throw new AppError('signature_request.invalid_transition', 'Your signature is no longer pending');
  }
  await repo.updateSignerDetails(deps.db, signer.id, {
    firstName: changes.firstName,
    lastName: changes.lastName,
    language: changes.lang,
  });
  return getDirectUser(deps, caller);
}

/**
 * A link holder has no saved visual signatures: theirs is made from their name, with the date,
 * the claim, the signature standard and a QR code leading to the request's verification page;
 * an image they drew or uploaded for this signature is drawn in place of the typed name.
 */
export function directVisualSignature(signer: SignerRecord, hasCustomImage = false): VisualSignature {
  return {
    id: 'direct',
    alias: 'Default',
    name: directSignerName(signer),
    optionalLine: null,
    location: null,
    hasCustomImage,
    displayDate: true,
    displayClaim: true,
    displayStandards: true,
    displayQr: true,
    isDefault: true,
    createdAt: null,
    updatedAt: null,
  };
}

export async function getDirectVisualSignature(
  deps: Pick<RequestsDeps, 'db'>,
  caller: DirectCaller,
): Promise<VisualSignature> {
  const { signer } = await ownSignature(deps, caller);
  return directVisualSignature(signer, await hasSignerImage(deps.db, signer.id));
}

/** The link's signature and the account behind its address, if any (for their qualities). */
export async function directSignerHolding(
  deps: Pick<RequestsDeps, 'db'>,
  caller: DirectCaller,
): Promise<{ id: string; email: string; accountUserId: string | null }> {
  const { signer } = await ownSignature(deps, caller);
  return { id: signer.id, email: signer.email, accountUserId: signer.accountUserId };
}
