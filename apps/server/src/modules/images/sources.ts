// Which of the installation's own images an address names. Each source (the spec's "image
// provider") knows one kind of stored image by its path and reads it from storage; the resizer
// never fetches an address, so a caller cannot point it at another host or at a service inside the
// network (SSRF). An absolute address must carry the installation's own origin.
import { AppError } from '../../lib/app-error.js';

export interface SourceImage {
  bytes: Uint8Array;
  /** names these bytes for good (their hash): the answer's ETag is built on it */
  version: string;
}

export interface ImageSource {
  /** the stored image a path names, or undefined when the path is not of this source */
  match(pathname: string): { load(): Promise<SourceImage | undefined> } | undefined;
}

/** A business logo, `/v1/business-logos/<sha256>.png`: public, and immutable by its name. */
export function businessLogoSource(findLogo: (name: string) => Promise<Uint8Array | undefined>): ImageSource {
  const logoPath = /^\/v1\/business-logos\/([0-9a-f]{64})\.png$/;
  return {
    match(pathname) {
      const hash = logoPath.exec(pathname)?.[1];
      if (hash === undefined) return undefined;
      return {
        async load() {
          const bytes = await findLogo(`${hash}.png`);
          return bytes && { bytes, version: hash };
        },
      };
    },
  };
}

/**
 * The stored image `url` names. Relative addresses are read against the installation's own
 * address; any other origin (scheme, host or port), credentials in the address, or a path that
 * escapes with `..` or encoded separators is refused before any source is asked.
 */
export function resolveImage(
  sources: readonly ImageSource[],
  publicUrl: string,
  url: string,
): { load(): Promise<SourceImage | undefined> } {
  const own = new URL(publicUrl);
  let address: URL;
  try {
    address = new URL(url, own);
  } catch {
    throw new AppError('image.source_not_allowed', 'The image address cannot be read');
  }
  if (address.origin !== own.origin || address.username !== '' || address.password !== '') {
    throw new AppError('image.source_not_allowed', 'Only images of this installation are drawn');
  }
  const basePath = own.pathname.replace(/\/$/, '');
  if (!address.pathname.startsWith(`${basePath}/`) || /%2f|%5c/i.test(address.pathname)) {
    throw new AppError('image.unknown_provider', 'No image source serves this address');
  }
  const pathname = address.pathname.slice(basePath.length);
  for (const source of sources) {
    const found = source.match(pathname);
    if (found) return found;
  }
  throw new AppError('image.unknown_provider', 'No image source serves this address');
}
