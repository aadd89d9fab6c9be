// Reading a multipart body that may be broken: a body that ends early, lacks its boundary or has
// malformed part headers is the caller's mistake (400 request.malformed_multipart), not ours. The
// limits of @fastify/multipart (file size, parts) keep their own codes (http/errors.ts).
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
