// How a signature looks where the sender placed it: an account holder's chosen (or default)
// visual signature; a link holder's made from their name, with the image they drew or uploaded
// for this signature if they gave one (link-visual/). The QR code leads to the request. The same
// function draws the link holder's preview, so what they see is what the page will show.
import type { VisualAppearance } from '@countersign/pdf';
import type { Language } from '@countersign/domain';
import { appearanceOf, getDefault, getOwn, type StoredVisualSignature } from '../visual-signatures/index.js';
import type { RequestsDeps } from './deps.js';
import { directVisualSignature } from './direct-user.js';
import { findSignerImage } from './link-visual/repo.js';
import type { RequestRecord, SignerRecord } from './model.js';
import type { SigningPerson } from './signing-identity.js';

const standardLabels: Record<string, string> = {
  'ses-eidas': 'Simple electronic signature (eIDAS)',
  'ses-zertes': 'Simple electronic signature (ZertES)',
  'aes-eidas': 'Advanced electronic signature (eIDAS)',
  'aes-zertes': 'Advanced electronic signature (ZertES)',
  'qes-eidas': 'Qualified electronic signature (eIDAS)',
  'qes-zertes': 'Qualified electronic signature (ZertES)',
};

/** A link holder's visual signature with its image, when they gave one for this signature. */
export async function linkHolderVisual(
  deps: Pick<RequestsDeps, 'db'>,
  signer: SignerRecord,
): Promise<StoredVisualSignature> {
  const image = await findSignerImage(deps.db, signer.id);
  return { ...directVisualSignature(signer, image !== null), image };
}

export async function appearanceFor(
  deps: Pick<RequestsDeps, 'clock' | 'db' | 'publicUrl'>,
  request: RequestRecord,
  signer: SignerRecord,
  person: SigningPerson,
  options: {
    language: Language;
    visualSignatureId?: string | undefined;
    signingLocation?: string | undefined;
  },
  now: Date,
): Promise<VisualAppearance> {
  const visual =
    person.kind === 'account'
      ? options.visualSignatureId
        ? await getOwn(deps, person.userId, options.visualSignatureId)
        : await getDefault(deps, person.userId)
      : await linkHolderVisual(deps, signer);
  const appearance = appearanceOf(visual, {
    date: now,
    language: options.language,
    qrPayload: `${deps.publicUrl}/view/${request.id}`,
    standardLabel: standardLabels[`${request.quality}-${request.legislation}`] ?? '',
  });
  return options.signingLocation ? { ...appearance, location: options.signingLocation } : appearance;
}
