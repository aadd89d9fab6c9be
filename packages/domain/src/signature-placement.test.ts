import { describe, expect, it } from 'vitest';
import {
  clampPlacement,
  defaultPlacement,
  dragPlacement,
  keyboardMove,
  movePlacement,
  keyboardResize,
  placementBox,
  resizePlacement,
} from './signature-placement.js';

const a4 = { width: 595.28, height: 841.89 };

describe('signature placement', () => {
  it('starts a field centred near the bottom of the page, inside it', () => {
    expect(defaultPlacement(2, a4)).toEqual({ page: 2, x: 222.64, y: 48, width: 150, height: 70 });
    const tiny = defaultPlacement(1, { width: 100, height: 40 });
    expect(tiny).toEqual({ page: 1, x: 0, y: 0, width: 100, height: 40 });
  });

  it('never lets a move or a drag push the box off the page', () => {
    const start = defaultPlacement(1, a4);
    expect(movePlacement(start, -1000, -1000, a4)).toMatchObject({ x: 0, y: 0 });
    expect(movePlacement(start, 1000, 1000, a4)).toMatchObject({ x: 445.28, y: 771.89 });
    expect(clampPlacement({ page: 1, x: 10, y: 10, width: 900, height: 50 }, a4)).toMatchObject({
      x: 0,
      width: 595.28,
    });
  });

  it('turns a pointer drag on a scaled page image into points, with screen y downwards', () => {
    const start = { page: 1, x: 100, y: 100, width: 150, height: 70 };
    // the page is shown at half size: 10 px is 20 points
    const shown = { width: a4.width / 2, height: a4.height / 2 };
    expect(dragPlacement(start, { x: 10, y: 10 }, shown, a4)).toMatchObject({ x: 120, y: 80 });
    expect(dragPlacement(start, { x: 10, y: 10 }, { width: 0, height: 0 }, a4)).toBe(start);
  });

  it('maps arrow keys to steps, larger with Shift, up meaning up the page', () => {
    expect(keyboardMove('ArrowUp', false)).toEqual({ dx: 0, dy: 5 });
    expect(keyboardMove('ArrowDown', true)).toEqual({ dx: 0, dy: -25 });
    expect(keyboardMove('ArrowLeft', false)).toEqual({ dx: -5, dy: 0 });
    expect(keyboardMove('Enter', false)).toBeNull();
  });

  it('places the box from the top-left for the screen', () => {
    const box = placementBox({ page: 1, x: 0, y: 0, width: 100, height: 50 }, { width: 200, height: 100 });
    expect(box).toEqual({ left: 0, top: 0.5, width: 0.5, height: 0.5 });
  });
});

describe('resizePlacement', () => {
  const page = { width: 595, height: 842 };
  const min = { width: 10, height: 10 };
  it('keeps the top-left corner, grows right and down, and stops at the minimum and the page', () => {
    const start = { page: 1, x: 100, y: 500, width: 150, height: 20 };
    expect(resizePlacement(start, 50, 30, page, min)).toEqual({
      page: 1,
      x: 100,
      y: 470,
      width: 200,
      height: 50,
    });
    expect(resizePlacement(start, -500, -500, page, min)).toEqual({
      page: 1,
      x: 100,
      y: 510,
      width: 10,
      height: 10,
    });
    expect(resizePlacement(start, 1000, 1000, page, min)).toEqual({
      page: 1,
      x: 100,
      y: 0,
      width: 495,
      height: 520,
    });
  });
  it('turns arrow keys into a resize: Right wider, Down taller', () => {
    expect(keyboardResize('ArrowRight', false)).toEqual({ dw: 5, dh: 0 });
    expect(keyboardResize('ArrowDown', true)).toEqual({ dw: 0, dh: 25 });
    expect(keyboardResize('Enter', false)).toBeNull();
  });
});
