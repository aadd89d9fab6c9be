// Where a signer's visible signature goes on a page, in PDF points from the bottom-left corner
// (the contract's placement), and how the upload screen moves it: by dragging (a pointer delta
// in screen pixels) or with the arrow keys (fixed steps in points). Every result stays inside
// the page, since the server refuses a box that does not.

export interface PageBox {
  width: number;
  height: number;
}

export interface Placement {
  /** 1-based page number */
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Spec 3: a visual signature previews at 300x140; on the page it takes half that in points. */
export const DEFAULT_FIELD_SIZE: PageBox = { width: 150, height: 70 };
/** Arrow keys move a field by this many points; with Shift by the larger step. */
export const KEYBOARD_STEP_POINTS = 5;
export const KEYBOARD_LARGE_STEP_POINTS = 25;

const round = (value: number) => Math.round(value * 100) / 100;

/** The same box, shrunk to the page if larger and moved inside it. */
export function clampPlacement(placement: Placement, page: PageBox): Placement {
  const width = Math.min(placement.width, page.width);
  const height = Math.min(placement.height, page.height);
  return {
    page: placement.page,
    width: round(width),
    height: round(height),
    x: round(Math.min(Math.max(0, placement.x), page.width - width)),
    y: round(Math.min(Math.max(0, placement.y), page.height - height)),
  };
}

/** A new field: centred horizontally, a little above the bottom edge, where signatures go. */
export function defaultPlacement(pageNumber: number, page: PageBox): Placement {
  const margin = Math.min(48, page.height / 10);
  return clampPlacement(
    {
      page: pageNumber,
      ...DEFAULT_FIELD_SIZE,
      x: (page.width - DEFAULT_FIELD_SIZE.width) / 2,
      y: margin,
    },
    page,
  );
}

/** Moves by points, `dy` upwards as in PDF space. */
export function movePlacement(placement: Placement, dx: number, dy: number, page: PageBox): Placement {
  return clampPlacement({ ...placement, x: placement.x + dx, y: placement.y + dy }, page);
}

/**
 * Moves by a pointer delta measured on the page image shown `shownWidth` by `shownHeight` pixels
 * (screen y grows downwards, PDF y upwards).
 */
export function dragPlacement(
  placement: Placement,
  deltaPx: { x: number; y: number },
  shown: PageBox,
  page: PageBox,
): Placement {
  if (shown.width <= 0 || shown.height <= 0) return placement;
  return movePlacement(
    placement,
    (deltaPx.x * page.width) / shown.width,
    (-deltaPx.y * page.height) / shown.height,
    page,
  );
}

/** The box as fractions of the page from its top-left corner, for CSS percentages. */
export function placementBox(
  placement: Placement,
  page: PageBox,
): { left: number; top: number; width: number; height: number } {
  return {
    left: placement.x / page.width,
    top: (page.height - placement.y - placement.height) / page.height,
    width: placement.width / page.width,
    height: placement.height / page.height,
  };
}

/** Arrow keys as a move in points, or null for any other key. */
export function keyboardMove(key: string, isLarge: boolean): { dx: number; dy: number } | null {
  const step = isLarge ? KEYBOARD_LARGE_STEP_POINTS : KEYBOARD_STEP_POINTS;
  switch (key) {
    case 'ArrowLeft':
      return { dx: -step, dy: 0 };
    case 'ArrowRight':
      return { dx: step, dy: 0 };
    case 'ArrowUp':
      return { dx: 0, dy: step };
    case 'ArrowDown':
      return { dx: 0, dy: -step };
    default:
      return null;
  }
}

/**
 * Resizes from the bottom-right corner as the screen shows it: the top-left corner stays, `dw`
 * widens to the right, `dh` lengthens downwards (so y, the bottom edge in PDF space, goes down).
 * Never smaller than `min`, never past the page.
 */
export function resizePlacement(
  placement: Placement,
  dw: number,
  dh: number,
  page: PageBox,
  min: PageBox,
): Placement {
  const top = placement.y + placement.height;
  const width = Math.min(Math.max(min.width, placement.width + dw), page.width - placement.x);
  const height = Math.min(Math.max(min.height, placement.height + dh), top);
  return clampPlacement({ ...placement, width, height, y: top - height }, page);
}

/** A pointer delta on the page image, in points (screen y downwards stays downwards). */
export function pointsFromPixels(deltaPx: { x: number; y: number }, shown: PageBox, page: PageBox) {
  if (shown.width <= 0 || shown.height <= 0) return { x: 0, y: 0 };
  return { x: (deltaPx.x * page.width) / shown.width, y: (deltaPx.y * page.height) / shown.height };
}

/** Arrow keys as a resize in points (Right wider, Down taller), or null for any other key. */
export function keyboardResize(key: string, isLarge: boolean): { dw: number; dh: number } | null {
  const move = keyboardMove(key, isLarge);
  return move ? { dw: move.dx, dh: move.dy === 0 ? 0 : -move.dy } : null;
}
