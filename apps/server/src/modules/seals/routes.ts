// HTTP routes of seals (admins of the business only). The visual is uploaded as multipart (`image`)
// and served back as PNG.
import type { FastifyInstance } from 'fastify';
import { sealEndpoints as e, snakeKeys } from '@countersign/contract';
import {
  registerEndpoint,
  registerRawEndpoint,
  type Authenticator,
  type RequestContext,
} from '../../http/endpoint.js';
import { readFilePart } from '../../http/multipart.js';
import { requirePerson } from '../../lib/principal.js';
import { authorizeSeal } from './policy.js';
import * as manage from './manage-seals.js';

export function registerSealRoutes(app: FastifyInstance, deps: manage.SealDeps, authenticate: Authenticator) {
  const person = (ctx: RequestContext) => requirePerson(ctx.principal);
  registerEndpoint(app, e.listSeals, authenticate, ({ params, ctx }) =>
    manage.listSeals(deps, person(ctx), params.id),
  );
  registerEndpoint(app, e.createSeal, authenticate, ({ params, body, ctx }) =>
    manage.createSeal(deps, person(ctx), params.id, body),
  );
  registerEndpoint(app, e.getSeal, authenticate, ({ params, ctx }) =>
    manage.getSeal(deps, person(ctx), params.id, params.seal),
  );
  registerEndpoint(app, e.updateSeal, authenticate, ({ params, body, ctx }) =>
    manage.relabelSeal(deps, person(ctx), params.id, params.seal, body.label),
  );
  registerEndpoint(app, e.deleteSealImage, authenticate, ({ params, ctx }) =>
    manage.removeSealImage(deps, person(ctx), params.id, params.seal),
  );
  registerEndpoint(app, e.addSealMembers, authenticate, ({ params, body, ctx }) =>
    manage.addSealMembers(deps, person(ctx), params.id, params.seal, body.members),
  );
  registerEndpoint(app, e.removeSealMembers, authenticate, ({ params, body, ctx }) =>
    manage.removeSealMembers(deps, person(ctx), params.id, params.seal, body.members),
  );
  registerRawEndpoint(app, e.getSealImage, authenticate, async ({ params, ctx }) => {
    const png = await manage.getSealImage(deps, person(ctx), params.id, params.seal);
    return ctx.reply.type('image/png').header('cache-control', 'private, no-cache').send(Buffer.from(png));
  });
  registerRawEndpoint(app, e.uploadSealImage, authenticate, async ({ params, ctx }) => {
    const principal = person(ctx);
    // refused before the upload is read: only the business's admins may send it
    authorizeSeal(principal, 'manage', { businessId: params.id });
    const { request, reply } = ctx;
    const image = await readFilePart(request, 'image', manage.SEAL_IMAGE_MAX_BYTES, 'the image');
    const result = await manage.setSealImage(deps, principal, params.id, params.seal, image);
    return reply.send(snakeKeys(e.uploadSealImage.response.parse(result)));
  });
}
