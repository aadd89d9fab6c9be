// The upload screen's working copy of a draft: title, message, level, signers with their field
// per document, observers. It is edited locally and written back on save; this module says
// what the server must be told to match it. A signer's fields are fixed when the signer is
// added (POST .../signatures), so a signer whose fields or name changed is removed and added
// again; unchanged signers are left alone.
import type { SignatureRequest } from '@countersign/contract';
import type { Placement } from '@countersign/domain';
import { dateInputFromIso } from '../../features/forms/date-input.js';

export type Quality = SignatureRequest['quality'];
export type Legislation = SignatureRequest['legislation'];

export interface SignerDraft {
  email: string;
  name: string;
  /** by document id; absent or null: the signer signs that document without a visible field */
  placements: Record<string, Placement | null>;
}

export interface DraftModel {
  title: string;
  message: string;
  /** the deadline day as `<input type="date">` holds it; empty: the server's standard period */
  expiresOn: string;
  quality: Quality;
  legislation: Legislation;
  signers: SignerDraft[];
  observers: string[];
}

export function draftModelOf(request: SignatureRequest): DraftModel {
  return {
    title: request.title,
    message: request.message,
    expiresOn: dateInputFromIso(request.expiresAt),
    quality: request.quality,
    legislation: request.legislation,
    signers: request.signatures.map((signer) => ({
      email: signer.email,
      name: signer.name ?? '',
      placements: Object.fromEntries(signer.documentSignatures.map((ds) => [ds.documentId, ds.placement])),
    })),
    observers: request.observers.map((observer) => observer.email),
  };
}

/** What stops a draft from being sent before the server is asked, if anything. */
export type SendBlocker = 'titleRequired' | 'noSigners';

export function sendBlockerOf(model: Pick<DraftModel, 'title' | 'signers'>): SendBlocker | null {
  if (!model.title.trim()) return 'titleRequired';
  if (model.signers.length === 0) return 'noSigners';
  return null;
}

function samePlacement(a: Placement | null | undefined, b: Placement | null | undefined): boolean {
  if (!a || !b) return !a && !b;
  return a.page === b.page && a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
}

export interface SignerSyncPlan {
  /** server signer ids to remove first */
  remove: string[];
  /** signers to add afterwards, with their fields */
  add: SignerDraft[];
}

export function planSignerSync(
  request: Pick<SignatureRequest, 'signatures' | 'documents'>,
  signers: readonly SignerDraft[],
): SignerSyncPlan {
  const wanted = new Map(signers.map((signer) => [signer.email.toLowerCase(), signer]));
  const kept = new Set<string>();
  const remove: string[] = [];
  for (const existing of request.signatures) {
    const local = wanted.get(existing.email.toLowerCase());
    const isSame =
      local !== undefined &&
      (local.name.trim() || null) === existing.name &&
      request.documents.every((document) =>
        samePlacement(
          local.placements[document.id],
          existing.documentSignatures.find((ds) => ds.documentId === document.id)?.placement,
        ),
      );
    if (isSame) kept.add(existing.email.toLowerCase());
    else remove.push(existing.id);
  }
  return { remove, add: signers.filter((signer) => !kept.has(signer.email.toLowerCase())) };
}

/** The body of POST .../signatures for one signer. */
export function addSignerBody(signer: SignerDraft, documentIds: readonly string[]) {
  const name = signer.name.trim();
  return {
    signerIdentityData: { emailAddress: signer.email, ...(name ? { name } : {}) },
    documentSignatures: documentIds.map((documentId) => ({
      documentId,
      placement: signer.placements[documentId] ?? null,
    })),
  };
}

/**
 * The days a deadline may fall on: the server wants it at least an hour and at most a year ahead
 * (ADR 023), and a day counts until its end, so tomorrow up to a year less a day from today.
 */
export function deadlineBounds(today: Date): { min: string; max: string } {
  const day = (offset: number) =>
    dateInputFromIso(
      new Date(today.getFullYear(), today.getMonth(), today.getDate() + offset, 12).toISOString(),
    );
  return { min: day(1), max: day(364) };
}
