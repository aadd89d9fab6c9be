import { describe, expect, it } from 'vitest';
import { MIN_CONTEXT_POINTS, focusCrop } from './focus-crop.js';

const A4 = { width: 595, height: 842 };
const phone = { width: 320, height: 300 };

describe('focusCrop', () => {
  it('fills the width with the field and some of the page round it, the field centred', () => {
    const field = { x: 300, y: 400, width: 120, height: 20 };
    const crop = focusCrop(A4, field, phone);
    expect(crop.scale).toBeCloseTo(320 / MIN_CONTEXT_POINTS);
    // the field's centre is the view's centre
    expect(crop.left + (field.x + field.width / 2) * crop.scale).toBeCloseTo(160);
    expect(crop.top + (A4.height - field.y - field.height / 2) * crop.scale).toBeCloseTo(150);
  });

  it('never shows past the edges of a page larger than the view', () => {
    const corner = focusCrop(A4, { x: 5, y: 820, width: 40, height: 16 }, phone);
    expect(corner.left).toBe(0);
    expect(corner.top).toBe(0);
    const bottomRight = focusCrop(A4, { x: 560, y: 2, width: 30, height: 16 }, phone);
    expect(bottomRight.left + bottomRight.width).toBeCloseTo(phone.width);
    expect(bottomRight.top + bottomRight.height).toBeCloseTo(phone.height);
  });

  it('keeps a wide field whole and a tall one within the height', () => {
    const wide = focusCrop(A4, { x: 20, y: 400, width: 500, height: 20 }, phone);
    expect(500 * wide.scale).toBeLessThanOrEqual(phone.width);
    const tall = focusCrop(A4, { x: 100, y: 20, width: 150, height: 800 }, phone);
    expect(800 * tall.scale).toBeLessThanOrEqual(phone.height);
    // a page then narrower than the view is centred
    expect(tall.left).toBeCloseTo((phone.width - tall.width) / 2);
  });
});
