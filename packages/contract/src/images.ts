// The image-resizing endpoint's named sizes and its limits (spec 7 "Other": url, w, h, fm, q,
// position, fit; WebP by default; densities 1 and 2). A preset names the size a screen shows an image
// at; the web app asks for it at each density, the server checks the name. An unknown preset is an
// error on both sides (spec 8), never a silent default.
//
// Only the installation's own images are drawn: `url` names one by its address on this server, and
// the server reads it from its own storage. It never fetches an address, so the endpoint cannot be
// turned against other hosts (no SSRF).
import { z } from 'zod';
import { ZFile, defineEndpoint } from './endpoint.js';

export const IMAGE_FORMATS = ['webp', 'jpeg', 'png'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export const IMAGE_FITS = ['cover', 'contain', 'fill', 'inside', 'outside'] as const;
export type ImageFit = (typeof IMAGE_FITS)[number];

/** Where a cropped image keeps its focus (the nine compass points, or sharp's two strategies). */
export const IMAGE_POSITIONS = [
  'center',
  'top',
  'right top',
  'right',
  'right bottom',
  'bottom',
  'left bottom',
  'left',
  'left top',
  'entropy',
  'attention',
] as const;
export type ImagePosition = (typeof IMAGE_POSITIONS)[number];

/** The densities the web app asks for (spec 7): 1x and 2x. */
export const IMAGE_DENSITIES = [1, 2] as const;

/**
 * The largest width or height the endpoint draws, in pixels, whatever the density: a 2x request of
 * the largest preset stays below it, and nobody can ask the server for a poster-sized image.
 */
export const IMAGE_MAX_SIDE = 1200;

export const IMAGE_DEFAULT_QUALITY = 80;

export interface ImagePreset {
  /** the size at density 1, in CSS pixels */
  width: number;
  height: number;
  fit: ImageFit;
  format?: ImageFormat;
}

/** The sizes the product shows its own images at. */
export const IMAGE_PRESETS = {
  /** a business's logo above a request on its signing page */
  'logo-banner': { width: 240, height: 64, fit: 'inside' },
  /** a business's logo in its settings */
  'logo-settings': { width: 360, height: 96, fit: 'inside' },
} as const satisfies Record<string, ImagePreset>;
export type ImagePresetName = keyof typeof IMAGE_PRESETS;

export function isImagePreset(name: string): name is ImagePresetName {
  return Object.hasOwn(IMAGE_PRESETS, name);
}

export const ZResizeImageQuery = z.object({
  url: z
    .string()
    .min(1)
    .max(2048)
    .describe(
      "the image's address on this installation (absolute with the installation's origin, or a path); today a business logo, /v1/business-logos/{name}",
    ),
  preset: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe('a named size; its width, height and fit apply unless w, h or fit say otherwise'),
  w: z.coerce.number().int().min(1).max(IMAGE_MAX_SIDE).optional().describe('width in pixels'),
  h: z.coerce.number().int().min(1).max(IMAGE_MAX_SIDE).optional().describe('height in pixels'),
  fm: z.enum(IMAGE_FORMATS).default('webp'),
  q: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(IMAGE_DEFAULT_QUALITY)
    .describe('quality of WebP and JPEG'),
  fit: z.enum(IMAGE_FITS).optional().describe('how the image fills w x h (cover unless the preset says)'),
  position: z.enum(IMAGE_POSITIONS).default('center').describe('what a cropping fit keeps'),
});
export type ResizeImageQuery = z.infer<typeof ZResizeImageQuery>;

export const resizeImage = defineEndpoint({
  method: 'GET',
  path: '/v1/images/resize',
  summary: "One of the installation's own images at a size and format",
  description:
    `Draws an image of this installation at \`w\` x \`h\` (or a \`preset\`), WebP unless \`fm\` says jpeg or png, never larger than ${IMAGE_MAX_SIDE} pixels a side and never enlarged beyond the original. ` +
    'The web app asks for each image at densities 1 and 2 (`srcset`). Anyone may call it for the public images it serves (business logos). ' +
    'An address outside the installation is refused (400 `image.source_not_allowed`): the server never fetches one. ' +
    'Immutable: the ETag names the source and the parameters, and If-None-Match with it answers 304. ' +
    'Each IP may have a bounded number of images drawn a minute (IMAGE_RENDERS_PER_IP_MINUTE); past it 429.',
  tags: ['Other'],
  auth: 'none',
  query: ZResizeImageQuery,
  response: ZFile,
  file: { mediaTypes: ['image/webp', 'image/jpeg', 'image/png'], description: 'The image' },
  notModified: true,
  problems: [
    'image.source_not_allowed',
    'image.unknown_provider',
    'image.unknown_preset',
    'image.not_found',
    'image.unreadable',
    'rate_limit.exceeded',
  ],
});

export const imageEndpoints = { resizeImage } as const;
