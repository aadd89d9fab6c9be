// Guided signing: the fields a signer must visit, in reading order (document, page, top to
// bottom, left to right), how far they are, and which field "next" leads to. Pure rules over
// plain data, so the web app's guide and its tests agree on one order.
import type { Placement } from './signature-placement.js';

export type GuideFieldKind = 'signature' | 'initials' | 'date_signed' | 'name' | 'text' | 'checkbox';

export interface GuideField {
  /** unique within the request (the web keys boxes and focus by it) */
  id: string;
  kind: GuideFieldKind;
  documentIndex: number;
  placement: Placement;
  isRequired: boolean;
}

/** Reading order: by document, page, then from the top of the page (PDF y grows upwards). */
export function orderGuideFields<T extends GuideField>(fields: readonly T[]): T[] {
  return [...fields].sort(
    (a, b) =>
      a.documentIndex - b.documentIndex ||
      a.placement.page - b.placement.page ||
      b.placement.y + b.placement.height - (a.placement.y + a.placement.height) ||
      a.placement.x - b.placement.x,
  );
}

export interface GuideProgress {
  done: number;
  total: number;
  /** required fields not yet done: while any remain, the signer cannot go on to the review */
  requiredLeft: number;
}

export function guideProgress(fields: readonly GuideField[], done: ReadonlySet<string>): GuideProgress {
  return {
    done: fields.filter((f) => done.has(f.id)).length,
    total: fields.length,
    requiredLeft: fields.filter((f) => f.isRequired && !done.has(f.id)).length,
  };
}

/**
 * The field "next" leads to from `currentId`: the first undone field after it in reading order,
 * wrapping round to the start; the current one only when it is the last undone; null when all
 * are done. Required fields come before optional ones, so "next" never strands a signer on an
 * optional field while a required one waits.
 */
export function nextGuideField<T extends GuideField>(
  ordered: readonly T[],
  done: ReadonlySet<string>,
  currentId: string | null,
): T | null {
  const start = currentId === null ? -1 : ordered.findIndex((f) => f.id === currentId);
  const rotated = [...ordered.slice(start + 1), ...ordered.slice(0, start + 1)];
  const undone = rotated.filter((f) => !done.has(f.id));
  return undone.find((f) => f.isRequired) ?? undone[0] ?? null;
}

/**
 * The field one step before (`-1`) or after (`1`) `currentId` in reading order, done or not: how
 * a phone's field-by-field view pages through the signer's fields. Null past either end; from no
 * current field, the first (or, going back, the last).
 */
export function stepGuideField<T extends GuideField>(
  ordered: readonly T[],
  currentId: string | null,
  delta: 1 | -1,
): T | null {
  const index = currentId === null ? -1 : ordered.findIndex((f) => f.id === currentId);
  if (index === -1) return (delta === 1 ? ordered[0] : ordered.at(-1)) ?? null;
  return ordered[index + delta] ?? null;
}
