// Link tokens (a signer's invitation link) travel in the `X-Link-Token` header or, as the links in
// mails do, in the `token` query parameter. The header keeps the token out of addresses, which end
// up in proxy logs and browser history; either way the token reaches a route as `query.token`.
import type { FastifyRequest } from 'fastify';
import { LINK_TOKEN_HEADER } from '@countersign/contract';

/** The request's query, with the header's link token when the query names none. */
export function queryWithLinkToken(request: FastifyRequest): unknown {
  const header = request.headers[LINK_TOKEN_HEADER];
  const query = (request.query ?? {}) as Record<string, unknown>;
  if (typeof header !== 'string' || header === '' || query['token'] !== undefined) return query;
  return { ...query, token: header };
}
