// GET /v1/images/resize: the installation's own images at a size and format (spec 7 "Other").
import type { FastifyInstance } from 'fastify';
import { imageEndpoints as e } from '@countersign/contract';
import { registerRawEndpoint } from '../../http/endpoint.js';
import { resizeImage, type ResizeImageDeps } from './resize-image.js';

export function registerImageRoutes(app: FastifyInstance, deps: ResizeImageDeps): void {
  const nobody = async () => undefined;
  registerRawEndpoint(app, e.resizeImage, nobody, async ({ query, ctx }) => {
    const image = await resizeImage(deps, { query, ip: ctx.ip });
    const etag = `"${image.etag}"`;
    // the sources are immutable by their address (a logo's name is its hash), so the drawing is too
    const reply = ctx.reply
      .header('etag', etag)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff');
    if (ctx.request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(image.mediaType).send(Buffer.from(image.bytes));
  });
}
