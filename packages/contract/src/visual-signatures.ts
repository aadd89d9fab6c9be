// Visual-signature calls of spec section 7 and the visual signature of spec section 3: how a
// signature looks on the page (name, company line, location, date, claim, signature standard,
// QR code, custom image), one of them the user's default. Previews answer PNG images; a custom
// image is uploaded as multipart/form-data.
import { z } from 'zod';
import { ZFile, defineEndpoint } from './endpoint.js';

const tags = ['Visual signatures'];
const ZId = z.string().min(1).max(64);

export const ZVisualSignature = z.object({
  id: z.string(),
  alias: z.string(),
  name: z.string(),
  optionalLine: z.string().nullable(),
  location: z.string().nullable(),
  hasCustomImage: z.boolean(),
  displayDate: z.boolean(),
  displayClaim: z.boolean(),
  displayStandards: z.boolean(),
  displayQr: z.boolean(),
  isDefault: z.boolean(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type VisualSignature = z.infer<typeof ZVisualSignature>;

export const ZVisualSignatureInput = z.strictObject({
  alias: z.string().trim().min(1).max(60),
  name: z.string().trim().min(1).max(120),
  optionalLine: z.string().trim().max(120).nullable().optional(),
  location: z.string().trim().max(120).nullable().optional(),
  displayDate: z.boolean().optional(),
  displayClaim: z.boolean().optional(),
  displayStandards: z.boolean().optional(),
  displayQr: z.boolean().default(false),
  isDefault: z.boolean().optional(),
});
export type VisualSignatureInput = z.infer<typeof ZVisualSignatureInput>;

export const listVisualSignatures = defineEndpoint({
  method: 'GET',
  path: '/v1/user/visual-signatures',
  summary: "The user's visual signatures, the default first",
  tags,
  auth: 'session',
  response: z.object({ items: z.array(ZVisualSignature) }),
});

export const createVisualSignature = defineEndpoint({
  method: 'POST',
  path: '/v1/user/visual-signatures',
  summary: 'Create a visual signature (the first one becomes the default)',
  tags,
  auth: 'session',
  body: ZVisualSignatureInput,
  response: ZVisualSignature,
  successStatus: 201,
});

export const getVisualSignature = defineEndpoint({
  method: 'GET',
  path: '/v1/user/visual-signatures/{id}',
  summary: 'One visual signature',
  tags,
  auth: 'session',
  params: z.object({ id: ZId }),
  response: ZVisualSignature,
});

export const updateVisualSignature = defineEndpoint({
  method: 'PUT',
  path: '/v1/user/visual-signatures/{id}',
  summary: 'Change a visual signature',
  tags,
  auth: 'session',
  params: z.object({ id: ZId }),
  body: ZVisualSignatureInput,
  response: ZVisualSignature,
});

export const deleteVisualSignature = defineEndpoint({
  method: 'DELETE',
  path: '/v1/user/visual-signatures/{id}',
  summary: 'Delete a visual signature (deleting the default promotes another)',
  tags,
  auth: 'session',
  params: z.object({ id: ZId }),
  response: z.object({ ok: z.literal(true) }),
});

export const getDefaultVisualSignature = defineEndpoint({
  method: 'GET',
  path: '/v1/user/visual-signature',
  summary: "The user's default visual signature, or one made from their name when they have none",
  tags,
  auth: 'session',
  response: ZVisualSignature,
});

const ZPreviewQuery = z.object({
  id: z
    .string()
    .max(64)
    .optional()
    .describe('the saved signature to draw; for a POSTed draft, the one whose custom image it keeps'),
  width: z.coerce.number().int().min(60).max(1200).default(300),
  height: z.coerce.number().int().min(30).max(600).default(140),
});
const png = { mediaTypes: ['image/png'], description: 'The signature as it will look (PNG)' };

export const previewVisualSignature = defineEndpoint({
  method: 'GET',
  path: '/v1/user/preview-visual-signature',
  summary: 'Preview a saved visual signature, or the default (PNG)',
  description:
    'Draws the visual signature `id` (the default when absent) at `width` x `height` pixels as it will appear on a page.',
  tags,
  auth: 'session',
  query: ZPreviewQuery,
  response: ZFile,
  file: png,
  problems: ['visual_signature.not_found'],
});

export const previewVisualSignatureDraft = defineEndpoint({
  method: 'POST',
  path: '/v1/user/preview-visual-signature',
  summary: 'Preview a visual signature before saving it (PNG)',
  description:
    'Draws the visual signature in the body, unsaved, at `width` x `height` pixels; with `id`, the custom image of that saved signature is kept.',
  tags,
  auth: 'session',
  query: ZPreviewQuery,
  body: ZVisualSignatureInput,
  response: ZFile,
  file: png,
  problems: ['visual_signature.not_found'],
});

export const setVisualSignatureImage = defineEndpoint({
  method: 'POST',
  path: '/v1/images/signature/{id}',
  summary: 'Set the custom image of a visual signature (multipart/form-data)',
  description: 'A PNG or JPEG of at most 2 MB as `image`, drawn in place of the typed name.',
  tags,
  auth: 'session',
  params: z.object({ id: ZId }),
  upload: { image: { kind: 'file', description: 'PNG or JPEG, at most 2 MB', required: true } },
  response: ZVisualSignature,
  successStatus: 201,
  problems: ['visual_signature.not_found', 'visual_signature.image_invalid'],
});

export const removeVisualSignatureImage = defineEndpoint({
  method: 'DELETE',
  path: '/v1/images/signature/{id}',
  summary: 'Remove the custom image of a visual signature',
  tags,
  auth: 'session',
  params: z.object({ id: ZId }),
  response: ZVisualSignature,
  problems: ['visual_signature.not_found'],
});

export const visualSignatureEndpoints = {
  listVisualSignatures,
  createVisualSignature,
  getVisualSignature,
  updateVisualSignature,
  deleteVisualSignature,
  getDefaultVisualSignature,
  previewVisualSignature,
  previewVisualSignatureDraft,
  setVisualSignatureImage,
  removeVisualSignatureImage,
};
