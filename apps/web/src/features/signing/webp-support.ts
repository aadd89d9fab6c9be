// Spec 4: whether the browser shows WebP is tested, not assumed. The test decodes a 1x1 lossy
// WebP image once per page load; where it fails (older Safari), page images are asked for as PNG
// and decoded one at a time from a queue (decode-queue.ts), so a phone does not decode many large
// PNGs at once while the first page is still coming in.

/** A 1x1 lossy WebP image: lossy is what the server sends. */
const TINY_WEBP = 'data:image/webp;base64,UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA';

let tested: Promise<boolean> | undefined;

/** Resolves whether an image element decodes `source` to a picture of at least one pixel. */
export function decodesImage(source: string): Promise<boolean> {
  if (typeof Image === 'undefined') return Promise.resolve(false);
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve(image.width > 0 && image.height > 0);
    image.onerror = () => resolve(false);
    image.src = source;
  });
}

/** Whether this browser shows WebP; tested once, the answer kept for the page's life. */
export function supportsWebp(decode: (source: string) => Promise<boolean> = decodesImage): Promise<boolean> {
  tested ??= decode(TINY_WEBP);
  return tested;
}

/** Forgets the answer (tests). */
export function forgetWebpSupport(): void {
  tested = undefined;
}
