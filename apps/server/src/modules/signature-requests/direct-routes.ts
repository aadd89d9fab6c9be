// Routes of link holders: the request, its events and lock, decline, sign, delegate, and the
// link holder's own details, each authorised by the link's token (the `token` query parameter).
import type { FastifyInstance } from 'fastify';
import { endpoints as e, snakeKeys } from '@countersign/contract';
import { registerEndpoint, registerRawEndpoint, type Authenticator } from '../../http/endpoint.js';
import { readFilePart } from '../../http/multipart.js';
import { MAX_IMAGE_BYTES } from '../visual-signatures/index.js';
import type { RequestsDeps } from './deps.js';
import { delegate } from './delegation.js';
import {
  directSignerHolding,
  getDirectUser,
  getDirectVisualSignature,
  updateDirectUser,
} from './direct-user.js';
import { linkHolderQualitiesDetail } from '../identification/index.js';
import * as documents from './documents.js';
import * as lifecycle from './lifecycle.js';
import { linkStatus } from './link-grants.js';
import {
  previewLinkVisual,
  removeLinkSignatureImage,
  setLinkSignatureImage,
} from './link-visual/link-visual.js';
import * as requests from './service.js';
import { registerSignatureIdentificationRoutes } from './signature-identification.js';
import type { RouteCallers } from './route-callers.js';

export function registerDirectRoutes(
  app: FastifyInstance,
  deps: Pick<
    RequestsDeps,
    'blobs' | 'clock' | 'db' | 'identificationProviders' | 'liveness' | 'log' | 'mailer' | 'pdf' | 'publicUrl'
  >,
  authenticate: Authenticator,
  { userCaller, directCaller, sign }: RouteCallers,
): void {
  registerEndpoint(app, e.directGetSignatureRequest, authenticate, async ({ params, ctx }) =>
    requests.present(deps, params.id, await directCaller(ctx, params.id, 'read')),
  );
  registerEndpoint(app, e.directGetDocument, authenticate, async ({ params, ctx }) =>
    documents.getDocument(deps, await directCaller(ctx, undefined, 'read'), params.id),
  );
  registerEndpoint(app, e.directGetLink, authenticate, async ({ ctx }) => linkStatus(deps, ctx.principal));
  registerEndpoint(app, e.directGetEvents, authenticate, async ({ params, ctx }) =>
    requests.events(deps, await directCaller(ctx, params.id, 'read'), params.id),
  );
  registerEndpoint(app, e.directGetLockStatus, authenticate, async ({ params, ctx }) =>
    requests.lockStatus(deps, await directCaller(ctx, params.id), params.id),
  );
  registerEndpoint(app, e.directDecline, authenticate, async ({ params, body, ctx }) => {
    const caller = await directCaller(ctx, params.id);
    await lifecycle.decline(deps, caller, params.id, body.message);
    return requests.present(deps, params.id, caller);
  });
  registerEndpoint(app, e.directSign, authenticate, async ({ body, ctx }) => {
    const caller = await directCaller(ctx, body.signatureRequests[0]?.signatureRequestId);
    return sign(caller, body.signatureRequests, body);
  });
  registerEndpoint(app, e.directDelegate, authenticate, async ({ params, body, ctx }) => {
    const caller = await directCaller(ctx, params.id);
    await delegate(deps, caller, params.id, body);
    return requests.present(deps, params.id, caller);
  });
  registerEndpoint(app, e.directGetUser, authenticate, async ({ ctx }) =>
    getDirectUser(deps, await directCaller(ctx, undefined, 'read')),
  );
  registerEndpoint(app, e.directSignatureQualitiesDetail, authenticate, async ({ ctx }) =>
    linkHolderQualitiesDetail(deps.db, await directSignerHolding(deps, await directCaller(ctx, undefined))),
  );
  registerEndpoint(app, e.directUpdateUser, authenticate, async ({ body, ctx }) =>
    updateDirectUser(deps, await directCaller(ctx, undefined), body),
  );
  registerEndpoint(app, e.directGetVisualSignature, authenticate, async ({ ctx }) =>
    getDirectVisualSignature(deps, await directCaller(ctx, undefined)),
  );
  registerRawEndpoint(app, e.directPreviewVisualSignature, authenticate, async ({ query, ctx }) => {
    const png = await previewLinkVisual(deps, await directCaller(ctx, undefined), query);
    return ctx.reply.type('image/png').header('cache-control', 'private, no-store').send(Buffer.from(png));
  });
  registerRawEndpoint(app, e.directSetSignatureImage, authenticate, async ({ ctx }) => {
    // the link is checked before the upload is read
    const caller = await directCaller(ctx, undefined);
    const image = await readFilePart(ctx.request, 'image', MAX_IMAGE_BYTES, 'the image');
    const result = await setLinkSignatureImage(deps, caller, image);
    ctx.reply.code(201);
    return snakeKeys(e.directSetSignatureImage.response.parse(result));
  });
  registerEndpoint(app, e.directRemoveSignatureImage, authenticate, async ({ ctx }) =>
    removeLinkSignatureImage(deps, await directCaller(ctx, undefined)),
  );
  registerSignatureIdentificationRoutes(app, deps, authenticate, { direct: directCaller, user: userCaller });
}
