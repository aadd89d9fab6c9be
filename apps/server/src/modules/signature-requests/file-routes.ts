// Routes that answer with files rather than JSON (downloads, page images, attachments, the zip,
// the signature protocol), each for both kinds of caller: a session, or a link token for the
// /direct twins. Their shapes are the contract's (packages/contract files.ts).
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { create as contentDisposition } from 'content-disposition';
import { ZSignatureProtocol, endpoints as e, snakeKeys } from '@countersign/contract';
import { registerRawEndpoint, type Authenticator, type RequestContext } from '../../http/endpoint.js';
import type { Caller } from './access.js';
import type { RequestsDeps } from './deps.js';
import * as attachments from './attachments.js';
import * as documents from './documents.js';
import { buildProtocol } from './protocol/build-protocol.js';
import { protocolFileName, sealedProtocolPdf } from './protocol/protocol-pdf.js';
import type { RouteCallers } from './route-callers.js';

const sendFile = (
  reply: FastifyReply,
  file: { bytes: Buffer; fileName: string; etag: string },
  type = 'application/pdf',
) =>
  reply
    .type(type)
    // RFC 6266: an ASCII `filename` for old clients and the exact name as `filename*` (UTF-8)
    .header('content-disposition', contentDisposition(file.fileName))
    .header('etag', `"${file.etag}"`)
    .header('cache-control', 'private, no-cache')
    .send(file.bytes);

export function registerFileRoutes(
  app: FastifyInstance,
  deps: Pick<RequestsDeps, 'blobs' | 'cacheDir' | 'clock' | 'db' | 'liveness' | 'pdf' | 'trust'>,
  authenticate: Authenticator,
  { userCaller, directCaller }: RouteCallers,
): void {
  const twins = [
    { direct: false, of: (ctx: RequestContext): Promise<Caller> => userCaller(ctx) },
    {
      direct: true,
      // files are read-only: an ended request's link still serves them while its grant lasts
      of: (ctx: RequestContext): Promise<Caller> => directCaller(ctx, undefined, 'read'),
    },
  ] as const;

  for (const { direct, of } of twins) {
    registerRawEndpoint(
      app,
      direct ? e.directDownloadDocument : e.downloadDocument,
      authenticate,
      async ({ params, query, ctx }) => {
        const caller = await of(ctx);
        const file = await documents.downloadDocument(deps, caller, params.id, query.signed === 'true');
        return sendFile(ctx.reply, file);
      },
    );

    registerRawEndpoint(
      app,
      direct ? e.directGetPageImage : e.getPageImage,
      authenticate,
      async ({ params, query, ctx }) => {
        const caller = await of(ctx);
        const image = await documents.pageImage(deps, caller, params.id, params.n, {
          scale: query.scale,
          format: query.format,
          isPlaceholder: query.placeholder === 'true',
        });
        const etag = `"${image.etag}"`;
        const reply = ctx.reply
          .header('etag', etag)
          .header('cache-control', 'private, max-age=31536000, immutable');
        if (ctx.request.headers['if-none-match'] === etag) return reply.code(304).send();
        return reply.type(query.format === 'png' ? 'image/png' : 'image/webp').send(image.bytes);
      },
    );

    registerRawEndpoint(
      app,
      direct ? e.directGetAttachmentContent : e.getAttachmentContent,
      authenticate,
      async ({ params, ctx }) => {
        const caller = await of(ctx);
        const { attachment, bytes } = await attachments.attachmentContent(
          deps,
          caller,
          params.id,
          params.attId,
        );
        return sendFile(
          ctx.reply.header('x-content-type-options', 'nosniff'),
          { bytes, fileName: attachment.fileName, etag: attachment.sha256 },
          attachment.contentType,
        );
      },
    );

    registerRawEndpoint(
      app,
      direct ? e.directDownloadZip : e.downloadZip,
      authenticate,
      async ({ params, query, ctx }) => {
        const caller = await of(ctx);
        const zip = await documents.zipDocuments(deps, caller, params.id, query.signed === 'true');
        return sendFile(ctx.reply, { ...zip, etag: params.id }, 'application/zip');
      },
    );

    // The signature protocol: PDF sealed by the platform (default) or the same content as JSON.
    registerRawEndpoint(
      app,
      direct ? e.directGetSignatureReport : e.getSignatureReport,
      authenticate,
      async ({ params, query, ctx }) => {
        const caller = await of(ctx);
        const { protocol } = await buildProtocol(deps, { caller, requestId: params.id });
        if (query.type === 'json') return snakeKeys(ZSignatureProtocol.parse(protocol));
        const bytes = Buffer.from(await sealedProtocolPdf(deps, protocol));
        const etag = createHash('sha256').update(bytes).digest('hex');
        return sendFile(ctx.reply, { bytes, fileName: protocolFileName(protocol), etag });
      },
    );
  }
}
