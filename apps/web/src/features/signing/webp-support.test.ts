import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetWebpSupport, supportsWebp } from './webp-support.js';

describe('supportsWebp', () => {
  afterEach(() => forgetWebpSupport());

  it('tests by decoding a WebP image, once for the page', async () => {
    const decode = vi.fn((source: string) => Promise.resolve(source.startsWith('data:image/webp;base64,')));
    await expect(supportsWebp(decode)).resolves.toBe(true);
    await expect(supportsWebp(decode)).resolves.toBe(true);
    expect(decode).toHaveBeenCalledTimes(1);
  });

  it('says no where the image does not decode', async () => {
    await expect(supportsWebp(() => Promise.resolve(false))).resolves.toBe(false);
  });
});
