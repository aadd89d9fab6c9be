// The upload screen's working copy of a draft: title, message, level, signers, observers and the
// fields placed for the signers. It is edited locally and saved as it changes; this module says
// what the server must be told to match it. A signer's name is fixed when the signer is added
// (POST .../signatures), so a signer whose name changed is removed and added again; unchanged
// signers are left alone. Fields name their signer by e-mail here, since a re-added signer gets
// a new id, and are saved whole (PUT .../fields) with the ids the server gave. A signer group of
// the sender's business takes one signer's place: here it is keyed `group:{id}` where a person is
// keyed by address, so the rest of the editor treats it as any signer.
import type { SignatureRequest } from '@countersign/contract';
import type { Field } from '@countersign/domain';
import { dateInputFromIso } from '../../features/forms/date-input.js';

export type Quality = SignatureRequest['quality'];
export type Legislation = SignatureRequest['legislation'];

export interface SignerDraft {
  /** the person's address, or `group:{id}` for a signer group */
  email: string;
  /** the person's name (optional), or the group's */
  name: string;
  /** set for a signer group: any one of its members signs in its place */
  groupId?: string;
}

type SavedSigner = SignatureRequest['signatures'][number];

/** The key a signer group has among the draft's signers. */
export function groupKey(groupId: string): string {
  return `group:${groupId}`;
}

/** The key of a saved signer: the group's for a group, else the address in lower case. */
function signerKeyOf(signer: SavedSigner): string {
  return signer.group ? groupKey(signer.group.id) : signer.email.toLowerCase();
}

/** The same key for a signer of the working copy, or for the signer a field names. */
function draftKeyOf(key: string): string {
  return key.startsWith('group:') ? key : key.toLowerCase();
}

/** A placed field; its signer by e-mail address (lower case). */
export type FieldDraft = Omit<Field, 'signerId'> & { signerEmail: string };

export interface DraftModel {
  title: string;
  message: string;
  /** the deadline day as `<input type="date">` holds it; empty: the server's standard period */
  expiresOn: string;
  quality: Quality;
  legislation: Legislation;
  /** link signers confirm with a TAN mailed to them before they sign (below qualified, ADR 086) */
  tanRequired: boolean;
  signers: SignerDraft[];
  observers: string[];
  fields: FieldDraft[];
}

export function draftModelOf(request: SignatureRequest): DraftModel {
  return {
    title: request.title,
    message: request.message,
    expiresOn: dateInputFromIso(request.expiresAt),
    quality: request.quality,
    legislation: request.legislation,
    tanRequired: request.tanRequired,
    signers: request.signatures.map((signer) =>
      signer.group
        ? { email: groupKey(signer.group.id), name: signer.group.name, groupId: signer.group.id }
        : { email: signer.email, name: signer.name ?? '' },
    ),
    observers: request.observers.map((observer) => observer.email),
    fields: request.fields.flatMap((field) => {
      // what a signer filled in belongs to a sent request, not to the draft's field
      const { signerId, value: _filled, ...rest } = field;
      const signer = request.signatures.find((s) => s.id === signerId);
      return signer
        ? [{ ...rest, signerEmail: signer.group ? groupKey(signer.group.id) : signer.email }]
        : [];
    }),
  };
}

/** A field as PUT .../fields takes it: what the sender placed, without what a signer filled in. */
type FieldInput = Omit<SignatureRequest['fields'][number], 'value'>;

/** The body of PUT .../fields: fields of signers and documents the saved draft has, with its ids. */
export function fieldsBody(
  saved: Pick<SignatureRequest, 'signatures' | 'documents'>,
  fields: readonly FieldDraft[],
): FieldInput[] {
  const ids = new Map(saved.signatures.map((s) => [signerKeyOf(s), s.id]));
  const documents = new Set(saved.documents.map((d) => d.id));
  return fields.flatMap(({ signerEmail, ...field }) => {
    const signerId = ids.get(draftKeyOf(signerEmail));
    return signerId && documents.has(field.documentId)
      ? [{ ...field, label: field.label.trim(), signerId }]
      : [];
  });
}

/** Whether the server's fields already are these (the ids and boxes as sent). */
export function isSameFieldList(server: readonly FieldInput[], body: readonly FieldInput[]) {
  return (
    server.length === body.length &&
    server.every((f, i) => {
      const b = body[i];
      return (
        b !== undefined &&
        f.id === b.id &&
        f.signerId === b.signerId &&
        f.documentId === b.documentId &&
        f.kind === b.kind &&
        f.required === b.required &&
        f.label === b.label &&
        f.page === b.page &&
        f.x === b.x &&
        f.y === b.y &&
        f.width === b.width &&
        f.height === b.height
      );
    })
  );
}

/** What stops a draft from being sent before the server is asked, if anything. */
export type SendBlocker = 'noDocuments' | 'titleRequired' | 'noSigners';

export function sendBlockerOf(
  model: Pick<DraftModel, 'title' | 'signers'>,
  documentCount: number,
): SendBlocker | null {
  if (documentCount === 0) return 'noDocuments';
  if (!model.title.trim()) return 'titleRequired';
  if (model.signers.length === 0) return 'noSigners';
  return null;
}

export interface SignerSyncPlan {
  /** server signer ids to remove first */
  remove: string[];
  /** signers to add afterwards */
  add: SignerDraft[];
}

export function planSignerSync(
  request: Pick<SignatureRequest, 'signatures'>,
  signers: readonly SignerDraft[],
): SignerSyncPlan {
  const wanted = new Map(signers.map((signer) => [draftKeyOf(signer.email), signer]));
  const kept = new Set<string>();
  const remove: string[] = [];
  for (const existing of request.signatures) {
    const key = signerKeyOf(existing);
    const local = wanted.get(key);
    // a group is the same whatever it is called now; a person's name is fixed when added
    const isSame =
      local !== undefined && (existing.group ? true : (local.name.trim() || null) === existing.name);
    if (isSame) kept.add(key);
    else remove.push(existing.id);
  }
  return { remove, add: signers.filter((signer) => !kept.has(draftKeyOf(signer.email))) };
}

/** The body of POST .../signatures for one signer (their fields follow with PUT .../fields). */
export function addSignerBody(signer: SignerDraft) {
  if (signer.groupId) return { signerGroupId: signer.groupId, documentSignatures: [] };
  const name = signer.name.trim();
  return {
    signerIdentityData: { emailAddress: signer.email, ...(name ? { name } : {}) },
    documentSignatures: [],
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
