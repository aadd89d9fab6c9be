// Test helpers for business accounts: JSON calls as the holder of a session token (or nobody),
// and the company logo upload, a multipart call.
import type { FastifyInstance } from 'fastify';
import { multipart } from './pdfs.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A function making JSON calls on `app`, signed in with `token` when one is given. */
export function jsonCaller(app: FastifyInstance) {
  return (method: Method, url: string, token?: string, body?: unknown) =>
    app.inject({
      method,
      url,
      ...(body !== undefined && { payload: body as object }),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
}

/** POST /v1/businesses/{id}/settings/logo with the image as `logo`. */
export function uploadLogo(
  app: FastifyInstance,
  businessId: string,
  token: string | undefined,
  bytes: Buffer,
) {
  const body = multipart({}, [{ field: 'logo', name: 'logo.png', bytes, type: 'image/png' }]);
  return app.inject({
    method: 'POST',
    url: `/v1/businesses/${businessId}/settings/logo`,
    payload: body.payload,
    headers: { ...body.headers, ...(token && { authorization: `Bearer ${token}` }) },
  });
}
