// Visual-signature use cases: the user's set with one default, custom images (checked and
// re-encoded), and previews drawn by the PDF engine exactly as a signed page will show them.
import { PDFDocument } from '@cantoo/pdf-lib';
import { addSignatureFields, prepareSignature, renderPage, type VisualAppearance } from '@countersign/pdf';
import type { VisualSignature, VisualSignatureInput } from '@countersign/contract';
import { formatDateTime, localeForLanguage } from '@countersign/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { imageKindOf, toBoundedPng } from '../../lib/bounded-png.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/tokens.js';
import { findPerson, VISUAL_SIGNATURE_PERMISSIONS } from '../accounts/index.js';
import { applyVisualPermissions } from './permissions.js';
import * as repo from './repo.js';
import type { StoredVisualSignature } from './repo.js';

export interface VisualSignaturesDeps {
  db: Kysely<Database>;
  clock: Clock;
}

export const DEFAULT_PREVIEW = { width: 300, height: 140 }; // spec 9
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
const IMAGE_BOX = { width: 600, height: 280 };

async function userOf(deps: VisualSignaturesDeps, userId: string) {
  const person = await findPerson(deps.db, userId);
  if (!person) throw new AppError('auth.invalid_token', 'The session no longer belongs to an account');
  return { ...person, permissions: { visualSignatures: VISUAL_SIGNATURE_PERMISSIONS } };
}

function present(v: StoredVisualSignature): VisualSignature {
  const { image: _image, ...rest } = v;
  return rest;
}

export async function list(deps: VisualSignaturesDeps, userId: string) {
  return { items: (await repo.listForUser(deps.db, userId)).map(present) };
}

/** One of the user's visual signatures, with its image (for placing it on a page). */
export async function getOwn(deps: VisualSignaturesDeps, userId: string, id: string) {
  const found = await repo.findForUser(deps.db, userId, id);
  if (!found) throw new AppError('visual_signature.not_found', 'No such visual signature');
  return found;
}

export async function get(deps: VisualSignaturesDeps, userId: string, id: string) {
  return present(await getOwn(deps, userId, id));
}

/** The default, or (for users with none) one made from their name with the permitted defaults. */
export async function getDefault(deps: VisualSignaturesDeps, userId: string): Promise<StoredVisualSignature> {
  const found = await repo.findDefault(deps.db, userId);
  if (found) return found;
  const user = await userOf(deps, userId);
  return {
    id: 'default',
    alias: 'Default',
    name: `${user.firstName} ${user.lastName}`.trim() || user.email,
    optionalLine: null,
    location: null,
    hasCustomImage: false,
    ...applyVisualPermissions({}, user.permissions.visualSignatures),
    displayQr: true,
    isDefault: true,
    createdAt: null,
    updatedAt: null,
    image: null,
  };
}

export async function create(deps: VisualSignaturesDeps, userId: string, input: VisualSignatureInput) {
  const user = await userOf(deps, userId);
  const lines = applyVisualPermissions(input, user.permissions.visualSignatures);
  const now = deps.clock.now().toISOString();
  const id = newId();
  await deps.db.transaction().execute(async (trx) => {
    if (await repo.aliasTaken(trx, userId, input.alias))
      throw new AppError(
        'visual_signature.alias_taken',
        'You already have a visual signature with this name',
      );
    const isDefault = input.isDefault === true || (await repo.listForUser(trx, userId)).length === 0;
    if (isDefault) await repo.clearDefault(trx, userId);
    await repo.insert(trx, userId, {
      id,
      alias: input.alias,
      name: input.name,
      optionalLine: input.optionalLine ?? null,
      location: input.location ?? null,
      ...lines,
      displayQr: input.displayQr,
      isDefault,
      createdAt: now,
      updatedAt: now,
    });
  });
  return get(deps, userId, id);
}

export async function update(
  deps: VisualSignaturesDeps,
  userId: string,
  id: string,
  input: VisualSignatureInput,
) {
  const existing = await getOwn(deps, userId, id);
  const user = await userOf(deps, userId);
  const lines = applyVisualPermissions(input, user.permissions.visualSignatures);
  const now = deps.clock.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    if (await repo.aliasTaken(trx, userId, input.alias, id))
      throw new AppError(
        'visual_signature.alias_taken',
        'You already have a visual signature with this name',
      );
    // The default moves only by choosing another one: un-setting it would leave none.
    const isDefault = existing.isDefault || input.isDefault === true;
    if (isDefault && !existing.isDefault) await repo.clearDefault(trx, userId);
    await repo.update(trx, userId, {
      id,
      alias: input.alias,
      name: input.name,
      optionalLine: input.optionalLine ?? null,
      location: input.location ?? null,
      ...lines,
      displayQr: input.displayQr,
      isDefault,
      updatedAt: now,
    });
  });
  return get(deps, userId, id);
}

export async function remove(deps: VisualSignaturesDeps, userId: string, id: string) {
  const existing = await getOwn(deps, userId, id);
  const now = deps.clock.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await repo.remove(trx, userId, id);
    if (existing.isDefault) {
      const next = (await repo.listForUser(trx, userId))[0];
      if (next) await repo.update(trx, userId, { ...next, isDefault: true, updatedAt: now });
    }
  });
  return { ok: true as const };
}

/**
 * A signature image as stored: PNG or JPEG by their magic bytes (not by what the client claims),
 * at most 2 MB, re-encoded as a PNG inside the image box. Used for account holders' visual
 * signatures and link holders' drawn or uploaded images alike.
 */
export async function signatureImagePng(bytes: Buffer): Promise<Buffer> {
  if (bytes.length > MAX_IMAGE_BYTES)
    throw new AppError('upload.too_large', 'Signature images may be at most 2 MB');
  const kind = imageKindOf(bytes);
  if (kind !== 'png' && kind !== 'jpeg')
    throw new AppError('visual_signature.image_invalid', 'Use a PNG or JPEG image');
  const png = await toBoundedPng(bytes, IMAGE_BOX);
  if (!png) throw new AppError('visual_signature.image_invalid', 'The image cannot be read');
  return png.data;
}

export async function setImage(deps: VisualSignaturesDeps, userId: string, id: string, bytes: Buffer) {
  await getOwn(deps, userId, id);
  const png = await signatureImagePng(bytes);
  await repo.setImage(deps.db, userId, id, png, deps.clock.now().toISOString());
  return get(deps, userId, id);
}

export async function removeImage(deps: VisualSignaturesDeps, userId: string, id: string) {
  await getOwn(deps, userId, id);
  await repo.setImage(deps.db, userId, id, null, deps.clock.now().toISOString());
  return get(deps, userId, id);
}

const standardLabel = 'Simple electronic signature (eIDAS)';

/** The appearance the engine draws for a visual signature (also used when signing). */
export function appearanceOf(
  v: StoredVisualSignature,
  options: { date: Date; language: 'en' | 'de' | 'fr' | 'it'; qrPayload: string; standardLabel?: string },
): VisualAppearance {
  return {
    name: v.name,
    ...(v.optionalLine && { optionalLine: v.optionalLine }),
    ...(v.location && { location: v.location }),
    ...(v.displayDate && { date: formatDateTime(options.date, localeForLanguage(options.language)) }),
    ...(v.displayClaim && { claim: 'Signed with Countersign' }),
    ...(v.displayStandards && { standardLabel: options.standardLabel ?? standardLabel }),
    ...(v.displayQr && { qrPayload: options.qrPayload }),
    ...(v.image && { image: v.image }),
  };
}

/** Draws the appearance on a page of exactly its size through the same engine that signs. */
export async function renderPreview(
  appearance: VisualAppearance,
  size = DEFAULT_PREVIEW,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([size.width, size.height]);
  const blank = await doc.save({ useObjectStreams: false });
  const withField = addSignatureFields(blank, [
    { name: 'Preview', placement: { page: 0, rect: [0, 0, size.width, size.height] } },
  ]);
  const prepared = prepareSignature(withField, {
    fieldName: 'Preview',
    kind: 'signature',
    contentsLength: 64,
    appearance,
  });
  return renderPage(prepared.bytes, 0, { scale: 100, format: 'png' });
}

export async function preview(
  deps: VisualSignaturesDeps,
  userId: string,
  source: { id?: string | undefined; draft?: VisualSignatureInput | undefined },
  size: { width: number; height: number },
  publicUrl: string,
) {
  const user = await userOf(deps, userId);
  let v: StoredVisualSignature;
  if (source.draft) {
    // Editing a saved signature: the draft keeps that signature's custom image, which is
    // uploaded on its own call and so is not part of the form being previewed.
    const image = source.id ? (await getOwn(deps, userId, source.id)).image : null;
    v = {
      id: 'preview',
      alias: source.draft.alias,
      name: source.draft.name,
      optionalLine: source.draft.optionalLine ?? null,
      location: source.draft.location ?? null,
      hasCustomImage: image !== null,
      ...applyVisualPermissions(source.draft, user.permissions.visualSignatures),
      displayQr: source.draft.displayQr,
      isDefault: false,
      createdAt: null,
      updatedAt: null,
      image,
    };
  } else {
    v = source.id ? await getOwn(deps, userId, source.id) : await getDefault(deps, userId);
  }
  return renderPreview(
    appearanceOf(v, {
      date: deps.clock.now(),
      language: user.attributes.lang,
      qrPayload: `${publicUrl}/verify`,
    }),
    size,
  );
}
