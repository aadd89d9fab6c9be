// Visual-signature calls of spec section 7 and the visual signature of spec section 3: how a
// signature looks on the page (name, company line, location, date, claim, signature standard,
// QR code, custom image), one of them the user's default. Previews and images are binary and
// served by plain routes: GET/POST /v1/user/preview-visual-signature (PNG; query `width`,
// `height`, and `id`: the saved signature to draw, or for a POSTed draft the one whose custom image
// it keeps), POST/DELETE /v1/images/signature/{id} (multipart `image`, PNG or JPEG).
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';

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

export const visualSignatureEndpoints = {
  listVisualSignatures,
  createVisualSignature,
  getVisualSignature,
  updateVisualSignature,
  deleteVisualSignature,
  getDefaultVisualSignature,
};
