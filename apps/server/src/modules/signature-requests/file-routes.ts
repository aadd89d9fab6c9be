// Routes that answer with files rather than JSON (downloads, page images, attachments, the zip,
// the signature protocol), each for both kinds of caller: a session, or a link token for the
// /direct variants.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { create as contentDisposition } from 'content-disposition';
import { z } from 'zod';
import { ZReportType, ZSignatureProtocol, snakeKeys } from '@countersign/contract';
import { AppError } from '../../lib/app-error.js';
import { parseOrThrow } from '../../http/validate.js';
import { queryWithLinkToken } from '../../http/link-token.js';
import type { Caller } from './access.js';
import type { RequestsDeps } from './deps.js';
import * as attachments from './attachments.js';
import * as documents from './documents.js';
import { buildProtocol } from './protocol/build-protocol.js';
import { protocolFileName, sealedProtocolPdf } from './protocol/protocol-pdf.js';
import type { RouteCallers } from './route-callers.js';

export function registerFileRoutes(
  app: FastifyInstance,
  deps: RequestsDeps,
  { userFromRequest, directCaller }: RouteCallers,
): void {
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

  // Binary routes serve both kinds of caller: a session, or a link token for the direct variants.
  const binaryRoutes = (prefix: '' | '/direct') => {
    const callerOf = async (
      request: FastifyRequest,
      reply: FastifyReply,
      token: string | undefined,
    ): Promise<Caller> => {
      if (prefix === '') return userFromRequest(request, reply);
      if (!token) throw new AppError('auth.required', 'This link needs its token');
      // files are read-only: an ended request's link still serves them while its grant lasts
      return directCaller(token, undefined, request.ip, 'read');
    };
    app.get<{ Params: { id: string } }>(`/v3${prefix}/documents/:id/download`, async (request, reply) => {
      const q = parseOrThrow(ZDownload, queryWithLinkToken(request), 'query');
      const caller = await callerOf(request, reply, q.token);
      return sendFile(
        reply,
        await documents.downloadDocument(deps, caller, request.params.id, q.signed === 'true'),
      );
    });
    app.get<{ Params: { id: string; n: string } }>(
      `/v3${prefix}/documents/:id/pages/:n`,
      async (request, reply) => {
        const q = parseOrThrow(ZPage, queryWithLinkToken(request), 'query');
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
        const q = parseOrThrow(ZDownload, queryWithLinkToken(request), 'query');
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
      const q = parseOrThrow(ZDownload, queryWithLinkToken(request), 'query');
      const caller = await callerOf(request, reply, q.token);
      const zip = await documents.zipDocuments(deps, caller, request.params.id, q.signed === 'true');
      return sendFile(reply, { ...zip, etag: request.params.id }, 'application/zip');
    });
    // The signature protocol: PDF sealed by the platform (default) or the same content as JSON.
    app.get<{ Params: { id: string } }>(
      `/v3${prefix}/signature-requests/:id/report`,
      async (request, reply) => {
        const q = parseOrThrow(ZReport, queryWithLinkToken(request), 'query');
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
}
