// Which rendering scale to ask for so a page image fills its column sharply without fetching
// more pixels than the screen shows. The server renders `points * scale / 100` pixels wide; the
// scale is snapped to a few steps so phones and desktops share cached renderings (ARCHITECTURE.md:
// one rendering per page, scale and format).
import { DEFAULT_PAGE_SCALE } from '@countersign/domain';

export const PAGE_SCALE_STEPS = [50, 75, 100, 150, 200, 300, 400] as const;
const MAX_PAGE_SCALE = 400;

/** The smallest step whose image is at least as wide as the column in device pixels. */
export function pickPageScale(
  columnWidthCssPx: number,
  devicePixelRatio: number,
  pageWidthPts: number,
): number {
  if (!(columnWidthCssPx > 0) || !(pageWidthPts > 0)) return DEFAULT_PAGE_SCALE;
  const ratio = Number.isFinite(devicePixelRatio) && devicePixelRatio > 0 ? Math.min(devicePixelRatio, 3) : 1;
  const wanted = ((columnWidthCssPx * ratio) / pageWidthPts) * 100;
  return PAGE_SCALE_STEPS.find((step) => step >= wanted) ?? MAX_PAGE_SCALE;
}
