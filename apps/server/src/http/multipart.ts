// Reading a multipart body that may be broken: a body that ends early, lacks its boundary or has
// malformed part headers is the caller's mistake (400 request.malformed_multipart), not ours. The
// limits of @fastify/multipart (file size, parts) keep their own codes (http/errors.ts).
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';

/** Runs `read` (which consumes the parts) and turns the parser's complaints into a 400 problem. */
export async function readMultipart<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    const code = err instanceof Error && 'code' in err ? err.code : undefined;
    if (err instanceof AppError || (typeof code === 'string' && code.startsWith('FST_'))) throw err;
    throw new AppError('request.malformed_multipart', 'The multipart body is malformed or ends early');
  }
}

/**
 * The one file part `field` of a multipart upload, as bytes: refused 415 when the body is not
 * multipart, 400 when the part is missing or named otherwise; larger than `maxBytes` is the
 * parser's 413 (upload.too_large).
 */
export async function readFilePart(
  request: FastifyRequest,
  field: string,
  maxBytes: number,
  what = 'the file',
): Promise<Buffer> {
  if (!request.isMultipart())
    throw new AppError('request.unsupported_media_type', `Upload ${what} as multipart/form-data`);
  return readMultipart(async () => {
    const file = await request.file({ limits: { fileSize: maxBytes } });
    if (!file || file.fieldname !== field)
      throw new AppError('request.validation_failed', `Attach ${what} as "${field}"`, {
        errors: [{ path: `body.${field}`, message: 'Required' }],
      });
    return file.toBuffer();
  });
}
