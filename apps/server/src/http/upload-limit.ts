// Upload calls that declare more than they could carry are refused before a byte of the body is
// read. Each file of a multipart upload may be at most MAX_UPLOAD_MB, which @fastify/multipart
// checks as the file streams to disk (and cuts it short: 413 upload.too_large). A body whose
// Content-Length is larger than every file and part the call takes, each at its largest, cannot be
// a valid upload: it gets the same 413 at once, nothing of it is written, and the connection is
// closed rather than drained. A body sent in chunks declares nothing and keeps the streamed limit.
import type { Endpoint, UploadPart } from '@countersign/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.js';

/** The parts @fastify/multipart takes from one body (app.ts registers it with these). */
export const MULTIPART_LIMITS = { files: 20, fields: 20 } as const;

/** busboy's default for a non-file part: the JSON of a call that takes its body as a part */
const FIELD_BYTES = 1024 * 1024;
/** the boundaries and part headers around the parts, generously */
const FRAMING_BYTES = 64 * 1024;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** an upload call's parts (from the contract), to bound what its body may declare */
    upload?: Readonly<Record<string, UploadPart>>;
  }
}

/** The largest body a call with these parts can carry when each file is at most `maxFileBytes`. */
export function largestUploadBody(parts: Readonly<Record<string, UploadPart>>, maxFileBytes: number): number {
  const kinds = Object.values(parts).map((p) => p.kind);
  const files = kinds.includes('files')
    ? MULTIPART_LIMITS.files
    : Math.min(MULTIPART_LIMITS.files, kinds.filter((k) => k === 'file').length);
  const fields = kinds.filter((k) => k === 'json').length;
  return files * maxFileBytes + fields * FIELD_BYTES + FRAMING_BYTES;
}

/** The route options that let `refuseDeclaredOversize` know a route as an upload. */
export function uploadRouteConfig(endpoint: Endpoint): { config?: { upload: Endpoint['upload'] } } {
  return endpoint.upload ? { config: { upload: endpoint.upload } } : {};
}

/** Answers 413 upload.too_large, before the body is read, to an upload declaring more than it may carry. */
export function refuseDeclaredOversize(app: FastifyInstance, maxFileBytes: number): void {
  app.addHook('onRequest', async (request, reply) => {
    const parts = request.routeOptions.config.upload;
    const declared = request.headers['content-length'];
    if (!parts || declared === undefined) return;
    const limit = largestUploadBody(parts, maxFileBytes);
    if (Number(declared) > limit) {
      reply.header('connection', 'close');
      throw new AppError('upload.too_large', 'The upload is larger than an upload may be');
    }
  });
}
