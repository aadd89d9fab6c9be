// A link holder's own signature image (POST and DELETE /v1/direct/images/signature, GET
// /v1/direct/preview-visual-signature): someone without an account draws their signature or
// uploads a picture of it for this one signature. It is checked and re-encoded exactly like an
// account holder's (visual-signatures/service.ts), kept for their signer row only, changeable
// while their signature is pending, and drawn where the sender placed the signature.
import type { VisualSignature } from '@countersign/contract';
import { AppError } from '../../../lib/app-error.js';
import { renderPreview, signatureImagePng } from '../../visual-signatures/index.js';
import type { RequestsDeps } from '../deps.js';
import { directVisualSignature, ownSignature, type DirectCaller } from '../direct-user.js';
import type { SignerRecord } from '../model.js';
import { appearanceFor } from '../visual-appearance.js';
import { removeSignerImage, saveSignerImage } from './repo.js';

function requirePending(signer: SignerRecord): void {
  // once signed, the image is in the signature: changing it afterwards would make the record lie
  if (signer.status !== 'pending')
    throw new AppError('signature_request.invalid_transition', 'Your signature is no longer pending');
}

export async function setLinkSignatureImage(
  deps: Pick<RequestsDeps, 'clock' | 'db'>,
  caller: DirectCaller,
  bytes: Buffer,
): Promise<VisualSignature> {
  const { signer } = await ownSignature(deps, caller);
  requirePending(signer);
  const png = await signatureImagePng(bytes);
  await saveSignerImage(deps.db, signer.id, png, deps.clock.now().toISOString());
  return directVisualSignature(signer, true);
}

export async function removeLinkSignatureImage(
  deps: Pick<RequestsDeps, 'db'>,
  caller: DirectCaller,
): Promise<VisualSignature> {
  const { signer } = await ownSignature(deps, caller);
  requirePending(signer);
  await removeSignerImage(deps.db, signer.id);
  return directVisualSignature(signer, false);
}

/** The link holder's signature drawn as the signed page will show it, in their language. */
export async function previewLinkVisual(
  deps: Pick<RequestsDeps, 'clock' | 'db' | 'publicUrl'>,
  caller: DirectCaller,
  size: { width: number; height: number },
): Promise<Uint8Array> {
  const { request, signer } = await ownSignature(deps, caller);
  const appearance = await appearanceFor(
    deps,
    request,
    signer,
    { kind: 'link', email: signer.email },
    { language: signer.language ?? 'en' },
    deps.clock.now(),
  );
  return renderPreview(appearance, size);
}
