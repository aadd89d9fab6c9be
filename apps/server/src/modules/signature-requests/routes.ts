// HTTP routes of signature requests, documents and signing, for account holders (Bearer
// session) and for link holders (the `token` query parameter). Each parses, authenticates and
// calls one use case.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { z } from 'zod';
import {
  ZCreateSignatureRequest,
  ZReportType,
  ZSignatureProtocol,
  camelKeys,
  endpoints as e,
  snakeKeys,
} from '@countersign/contract';
import { registerEndpoint, type Authenticator, type RequestContext } from '../../http/endpoint.js';
import { AppError } from '../../lib/app-error.js';
import { hashToken } from '../../lib/tokens.js';
import type { Caller } from './access.js';
import type { RequestsDeps } from './deps.js';
import * as attachments from './attachments.js';
import * as documents from './documents.js';
import { delegate } from './delegation.js';
import {
  directSignerHolding,
  getDirectUser,
  getDirectVisualSignature,
  updateDirectUser,
} from './direct-user.js';
import { linkHolderQualitiesDetail } from '../identification/service.js';
import { listRequests } from './list.js';
import { buildProtocol } from './protocol/build-protocol.js';
import { protocolFileName, sealedProtocolPdf } from './protocol/protocol-pdf.js';
import { presentAttachment } from './presenter.js';
import { claimHandoff, createHandoff, getHandoff } from './sendto.js';
import * as repo from './repo.js';
import * as lifecycle from './lifecycle.js';
import * as participants from './participants.js';
import * as requests from './service.js';
import { signRequest } from './signing.js';
import { registerSignatureIdentificationRoutes } from './signature-identification.js';

type UserCaller = Extract<Caller, { kind: 'user' }>;

/** Reads one uploaded file; past the configured size @fastify/multipart throws (413 upload.too_large). */
async function toUpload(part: MultipartFile): Promise<documents.UploadedFile> {
  return { fileName: part.filename || 'document.pdf', bytes: await part.toBuffer() };
}

export function registerSignatureRequestRoutes(
  app: FastifyInstance,
  deps: RequestsDeps,
  authenticate: Authenticator,
): void {
  const userCaller = async (ctx: RequestContext): Promise<UserCaller> => {
    if (!ctx.session) throw new AppError('auth.required', 'Sign in first: this call needs a session token');
    const user = await deps.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', ctx.session.userId)
      .executeTakeFirst();
    if (!user) throw new AppError('auth.invalid_token', 'The session no longer belongs to an account');
    return { kind: 'user', userId: ctx.session.userId, email: user.email, ip: ctx.ip };
  };
  const userFromRequest = async (request: FastifyRequest, reply: FastifyReply) =>
    userCaller({ request, reply, ip: request.ip, session: await authenticate(request) });

  /** A link token is valid for its own signer and request, until the request ends. */
  const directCaller = async (
    token: string,
    requestId: string | undefined,
    ip: string,
  ): Promise<Extract<Caller, { kind: 'direct' }> & { requestId: string }> => {
    const found = await repo.findSignerByToken(deps.db, hashToken(token));
    if (!found || (requestId !== undefined && found.requestId !== requestId)) {
      throw new AppError('signature_request.not_found', 'No such signature request for this link');
    }
    return { kind: 'direct', signerId: found.id, ip, requestId: found.requestId };
  };

  const sign = async (
    caller: Caller,
    items: {
      signatureRequestId: string;
      signingName?: string | undefined;
      signingReason?: string | undefined;
      signingLocation?: string | undefined;
      visualSignatureId?: string | undefined;
    }[],
    language: 'en' | 'de' | 'fr' | 'it',
    tan?: string,
  ) => {
    const results = [];
    for (const item of items) {
      try {
        const status = await signRequest(deps, caller, item.signatureRequestId, {
          language,
          signingName: item.signingName,
          signingReason: item.signingReason,
          signingLocation: item.signingLocation,
          // a link holder has no saved visual signatures to choose from
          visualSignatureId: caller.kind === 'user' ? item.visualSignatureId : undefined,
          tan,
        });
        results.push({
          signatureRequestId: item.signatureRequestId,
          ok: true,
          code: null,
          requestStatus: status,
        });
      } catch (err) {
        // One request failing must not hide the outcome of the others; a single-item call gets
        // the problem itself so the client sees the right status.
        if (items.length === 1 || !(err instanceof AppError)) throw err;
        results.push({
          signatureRequestId: item.signatureRequestId,
          ok: false,
          code: err.code,
          requestStatus: null,
        });
      }
    }
    return { results };
  };

  // --- account holders -----------------------------------------------------------------------
  app.post('/v3/signature-requests', async (request, reply) => {
    const caller = await userFromRequest(request, reply);
    let payload: unknown = request.body;
    const files: documents.UploadedFile[] = [];
    const attachedFiles: documents.UploadedFile[] = [];
    if (request.isMultipart()) {
      payload = {};
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname === 'attachments') attachedFiles.push(await toUpload(part));
          else if (part.fieldname === 'documents') files.push(await toUpload(part));
          else throw new AppError('request.validation_failed', `Unexpected file field ${part.fieldname}`);
        } else if (part.fieldname === 'payload') {
          try {
            payload = JSON.parse(String(part.value));
          } catch {
            throw new AppError('request.malformed_body', 'The payload field is not JSON');
          }
        }
      }
    }
    const parsed = ZCreateSignatureRequest.safeParse(camelKeys(payload ?? {}));
    if (!parsed.success) {
      throw new AppError('request.validation_failed', 'Invalid body', {
        errors: parsed.error.issues.map((i) => ({
          path: ['body', ...i.path.map(String)].join('.'),
          message: i.message,
        })),
      });
    }
    // A refused PDF takes the new request with it: nothing half-made is left behind.
    const id = await requests.createRequest(deps, caller, parsed.data);
    if (files.length > 0 || attachedFiles.length > 0) {
      try {
        if (files.length > 0) await documents.addDocuments(deps, caller, id, files);
        if (attachedFiles.length > 0) await attachments.addAttachments(deps, caller, id, attachedFiles);
      } catch (err) {
        await requests.deleteRequest(deps, caller, id);
        throw err;
      }
    }
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
      email: body.signerIdentityData.emailAddress,
      name: body.signerIdentityData.name,
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
    // A seal signs for a business account; this server has no business accounts yet, so no seal
    // can exist. Refused, not ignored: signing as the person instead would not be what was asked.
    if (body.sealAccountName !== undefined)
      throw new AppError(
        'signing.seal_not_available',
        'Seals belong to business accounts, which this server does not offer yet',
      );
    return sign(caller, body.signatureRequests, body.language, body.tan);
  });
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

  app.post<{ Params: { id: string } }>('/v3/signature-requests/:id/documents', async (request, reply) => {
    const caller = await userFromRequest(request, reply);
    if (!request.isMultipart())
      throw new AppError('request.unsupported_media_type', 'Upload PDFs as multipart/form-data');
    const files: documents.UploadedFile[] = [];
    for await (const part of request.files()) {
      files.push(await toUpload(part));
    }
    const ids = await documents.addDocuments(deps, caller, request.params.id, files);
    reply.code(201);
    return { document_ids: ids };
  });
  app.post<{ Params: { id: string } }>('/v3/signature-requests/:id/attachments', async (request, reply) => {
    const caller = await userFromRequest(request, reply);
    if (!request.isMultipart())
      throw new AppError('request.unsupported_media_type', 'Upload attachments as multipart/form-data');
    const files: documents.UploadedFile[] = [];
    for await (const part of request.files()) files.push(await toUpload(part));
    const added = await attachments.addAttachments(deps, caller, request.params.id, files);
    reply.code(201);
    return snakeKeys({ attachments: added.map(presentAttachment) });
  });
  registerEndpoint(app, e.getAttachment, authenticate, async ({ params, ctx }) =>
    attachments.getAttachment(deps, await userCaller(ctx), params.id, params.attId),
  );
  registerEndpoint(app, e.deleteAttachment, authenticate, async ({ params, ctx }) => {
    await attachments.removeAttachment(deps, await userCaller(ctx), params.id, params.attId);
    return { ok: true as const };
  });
  app.delete<{ Params: { id: string; docId: string } }>(
    '/v3/signature-requests/:id/documents/:docId',
    async (request, reply) => {
      const { id, docId } = request.params;
      await documents.deleteDocument(deps, await userFromRequest(request, reply), docId, id);
      return { ok: true };
    },
  );

  const ZDownload = z.object({
    signed: z.enum(['true', 'false']).default('false'),
    token: z.string().optional(),
  });
  const ZPage = z.object({
    scale: z.coerce.number().int().min(10).max(400).default(100),
    format: z.enum(['webp', 'png']).default('webp'),
    token: z.string().optional(),
  });
  const ZReport = z.object({ type: ZReportType.default('pdf'), token: z.string().optional() });
  const parseQuery = <S extends z.ZodType>(schema: S, query: unknown): z.infer<S> => {
    const parsed = schema.safeParse(query);
    if (!parsed.success)
      throw new AppError('request.validation_failed', 'Invalid query', {
        errors: parsed.error.issues.map((i) => ({
          path: ['query', ...i.path.map(String)].join('.'),
          message: i.message,
        })),
      });
    return parsed.data;
  };
  const sendFile = (
    reply: FastifyReply,
    file: { bytes: Buffer; fileName: string; etag: string },
    type = 'application/pdf',
  ) =>
    reply
      .type(type)
      .header('content-disposition', `attachment; filename="${file.fileName.replace(/["\\\r\n]/g, '_')}"`)
      .header('etag', `"${file.etag}"`)
      .header('cache-control', 'private, no-cache')
      .send(file.bytes);

  // Binary routes serve both kinds of caller: a session, or a link token for the direct variants.
  const binaryRoutes = (prefix: '' | '/direct') => {
    const callerOf = async (
      request: FastifyRequest,
      reply: FastifyReply,
      token: string | undefined,
    ): Promise<Caller> => {
      if (prefix === '') return userFromRequest(request, reply);
      if (!token) throw new AppError('auth.required', 'This link needs its token');
      return directCaller(token, undefined, request.ip);
    };
    app.get<{ Params: { id: string } }>(`/v3${prefix}/documents/:id/download`, async (request, reply) => {
      const q = parseQuery(ZDownload, request.query);
      const caller = await callerOf(request, reply, q.token);
      return sendFile(
        reply,
        await documents.downloadDocument(deps, caller, request.params.id, q.signed === 'true'),
      );
    });
    app.get<{ Params: { id: string; n: string } }>(
      `/v3${prefix}/documents/:id/pages/:n`,
      async (request, reply) => {
        const q = parseQuery(ZPage, request.query);
        const page = Number(request.params.n);
        if (!Number.isInteger(page))
          throw new AppError('request.validation_failed', 'The page number must be an integer');
        const caller = await callerOf(request, reply, q.token);
        const image = await documents.pageImage(deps, caller, request.params.id, page, {
          scale: q.scale,
          format: q.format,
        });
        const etag = `"${image.etag}"`;
        reply.header('etag', etag).header('cache-control', 'private, max-age=31536000, immutable');
        if (request.headers['if-none-match'] === etag) return reply.code(304).send();
        return reply.type(q.format === 'png' ? 'image/png' : 'image/webp').send(image.bytes);
      },
    );
    app.get<{ Params: { id: string; attId: string } }>(
      `/v3${prefix}/signature-requests/:id/attachments/:attId/content`,
      async (request, reply) => {
        const q = parseQuery(ZDownload, request.query);
        const caller = await callerOf(request, reply, q.token);
        const { attachment, bytes } = await attachments.attachmentContent(
          deps,
          caller,
          request.params.id,
          request.params.attId,
        );
        return sendFile(
          reply.header('x-content-type-options', 'nosniff'),
          { bytes, fileName: attachment.fileName, etag: attachment.sha256 },
          attachment.contentType,
        );
      },
    );
    app.get<{ Params: { id: string } }>(`/v3${prefix}/signature-requests/:id/zip`, async (request, reply) => {
      const q = parseQuery(ZDownload, request.query);
      const caller = await callerOf(request, reply, q.token);
      const zip = await documents.zipDocuments(deps, caller, request.params.id, q.signed === 'true');
      return sendFile(reply, { ...zip, etag: request.params.id }, 'application/zip');
    });
    // The signature protocol: PDF sealed by the platform (default) or the same content as JSON.
    app.get<{ Params: { id: string } }>(
      `/v3${prefix}/signature-requests/:id/report`,
      async (request, reply) => {
        const q = parseQuery(ZReport, request.query);
        const caller = await callerOf(request, reply, q.token);
        const { protocol } = await buildProtocol(deps, { caller, requestId: request.params.id });
        if (q.type === 'json') return snakeKeys(ZSignatureProtocol.parse(protocol));
        const bytes = Buffer.from(await sealedProtocolPdf(deps, protocol));
        const etag = createHash('sha256').update(bytes).digest('hex');
        return sendFile(reply, { bytes, fileName: protocolFileName(protocol), etag });
      },
    );
  };
  binaryRoutes('');
  binaryRoutes('/direct');

  // --- link holders --------------------------------------------------------------------------
  registerEndpoint(app, e.directGetSignatureRequest, authenticate, async ({ params, query, ctx }) =>
    requests.present(deps, params.id, await directCaller(query.token, params.id, ctx.ip)),
  );
  registerEndpoint(app, e.directGetEvents, authenticate, async ({ params, query, ctx }) =>
    requests.events(deps, await directCaller(query.token, params.id, ctx.ip), params.id),
  );
  registerEndpoint(app, e.directGetLockStatus, authenticate, async ({ params, query, ctx }) =>
    requests.lockStatus(deps, await directCaller(query.token, params.id, ctx.ip), params.id),
  );
  registerEndpoint(app, e.directDecline, authenticate, async ({ params, query, body, ctx }) => {
    const caller = await directCaller(query.token, params.id, ctx.ip);
    await lifecycle.decline(deps, caller, params.id, body.message);
    return requests.present(deps, params.id, caller);
  });
  registerEndpoint(app, e.directSign, authenticate, async ({ query, body, ctx }) => {
    const caller = await directCaller(query.token, body.signatureRequests[0]?.signatureRequestId, ctx.ip);
    return sign(caller, body.signatureRequests, body.language, body.tan);
  });
  registerEndpoint(app, e.directDelegate, authenticate, async ({ params, query, body, ctx }) => {
    const caller = await directCaller(query.token, params.id, ctx.ip);
    await delegate(deps, caller, params.id, body);
    return requests.present(deps, params.id, caller);
  });
  registerEndpoint(app, e.directGetUser, authenticate, async ({ query, ctx }) =>
    getDirectUser(deps, await directCaller(query.token, undefined, ctx.ip)),
  );
  registerEndpoint(app, e.directSignatureQualitiesDetail, authenticate, async ({ query, ctx }) =>
    linkHolderQualitiesDetail(
      deps.db,
      await directSignerHolding(deps, await directCaller(query.token, undefined, ctx.ip)),
    ),
  );
  registerEndpoint(app, e.directUpdateUser, authenticate, async ({ query, body, ctx }) =>
    updateDirectUser(deps, await directCaller(query.token, undefined, ctx.ip), body),
  );
  registerEndpoint(app, e.directGetVisualSignature, authenticate, async ({ query, ctx }) =>
    getDirectVisualSignature(deps, await directCaller(query.token, undefined, ctx.ip)),
  );
  registerSignatureIdentificationRoutes(app, deps, authenticate, { direct: directCaller, user: userCaller });
}
