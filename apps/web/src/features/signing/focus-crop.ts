// Where a page goes in the phone's field-by-field view so that one field fills the screen's width
// with a little of what surrounds it (enough to read what is being signed), centred in the view,
// without showing past the page's edges when the page is larger than the view.
import type { PageBox } from '@countersign/domain';

export interface FieldBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The page drawn at `scale` CSS px per point, its top-left corner at (`left`, `top`) in the view. */
export interface FocusCrop {
  scale: number;
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The least width around a field that is shown, in points: about a third of an A4 page. */
export const MIN_CONTEXT_POINTS = 200;
const MARGIN_POINTS = 16;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** Places one axis: centred on `centre`, kept inside the page when it overflows the view. */
function place(view: number, page: number, centre: number): number {
  if (page <= view) return (view - page) / 2;
  return clamp(view / 2 - centre, view - page, 0);
}

export function focusCrop(
  page: PageBox,
  field: FieldBox,
  view: { width: number; height: number },
): FocusCrop {
  const across = Math.min(page.width, Math.max(MIN_CONTEXT_POINTS, field.width + 2 * MARGIN_POINTS));
  // the field and its margin fit the view's height too (a tall box on a short screen)
  const scale = Math.max(
    0.01,
    Math.min(view.width / across, view.height / (field.height + 2 * MARGIN_POINTS)),
  );
  const width = page.width * scale;
  const height = page.height * scale;
  // PDF y grows upwards from the bottom; the view's from the top
  const centreX = (field.x + field.width / 2) * scale;
  const centreY = (page.height - field.y - field.height / 2) * scale;
  return {
    scale,
    width,
    height,
    left: place(view.width, width, centreX),
    top: place(view.height, height, centreY),
  };
}
