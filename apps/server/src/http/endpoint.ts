// Registers a contract endpoint as a Fastify route: authenticates as the contract says, converts
// wire keys to camelCase, validates params, query and body with the contract's zod schemas,
// calls the handler, and sends the response parsed through the response schema (so nothing the
// contract does not name, a password hash for instance, can leak) in snake_case.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LINK_TOKEN_HEADER, snakeKeys } from '@countersign/contract';
import type {
  Endpoint,
  EndpointBody,
  EndpointParams,
  EndpointQuery,
  EndpointResponse,
} from '@countersign/contract';
import { AppError } from '../lib/app-error.js';
import type { Principal } from '../lib/principal.js';
import { parseOrThrow } from './validate.js';
import { queryWithLinkToken } from './link-token.js';
import { uploadRouteConfig } from './upload-limit.js';

export interface RequestContext {
  request: FastifyRequest;
  reply: FastifyReply;
  ip: string;
  /**
   * who calls, resolved once here for every route (ADR 061): a person from the Bearer session, an
   * API user from Basic credentials, a link holder from the link's token, or nobody; a person's
   * and an API user's tenant (the business they act for, with its status) comes with them
   */
  principal: Principal | undefined;
}

/**
 * Resolves the principal of a request: undefined without credentials, throws on a bad token. A
 * call made with a link's token is resolved from that token alone (`linkToken`).
 */
export type Authenticator = (request: FastifyRequest, linkToken?: string) => Promise<Principal | undefined>;

export interface HandlerInput<E> {
  params: EndpointParams<E>;
  query: EndpointQuery<E>;
  body: EndpointBody<E>;
  ctx: RequestContext;
}

export function toFastifyPath(path: string): string {
  return path.replace(/\{([a-zA-Z_]+)\}/g, ':$1');
}

/** Who calls, and the path and query as the contract reads them: the part every route shares. */
async function readCall<E extends Endpoint>(
  endpoint: E,
  request: FastifyRequest,
  authenticate: Authenticator,
) {
  const rawQuery = queryWithLinkToken(request);
  const linkToken = (rawQuery as { token?: unknown }).token;
  if (endpoint.auth === 'direct' && linkToken === undefined) {
    throw new AppError(
      'auth.required',
      `This call needs the link's token (query token or ${LINK_TOKEN_HEADER})`,
    );
  }
  // A link holder is known by the link's token alone: a session token the client also sends
  // (a stale one, or another person's) neither helps nor breaks the call.
  const byLink = endpoint.auth === 'direct' || (endpoint.auth === 'optional' && linkToken !== undefined);
  const principal =
    endpoint.auth === 'none'
      ? undefined
      : byLink
        ? await authenticate(request, typeof linkToken === 'string' ? linkToken : '')
        : await authenticate(request);
  if (principal?.kind === 'api_user' && endpoint.auth !== 'business') {
    throw new AppError('api_user.forbidden', 'API users may not make this call');
  }
  if ((endpoint.auth === 'session' || endpoint.auth === 'business') && !principal) {
    throw new AppError('auth.required', 'Sign in first: this call needs a session token');
  }
  const params = endpoint.params && parseOrThrow(endpoint.params, request.params, 'params');
  const query = endpoint.query && parseOrThrow(endpoint.query, rawQuery, 'query');
  return { principal, params: params as EndpointParams<E>, query: query as EndpointQuery<E> };
}

export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  authenticate: Authenticator,
  handler: (input: HandlerInput<E>) => Promise<EndpointResponse<E>>,
): void {
  app.route({
    method: endpoint.method,
    url: toFastifyPath(endpoint.path),
    ...uploadRouteConfig(endpoint),
    handler: async (request, reply) => {
      const { principal, params, query } = await readCall(endpoint, request, authenticate);
      let body: unknown = undefined;
      if (endpoint.body) {
        // no body at all is an empty object: a call whose fields are all optional needs none
        const raw = request.body ?? {};
        if (typeof raw !== 'object' || Array.isArray(raw)) {
          throw new AppError('request.validation_failed', 'A JSON object body is required', {
            errors: [{ path: 'body', message: 'Expected a JSON object' }],
          });
        }
        body = parseOrThrow(endpoint.body, raw, 'body');
      }
      const ctx: RequestContext = { request, reply, ip: request.ip, principal };
      const result = await handler({ params, query, body: body as EndpointBody<E>, ctx });
      const output = endpoint.response.parse(result);
      reply.code(endpoint.successStatus ?? 200);
      return snakeKeys(output);
    },
  });
}

/**
 * Registers a contract endpoint whose handler reads the body itself (multipart uploads, DER
 * requests, a provider's report) or writes the answer itself (files): authentication, path and
 * query are checked as for every other call.
 */
export function registerRawEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  authenticate: Authenticator,
  handler: (input: Omit<HandlerInput<E>, 'body'>) => Promise<unknown>,
  /** a call whose JSON body may be larger than the app's default (the MCP server's PDFs) */
  options: { bodyLimit?: number } = {},
): void {
  app.route({
    method: endpoint.method,
    url: toFastifyPath(endpoint.path),
    ...uploadRouteConfig(endpoint),
    ...options,
    handler: async (request, reply) => {
      const { principal, params, query } = await readCall(endpoint, request, authenticate);
      return handler({ params, query, ctx: { request, reply, ip: request.ip, principal } });
    },
  });
}
