// HTTP routes of signature requests, documents and signing for account holders (Bearer session).
// Each parses, authenticates and calls one use case. Files (downloads, pages, zip, protocol) are
// in file-routes.ts, link holders' routes in direct-routes.ts, how a caller is known in
// route-callers.ts.
import type { FastifyInstance } from 'fastify';
import { ZCreateSignatureRequest, endpoints as e, snakeKeys } from '@countersign/contract';
import { registerEndpoint, registerRawEndpoint, type Authenticator } from '../../http/endpoint.js';
import { readMultipart } from '../../http/multipart.js';
import { AppError } from '../../lib/app-error.js';
import { parseOrThrow } from '../../http/validate.js';
import type { RequestsDeps } from './deps.js';
import * as attachments from './attachments.js';
import * as documents from './documents.js';
import { createRequestWithFiles } from './create-request.js';
import { delegate } from './delegation.js';
import { listRequests } from './list-repo.js';
import { presentAttachment } from './presenter.js';
import { claimHandoff, createHandoff, getHandoff } from './sendto.js';
import * as lifecycle from './lifecycle.js';
import { setFields } from './fields/set-fields.js';
import { duplicateRequest } from './duplicate.js';
import * as participants from './participants.js';
import * as requests from './service.js';
import { createRouteCallers } from './route-callers.js';
import { currentConsent } from './signing-consent.js';
import { registerFileRoutes } from './file-routes.js';
import { registerDirectRoutes } from './direct-routes.js';
import { registerMabRoutes } from './mab-routes.js';
import { registerMobileIdRoutes } from './mobile-id-routes.js';
import { registerVerificationRoutes } from './verification/routes.js';
import { registerPart11Routes } from './part11/routes.js';
import { registerDirectTanRoutes } from './direct-tan/routes.js';
import { registerEmbeddedSigningRoutes } from './embedded/routes.js';
import { receiveFiles, receiveUpload, releasingUploads } from './received-uploads.js';

export function registerSignatureRequestRoutes(
  app: FastifyInstance,
  deps: RequestsDeps,
  authenticate: Authenticator,
): void {
  const callers = createRouteCallers(deps);
  const { userCaller, sign } = callers;

  registerRawEndpoint(app, e.createSignatureRequest, authenticate, async ({ ctx }) => {
    const { request, reply } = ctx;
    const caller = await userCaller(ctx);
    let payload: unknown = request.body;
    const files: documents.UploadedFile[] = [];
    const attachedFiles: documents.UploadedFile[] = [];
    const id = await releasingUploads(deps.blobs, [files, attachedFiles], async () => {
      if (request.isMultipart()) {
        payload = {};
        await readMultipart(async () => {
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              if (part.fieldname === 'attachments') await receiveUpload(deps.blobs, part, attachedFiles);
              else if (part.fieldname === 'documents') await receiveUpload(deps.blobs, part, files);
              else throw new AppError('request.validation_failed', `Unexpected file field ${part.fieldname}`);
            } else if (part.fieldname === 'payload') {
              try {
                payload = JSON.parse(String(part.value));
              } catch {
                throw new AppError('request.malformed_body', 'The payload field is not JSON');
              }
            }
          }
        });
      }
      const body = parseOrThrow(ZCreateSignatureRequest, payload, 'body');
      // One unit: 201 with every file, or nothing half-made left behind.
      return createRequestWithFiles(deps, caller, body, { documents: files, attachments: attachedFiles });
    });
    reply.code(201);
    return snakeKeys(await requests.present(deps, id, caller));
  });

  registerEndpoint(app, e.getSignatureRequest, authenticate, async ({ params, ctx }) =>
    requests.present(deps, params.id, await userCaller(ctx)),
  );
  registerEndpoint(app, e.getSignatureRequestStatus, authenticate, async ({ params, ctx }) => {
    const view = await requests.present(deps, params.id, await userCaller(ctx));
    return { status: view.status, signatures: view.signatures.map((s) => ({ id: s.id, status: s.status })) };
  });
  registerEndpoint(app, e.updateSignatureRequest, authenticate, async ({ params, body, ctx }) => {
    const caller = await userCaller(ctx);
    const { observers, ...details } = body;
    await participants.updateDetails(deps, caller, params.id, details);
    if (observers) await participants.setObservers(deps, caller, params.id, observers);
    return requests.present(deps, params.id, caller);
  });
  registerEndpoint(app, e.initiateSignatureRequest, authenticate, async ({ params, ctx }) => {
    const caller = await userCaller(ctx);
    await lifecycle.initiate(deps, caller, params.id);
    return requests.present(deps, params.id, caller);
  });
  registerEndpoint(app, e.setFields, authenticate, async ({ params, body, ctx }) => {
    const caller = await userCaller(ctx);
    await setFields(deps, caller, params.id, body.fields);
    return requests.present(deps, params.id, caller);
  });
  registerEndpoint(app, e.duplicateSignatureRequest, authenticate, async ({ params, ctx }) => {
    const caller = await userCaller(ctx);
    return requests.present(deps, await duplicateRequest(deps, caller, params.id), caller);
  });
  registerEndpoint(app, e.deleteSignatureRequest, authenticate, async ({ params, ctx }) => {
    await requests.deleteRequest(deps, await userCaller(ctx), params.id);
    return { ok: true as const };
  });
  registerEndpoint(app, e.declineSignatureRequest, authenticate, async ({ params, body, ctx }) => {
    const caller = await userCaller(ctx);
    await lifecycle.decline(deps, caller, params.id, body.message);
    return requests.present(deps, params.id, caller);
  });
  registerEndpoint(app, e.createSendto, authenticate, async ({ params, body, ctx }) =>
    createHandoff(deps, await userCaller(ctx), params.id, body),
  );
  registerEndpoint(app, e.getSendtoInternal, authenticate, async ({ params, ctx }) =>
    getHandoff(deps, await userCaller(ctx), params.id),
  );
  registerEndpoint(app, e.claimSendto, authenticate, async ({ params, ctx }) => {
    const caller = await userCaller(ctx);
    return requests.present(deps, await claimHandoff(deps, caller, params.id), caller);
  });
  registerEndpoint(app, e.delegateSignature, authenticate, async ({ params, body, ctx }) => {
    const caller = await userCaller(ctx);
    await delegate(deps, caller, params.id, body);
    return requests.present(deps, params.id, caller);
  });
  registerEndpoint(app, e.withdrawSignatureRequest, authenticate, async ({ params, body, ctx }) => {
    const caller = await userCaller(ctx);
    await lifecycle.withdraw(deps, caller, params.id, body.message);
    return requests.present(deps, params.id, caller);
  });
  registerEndpoint(app, e.remindSigners, authenticate, async ({ params, ctx }) => ({
    reminded: await lifecycle.remind(deps, await userCaller(ctx), params.id),
  }));
  registerEndpoint(app, e.addSigner, authenticate, async ({ params, body, ctx }) => {
    const caller = await userCaller(ctx);
    await participants.addSigner(deps, caller, params.id, {
      email: body.signerIdentityData?.emailAddress,
      groupId: body.signerGroupId,
      name: body.signerIdentityData?.name,
      accountEmail: body.accountEmail,
      documentSignatures: body.documentSignatures,
    });
    return requests.present(deps, params.id, caller);
  });
  registerEndpoint(app, e.removeSigner, authenticate, async ({ params, ctx }) => {
    const caller = await userCaller(ctx);
    await participants.removeSigner(deps, caller, params.id, params.sigId);
    return requests.present(deps, params.id, caller);
  });
  registerEndpoint(app, e.getSignerStatus, authenticate, async ({ params, ctx }) => {
    const view = await requests.present(deps, params.id, await userCaller(ctx));
    const signer = view.signatures.find((s) => s.id === params.sigId);
    if (!signer) throw new AppError('signer.not_found', 'No such signer in this request');
    return { id: signer.id, status: signer.status, signedAt: signer.signedAt };
  });
  registerEndpoint(app, e.addObserver, authenticate, async ({ params, body, ctx }) => {
    const caller = await userCaller(ctx);
    await participants.addObserver(deps, caller, params.id, body.email);
    return requests.present(deps, params.id, caller);
  });
  registerEndpoint(app, e.removeObserver, authenticate, async ({ params, ctx }) => {
    const caller = await userCaller(ctx);
    await participants.removeObserver(deps, caller, params.id, params.observerId);
    return requests.present(deps, params.id, caller);
  });
  registerEndpoint(app, e.getEvents, authenticate, async ({ params, ctx }) =>
    requests.events(deps, await userCaller(ctx), params.id),
  );
  registerEndpoint(app, e.getLockStatus, authenticate, async ({ params, ctx }) =>
    requests.lockStatus(deps, await userCaller(ctx), params.id),
  );
  registerEndpoint(app, e.sign, authenticate, async ({ body, ctx }) => {
    const caller = await userCaller(ctx);
    return sign(caller, body.signatureRequests, body);
  });
  registerPart11Routes(app, { ...deps, sms: deps.sms }, authenticate);
  registerDirectTanRoutes(app, deps, authenticate);
  registerEmbeddedSigningRoutes(app, deps, authenticate);
  registerEndpoint(app, e.getSigningConsent, authenticate, async ({ query }) =>
    currentConsent(query.language),
  );
  registerEndpoint(app, e.listSignatureRequests, authenticate, async ({ query, ctx }) => {
    const caller = await userCaller(ctx);
    return listRequests(deps.db, { userId: caller.userId, email: caller.email }, query);
  });
  registerEndpoint(app, e.getDocument, authenticate, async ({ params, ctx }) =>
    documents.getDocument(deps, await userCaller(ctx), params.id),
  );
  registerEndpoint(app, e.deleteDocument, authenticate, async ({ params, ctx }) => {
    await documents.deleteDocument(deps, await userCaller(ctx), params.id);
    return { ok: true as const };
  });

  registerRawEndpoint(app, e.addDocuments, authenticate, async ({ params, ctx }) => {
    const caller = await userCaller(ctx);
    if (!ctx.request.isMultipart())
      throw new AppError('request.unsupported_media_type', 'Upload PDFs as multipart/form-data');
    const files: documents.UploadedFile[] = [];
    const ids = await releasingUploads(deps.blobs, [files], async () => {
      await receiveFiles(deps.blobs, ctx.request, files);
      return documents.addDocuments(deps, caller, params.id, files);
    });
    ctx.reply.code(201);
    return snakeKeys(e.addDocuments.response.parse({ documentIds: ids }));
  });
  registerRawEndpoint(app, e.addAttachments, authenticate, async ({ params, ctx }) => {
    const caller = await userCaller(ctx);
    if (!ctx.request.isMultipart())
      throw new AppError('request.unsupported_media_type', 'Upload attachments as multipart/form-data');
    const files: documents.UploadedFile[] = [];
    const added = await releasingUploads(deps.blobs, [files], async () => {
      await receiveFiles(deps.blobs, ctx.request, files);
      return attachments.addAttachments(deps, caller, params.id, files);
    });
    ctx.reply.code(201);
    return snakeKeys(e.addAttachments.response.parse({ attachments: added.map(presentAttachment) }));
  });
  registerEndpoint(app, e.getAttachment, authenticate, async ({ params, ctx }) =>
    attachments.getAttachment(deps, await userCaller(ctx), params.id, params.attId),
  );
  registerEndpoint(app, e.deleteAttachment, authenticate, async ({ params, ctx }) => {
    await attachments.removeAttachment(deps, await userCaller(ctx), params.id, params.attId);
    return { ok: true as const };
  });
  registerEndpoint(app, e.removeRequestDocument, authenticate, async ({ params, ctx }) => {
    await documents.deleteDocument(deps, await userCaller(ctx), params.docId, params.id);
    return { ok: true as const };
  });

  registerFileRoutes(app, deps, authenticate, callers);
  registerDirectRoutes(app, deps, authenticate, callers);
  registerMabRoutes(app, deps, authenticate, callers);
  registerMobileIdRoutes(app, deps, authenticate, callers);
  registerVerificationRoutes(app, deps, authenticate, callers);
}
