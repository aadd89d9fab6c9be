// HTTP routes of the visual-signature calls (spec section 7, Visual signatures): JSON calls from
// the contract, and the binary ones (previews as PNG, custom images as multipart uploads).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ZVisualSignatureInput, endpoints as e, snakeKeys } from '@countersign/contract';
import { registerEndpoint, type Authenticator, type RequestContext } from '../../http/endpoint.js';
import { readMultipart } from '../../http/multipart.js';
import { AppError } from '../../lib/app-error.js';
import { parseOrThrow } from '../../http/validate.js';
import { requirePerson } from '../../lib/principal.js';
import * as visual from './service.js';
import type { VisualSignaturesDeps } from './service.js';

const ZPreviewQuery = z.object({
  id: z.string().max(64).optional(),
  width: z.coerce.number().int().min(60).max(1200).default(visual.DEFAULT_PREVIEW.width),
  height: z.coerce.number().int().min(30).max(600).default(visual.DEFAULT_PREVIEW.height),
});

export function registerVisualSignatureRoutes(
  app: FastifyInstance,
  deps: VisualSignaturesDeps & { publicUrl?: string },
  authenticate: Authenticator,
): void {
  const userId = (ctx: RequestContext) => requirePerson(ctx.principal).userId;
  const sessionUser = async (request: FastifyRequest) => requirePerson(await authenticate(request)).userId;

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
  app.get('/v1/user/preview-visual-signature', async (request, reply) => {
    const q = parseOrThrow(ZPreviewQuery, request.query, 'query');
    return sendPng(
      reply,
      await visual.preview(deps, await sessionUser(request), { id: q.id }, q, deps.publicUrl ?? ''),
    );
  });
  app.post('/v1/user/preview-visual-signature', async (request, reply) => {
    const q = parseOrThrow(ZPreviewQuery, request.query, 'query');
    const draft = parseOrThrow(ZVisualSignatureInput, request.body, 'body');
    return sendPng(
      reply,
      await visual.preview(deps, await sessionUser(request), { draft, id: q.id }, q, deps.publicUrl ?? ''),
    );
  });

  app.post<{ Params: { id: string } }>('/v1/images/signature/:id', async (request, reply) => {
    const user = await sessionUser(request);
    if (!request.isMultipart())
      throw new AppError('request.unsupported_media_type', 'Upload the image as multipart/form-data');
    const image = await readMultipart(async () => {
      const file = await request.file({ limits: { fileSize: 2 * 1024 * 1024 } });
      if (!file) throw new AppError('request.validation_failed', 'Attach the image as "image"');
      return file.toBuffer();
    });
    const result = await visual.setImage(deps, user, request.params.id, image);
    reply.code(201);
    return snakeKeys(result);
  });
  app.delete<{ Params: { id: string } }>('/v1/images/signature/:id', async (request) =>
    snakeKeys(await visual.removeImage(deps, await sessionUser(request), request.params.id)),
  );
}
