// Images through the resizing endpoint in the browser: a preset asked at densities 1 and 2 (WebP,
// the server's default), sizes kept within the endpoint's limit, an unknown provider or preset
// refused, and a zero-size stand-in once the image fails to load.
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_SIDE, IMAGE_PRESETS } from '@countersign/contract';
import { imageSources, imageUrl, UnknownImageError } from './image-url.js';
import { ResizedImage } from './resized-image.js';

const logo = 'https://sign.example.org/v1/business-logos/abc.png';

describe('image addresses', () => {
  it('asks for a preset at density 1 and twice its size at density 2', () => {
    const { width, height } = IMAGE_PRESETS['logo-banner'];
    const { src, srcSet } = imageSources({ src: logo, preset: 'logo-banner' });
    const once = new URL(src, 'https://x.test');
    expect(once.pathname).toBe('/v1/images/resize');
    expect(Object.fromEntries(once.searchParams)).toEqual({
      url: logo,
      preset: 'logo-banner',
      w: String(width),
      h: String(height),
    });
    const [first, second] = srcSet.split(', ');
    expect(first).toBe(`${src} 1x`);
    const twice = new URL(second!.replace(/ 2x$/, ''), 'https://x.test').searchParams;
    expect([twice.get('w'), twice.get('h')]).toEqual([String(width * 2), String(height * 2)]);
    expect(second).toMatch(/ 2x$/);
  });

  it('passes format, quality, fit and position, and keeps sizes within the limit', () => {
    const url = new URL(
      imageUrl({ src: logo, width: 900, format: 'png', quality: 60, fit: 'cover', position: 'top' }, 2),
      'https://x.test',
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      url: logo,
      w: String(IMAGE_MAX_SIDE),
      fm: 'png',
      q: '60',
      fit: 'cover',
      position: 'top',
    });
  });

  it('refuses an unknown provider or preset', () => {
    expect(() => imageUrl({ src: logo, provider: 'cloudinary' })).toThrow(UnknownImageError);
    expect(() => imageUrl({ src: logo, preset: 'poster' })).toThrow('Unknown image preset: poster');
  });
});

describe('ResizedImage', () => {
  it('shows the image from the resizer, and a zero-size stand-in when it fails', () => {
    render(<ResizedImage src={logo} preset="logo-banner" alt="Acme's logo" width={600} height={200} />);
    const img = screen.getByRole('img', { name: "Acme's logo" });
    expect(img.getAttribute('src')).toMatch(/^\/v1\/images\/resize\?/);
    expect(img.getAttribute('srcset')).toMatch(/ 1x, .* 2x$/);
    fireEvent.error(img);
    expect(screen.queryByRole('img')).toBeNull();
    const fallback = screen.getByTestId('image-fallback');
    expect([fallback.style.width, fallback.style.height]).toEqual(['0px', '0px']);
  });
});
