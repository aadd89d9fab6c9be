import { describe, expect, it } from 'vitest';
import { pickPageScale } from './page-scale.js';

describe('pickPageScale', () => {
  const a4Width = 595;

  it('asks a 375 px phone at 2x for an image at least 750 px wide', () => {
    const scale = pickPageScale(343, 2, a4Width);
    expect(scale).toBe(150);
    expect((a4Width * scale) / 100).toBeGreaterThanOrEqual(343 * 2);
  });

  it('keeps a desktop column at 1x near the natural size', () => {
    expect(pickPageScale(800, 1, a4Width)).toBe(150);
    expect(pickPageScale(500, 1, a4Width)).toBe(100);
    expect(pickPageScale(250, 1, a4Width)).toBe(50);
  });

  it('caps very dense or very wide screens at 400', () => {
    expect(pickPageScale(2500, 4, a4Width)).toBe(400);
  });

  it('falls back to the default scale before the column is measured', () => {
    expect(pickPageScale(0, 2, a4Width)).toBe(100);
    expect(pickPageScale(300, 2, 0)).toBe(100);
  });
});
