// The field editor's edits as plain functions over the draft's field list: add a field of a kind
// for a signer at a point of a page, move or resize one, hand it to another signer, remove it. A
// signer has one signature field per document (packages/domain checkFields), so placing a second
// one moves the first.
import { clampPlacement, FIELD_DEFAULT_SIZE, isFieldKind } from '@countersign/domain';
import type { FieldKind, PageBox, Placement } from '@countersign/domain';
import type { FieldDraft } from '../draft-model.js';

export interface Spot {
  documentId: string;
  page: number;
  size: PageBox;
  /** the field's centre, in fractions of the page from its top-left corner */
  at: { x: number; y: number };
  /** placed without a point chosen (the palette pressed): go below fields already there */
  avoidOverlap?: boolean;
}

const GAP = 6;

const overlaps = (a: Placement, b: Placement) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The box moved down the page, below the fields it would cover, while it still fits on the page. */
function freeBoxOf(box: Placement, others: readonly Placement[]): Placement {
  let free = box;
  for (let tries = 0; tries < others.length; tries += 1) {
    const covered = others.find((other) => overlaps(free, other));
    if (!covered) return free;
    const y = covered.y - GAP - free.height;
    if (y < 0) return box;
    free = { ...free, y };
  }
  return others.some((other) => overlaps(free, other)) ? box : free;
}

function boxAt(kind: FieldKind, spot: Spot): Placement {
  const { width, height } = FIELD_DEFAULT_SIZE[kind];
  const cx = spot.at.x * spot.size.width;
  const cy = (1 - spot.at.y) * spot.size.height;
  return clampPlacement({ page: spot.page, x: cx - width / 2, y: cy - height / 2, width, height }, spot.size);
}

/** The list with a new field, and its id; for a signature the signer already has there, that one moves. */
export function addField(
  fields: readonly FieldDraft[],
  kind: string,
  signerEmail: string,
  spot: Spot,
  newId: () => string,
): { fields: FieldDraft[]; id: string } | null {
  if (!isFieldKind(kind)) return null;
  const onPage = fields.filter((f) => f.documentId === spot.documentId && f.page === spot.page);
  const box = spot.avoidOverlap ? freeBoxOf(boxAt(kind, spot), onPage) : boxAt(kind, spot);
  if (kind === 'signature') {
    const existing = fields.find(
      (f) => f.kind === 'signature' && f.signerEmail === signerEmail && f.documentId === spot.documentId,
    );
    if (existing)
      return { fields: fields.map((f) => (f === existing ? { ...f, ...box } : f)), id: existing.id };
  }
  const field: FieldDraft = {
    id: newId(),
    documentId: spot.documentId,
    signerEmail,
    kind,
    required: true,
    label: '',
    ...box,
  };
  return { fields: [...fields, field], id: field.id };
}

export function updateField(
  fields: readonly FieldDraft[],
  id: string,
  patch: Partial<FieldDraft>,
): FieldDraft[] {
  return fields.map((f) => (f.id === id ? { ...f, ...patch } : f));
}

/** Hands a field to another signer; a signature field only if they have none on that document yet. */
export function reassignField(
  fields: readonly FieldDraft[],
  id: string,
  signerEmail: string,
): FieldDraft[] | null {
  const field = fields.find((f) => f.id === id);
  if (!field) return null;
  const isTaken =
    field.kind === 'signature' &&
    fields.some(
      (f) =>
        f.id !== id &&
        f.kind === 'signature' &&
        f.signerEmail === signerEmail &&
        f.documentId === field.documentId,
    );
  return isTaken ? null : updateField(fields, id, { signerEmail });
}

export function removeField(fields: readonly FieldDraft[], id: string): FieldDraft[] {
  return fields.filter((f) => f.id !== id);
}
