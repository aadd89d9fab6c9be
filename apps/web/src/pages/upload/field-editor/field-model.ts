// The field editor's edits as plain functions over the draft's field list: add a field of a kind
// for a signer at a point of a page, move or resize one, hand it to another signer, remove it. A
// signer has one signature field per document (packages/domain checkFields), so placing a second
// one moves the first. A field placed, from the palette or dropped, never covers another: two
// signers' fields on one spot would hide one of them and leave the signer unsure which is theirs.
import { clampPlacement, FIELD_DEFAULT_SIZE, isFieldKind } from '@countersign/domain';
import type { FieldKind, PageBox, Placement } from '@countersign/domain';
import type { FieldDraft } from '../draft-model.js';

export interface Spot {
  documentId: string;
  page: number;
  size: PageBox;
  /** the field's centre, in fractions of the page from its top-left corner */
  at: { x: number; y: number };
}

const GAP = 6;

const overlaps = (a: Placement, b: Placement) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const fitsOn = (box: Placement, size: PageBox) =>
  box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width && box.y + box.height <= size.height;

/**
 * How far a free box is from the one asked for. Moving sideways costs twice as much as moving
 * down the page, and moving up half as much again as down, so that a field pressed twice lands
 * below the first (reading order) and a row of fields is not broken up while there is room below.
 * PDF y grows upwards: a box below has a smaller y.
 */
function costOf(box: Placement, wanted: Placement): number {
  const dy = box.y - wanted.y;
  return 2 * Math.abs(box.x - wanted.x) + (dy <= 0 ? -dy : 1.5 * dy);
}

/**
 * The box where it was asked for if nothing is there, else the nearest spot on the page where it
 * covers no other field: beside, above or below one of them with a small gap, or failing that on a
 * grid over the whole page. Only a page with no room left for it gets it where it was asked.
 */
function freeBoxOf(box: Placement, others: readonly Placement[], size: PageBox): Placement {
  const isFree = (candidate: Placement) =>
    fitsOn(candidate, size) && !others.some((other) => overlaps(candidate, other));
  if (isFree(box)) return box;
  const nearest = (candidates: Placement[]) =>
    candidates.filter(isFree).sort((a, b) => costOf(a, box) - costOf(b, box))[0];
  const beside = others.flatMap((o) => {
    const below = o.y - GAP - box.height;
    const above = o.y + o.height + GAP;
    const left = o.x - GAP - box.width;
    const right = o.x + o.width + GAP;
    return [
      { ...box, y: below },
      { ...box, y: above },
      { ...box, x: left },
      { ...box, x: right },
      { ...box, x: o.x, y: below },
      { ...box, x: o.x, y: above },
    ];
  });
  const near = nearest(beside);
  if (near) return near;
  const step = 8;
  const grid: Placement[] = [];
  for (let x = box.x % step; x + box.width <= size.width; x += step) {
    for (let y = box.y % step; y + box.height <= size.height; y += step) grid.push({ ...box, x, y });
  }
  return nearest(grid) ?? box;
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
  // a signer's signature field that is there already moves to the new spot: it is no obstacle
  const existing =
    kind === 'signature'
      ? fields.find(
          (f) => f.kind === 'signature' && f.signerEmail === signerEmail && f.documentId === spot.documentId,
        )
      : undefined;
  const onPage = fields.filter(
    (f) => f !== existing && f.documentId === spot.documentId && f.page === spot.page,
  );
  const box = freeBoxOf(boxAt(kind, spot), onPage, spot.size);
  if (existing) {
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
