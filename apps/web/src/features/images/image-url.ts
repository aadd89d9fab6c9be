// Addresses of the image-resizing endpoint (spec 7: url, w, h, fm, q, position, fit; WebP by
// default; densities 1 and 2). An image is asked for through a provider and, usually, a preset;
// an unknown provider or preset is an error (spec 8), thrown here rather than drawn at a guess.
import {
  IMAGE_DENSITIES,
  IMAGE_MAX_SIDE,
  IMAGE_PRESETS,
  imageEndpoints,
  isImagePreset,
  type ImageFit,
  type ImageFormat,
  type ImagePosition,
} from '@countersign/contract';

/** The installation's own resizer; the only provider the product knows. */
export const IMAGE_PROVIDERS = ['countersign'] as const;
export type ImageProvider = (typeof IMAGE_PROVIDERS)[number];

export class UnknownImageError extends Error {
  constructor(what: 'provider' | 'preset', name: string) {
    super(`Unknown image ${what}: ${name}`);
    this.name = 'UnknownImageError';
  }
}

export interface ImageRequest {
  /** the image's own address on the installation (a business logo's url) */
  src: string;
  provider?: string;
  preset?: string;
  width?: number;
  height?: number;
  format?: ImageFormat;
  quality?: number;
  fit?: ImageFit;
  position?: ImagePosition;
}

/** The address of the image at one density: its size multiplied, within the endpoint's limit. */
export function imageUrl(request: ImageRequest, density = 1): string {
  const provider = request.provider ?? 'countersign';
  if (!(IMAGE_PROVIDERS as readonly string[]).includes(provider)) {
    throw new UnknownImageError('provider', provider);
  }
  if (request.preset !== undefined && !isImagePreset(request.preset)) {
    throw new UnknownImageError('preset', request.preset);
  }
  const preset = request.preset === undefined ? undefined : IMAGE_PRESETS[request.preset];
  const scaled = (size: number | undefined) =>
    size === undefined ? undefined : Math.min(IMAGE_MAX_SIDE, Math.round(size * density));
  const width = scaled(request.width ?? preset?.width);
  const height = scaled(request.height ?? preset?.height);
  const query = new URLSearchParams({ url: request.src });
  if (request.preset !== undefined) query.set('preset', request.preset);
  if (width !== undefined) query.set('w', String(width));
  if (height !== undefined) query.set('h', String(height));
  if (request.format !== undefined) query.set('fm', request.format);
  if (request.quality !== undefined) query.set('q', String(request.quality));
  if (request.fit !== undefined) query.set('fit', request.fit);
  if (request.position !== undefined) query.set('position', request.position);
  return `${imageEndpoints.resizeImage.path}?${query.toString()}`;
}

/** `src` (density 1) and `srcSet` (densities 1 and 2) of an <img>. */
export function imageSources(request: ImageRequest): { src: string; srcSet: string } {
  return {
    src: imageUrl(request, 1),
    srcSet: IMAGE_DENSITIES.map((density) => `${imageUrl(request, density)} ${density}x`).join(', '),
  };
}
