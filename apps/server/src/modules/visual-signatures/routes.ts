// HTTP routes of the visual-signature calls (spec section 7, Visual signatures): JSON calls from
// the contract, and the binary ones (previews as PNG, custom images as multipart uploads).
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ZVisualSignatureInput, endpoints as e, snakeKeys } from '@countersign/contract';
import {
  registerEndpoint,
  registerRawEndpoint,
  type Authenticator,
  type RequestContext,
} from '../../http/endpoint.js';
import { readFilePart } from '../../http/multipart.js';
import { parseOrThrow } from '../../http/validate.js';
import { requirePerson } from '../../lib/principal.js';
import * as visual from './service.js';
import type { VisualSignaturesDeps } from './service.js';

export function registerVisualSignatureRoutes(
  app: FastifyInstance,
  deps: VisualSignaturesDeps & { publicUrl?: string },
  authenticate: Authenticator,
): void {
  const userId = (ctx: RequestContext) => requirePerson(ctx.principal).userId;

  registerEndpoint(app, e.listVisualSignatures, authenticate, ({ ctx }) => visual.list(deps, userId(ctx)));
  registerEndpoint(app, e.createVisualSignature, authenticate, ({ ctx, body }) =>
    visual.create(deps, userId(ctx), body),
  );
  registerEndpoint(app, e.getVisualSignature, authenticate, ({ ctx, params }) =>
    visual.get(deps, userId(ctx), params.id),
  );
  registerEndpoint(app, e.updateVisualSignature, authenticate, ({ ctx, params, body }) =>
    visual.update(deps, userId(ctx), params.id, body),
  );
  registerEndpoint(app, e.deleteVisualSignature, authenticate, ({ ctx, params }) =>
    visual.remove(deps, userId(ctx), params.id),
  );
  registerEndpoint(app, e.getDefaultVisualSignature, authenticate, async ({ ctx }) => {
    const { image: _image, ...rest } = await visual.getDefault(deps, userId(ctx));
    return rest;
  });

  const sendPng = (reply: FastifyReply, png: Uint8Array) =>
    reply.type('image/png').header('cache-control', 'private, no-store').send(Buffer.from(png));
  registerRawEndpoint(app, e.previewVisualSignature, authenticate, async ({ query, ctx }) =>
    sendPng(
      ctx.reply,
      await visual.preview(deps, userId(ctx), { id: query.id }, query, deps.publicUrl ?? ''),
    ),
  );
  registerRawEndpoint(app, e.previewVisualSignatureDraft, authenticate, async ({ query, ctx }) => {
    const draft = parseOrThrow(ZVisualSignatureInput, ctx.request.body, 'body');
    return sendPng(
      ctx.reply,
      await visual.preview(deps, userId(ctx), { draft, id: query.id }, query, deps.publicUrl ?? ''),
    );
  });

  registerRawEndpoint(app, e.setVisualSignatureImage, authenticate, async ({ params, ctx }) => {
    const image = await readFilePart(ctx.request, 'image', visual.MAX_IMAGE_BYTES, 'the image');
    const result = await visual.setImage(deps, userId(ctx), params.id, image);
    ctx.reply.code(201);
    return snakeKeys(e.setVisualSignatureImage.response.parse(result));
  });
  registerEndpoint(app, e.removeVisualSignatureImage, authenticate, ({ params, ctx }) =>
    visual.removeImage(deps, userId(ctx), params.id),
  );
}
