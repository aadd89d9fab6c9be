// Drawing one of the installation's images at the size, format and quality asked (spec 7: url, w,
// h, fm, q, position, fit; WebP by default). A preset gives the size; w, h and fit given alongside
// win. Drawing costs CPU, so each IP may have a bounded number drawn a minute, the result is kept in
// a small in-memory cache by source version and parameters, and a source larger than the decoder's
// pixel limit is refused rather than decoded.
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import {
  IMAGE_MAX_SIDE,
  IMAGE_PRESETS,
  isImagePreset,
  type ImageFit,
  type ResizeImageQuery,
} from '@countersign/contract';
import type { Throttle } from '../accounts/index.js';
import { AppError } from '../../lib/app-error.js';
import { resolveImage, type ImageSource } from './sources.js';
import type { RenderCache } from './render-cache.js';

/** The decoder refuses sources above this many pixels (a logo is at most 600 x 200). */
const MAX_INPUT_PIXELS = 25_000_000;

/** The rule each IP's drawings are counted under (its limit comes from the configuration). */
export const RENDERS_PER_IP = { name: 'image-renders-ip', windowSeconds: 60 } as const;

export interface ResizeImageDeps {
  sources: readonly ImageSource[];
  publicUrl: string;
  throttle: Pick<Throttle, 'hit'>;
  rendersPerIpMinute: number;
  cache: RenderCache;
}

export interface ResizedImage {
  bytes: Uint8Array;
  mediaType: string;
  /** names the source version and the parameters: the same ETag is the same bytes */
  etag: string;
}

interface Drawing {
  width: number | undefined;
  height: number | undefined;
  fit: ImageFit;
  format: ResizeImageQuery['fm'];
  quality: number;
  position: ResizeImageQuery['position'];
}

/** The drawing asked for: the preset's size and fit, overridden by w, h and fit when given. */
export function drawingOf(query: ResizeImageQuery): Drawing {
  let preset: { width?: number; height?: number; fit?: ImageFit } = {};
  if (query.preset !== undefined) {
    if (!isImagePreset(query.preset)) {
      throw new AppError('image.unknown_preset', `No image preset is named ${JSON.stringify(query.preset)}`);
    }
    preset = IMAGE_PRESETS[query.preset];
  }
  return {
    width: query.w ?? preset.width,
    height: query.h ?? preset.height,
    fit: query.fit ?? preset.fit ?? 'cover',
    format: query.fm,
    quality: query.q,
    position: query.position,
  };
}

const mediaTypes = { webp: 'image/webp', jpeg: 'image/jpeg', png: 'image/png' } as const;

export async function resizeImage(
  deps: ResizeImageDeps,
  input: { query: ResizeImageQuery; ip: string },
): Promise<ResizedImage> {
  const drawing = drawingOf(input.query);
  const source = await resolveImage(deps.sources, deps.publicUrl, input.query.url).load();
  if (!source) throw new AppError('image.not_found', 'No image is stored at this address');
  const etag = createHash('sha256')
    .update(JSON.stringify([source.version, drawing]))
    .digest('base64url')
    .slice(0, 32);
  const mediaType = mediaTypes[drawing.format];
  const cached = deps.cache.get(etag);
  if (cached) return { bytes: cached, mediaType, etag };

  await deps.throttle.hit({ ...RENDERS_PER_IP, limit: deps.rendersPerIpMinute }, input.ip);
  const bytes = await draw(source.bytes, drawing);
  deps.cache.set(etag, bytes);
  return { bytes, mediaType, etag };
}

async function draw(bytes: Uint8Array, drawing: Drawing): Promise<Uint8Array> {
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    const sized =
      drawing.width === undefined && drawing.height === undefined
        ? // no size asked: the original, within the largest side the endpoint draws
          image.resize({
            width: IMAGE_MAX_SIDE,
            height: IMAGE_MAX_SIDE,
            fit: 'inside',
            withoutEnlargement: true,
          })
        : image.resize({
            ...(drawing.width !== undefined && { width: drawing.width }),
            ...(drawing.height !== undefined && { height: drawing.height }),
            fit: drawing.fit,
            position: drawing.position,
            withoutEnlargement: true,
            background: { r: 0, g: 0, b: 0, alpha: 0 },
          });
    const encoded =
      drawing.format === 'png'
        ? sized.png()
        : drawing.format === 'jpeg'
          ? sized.flatten({ background: '#ffffff' }).jpeg({ quality: drawing.quality, mozjpeg: true })
          : sized.webp({ quality: drawing.quality });
    return new Uint8Array(await encoded.toBuffer());
  } catch {
    throw new AppError('image.unreadable', 'The stored image cannot be drawn');
  }
}
