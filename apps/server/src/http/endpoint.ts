// Registers a contract endpoint as a Fastify route: authenticates as the contract says, converts
// wire keys to camelCase, validates params, query and body with the contract's zod schemas,
// calls the handler, and sends the response parsed through the response schema (so nothing the
// contract does not name, a password hash for instance, can leak) in snake_case.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { camelKeys, snakeKeys } from '@countersign/contract';
import type {
  Endpoint,
  EndpointBody,
  EndpointParams,
  EndpointQuery,
  EndpointResponse,
} from '@countersign/contract';
import { AppError } from '../lib/app-error.js';
import type { Principal } from '../lib/principal.js';

export interface RequestContext {
  request: FastifyRequest;
  reply: FastifyReply;
  ip: string;
  /** who calls: a person from the Bearer session, or nobody (link holders are resolved per route) */
  principal: Principal | undefined;
}

/** Resolves the principal of a request: undefined without credentials, throws on a bad token. */
export type Authenticator = (request: FastifyRequest) => Promise<Principal | undefined>;

export interface HandlerInput<E> {
  params: EndpointParams<E>;
  query: EndpointQuery<E>;
  body: EndpointBody<E>;
  ctx: RequestContext;
}

const snake = (segment: string | number | symbol): string =>
  typeof segment === 'string' ? segment.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) : String(segment);

function parseOrThrow<S extends z.ZodType>(schema: S | undefined, value: unknown, where: string): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({
    path: [where, ...issue.path.map(snake)].join('.'),
    // Unknown keys are reported by name; name them as the caller wrote them.
    message:
      issue.code === 'unrecognized_keys'
        ? `Unknown field(s): ${issue.keys.map(snake).join(', ')}`
        : issue.message,
  }));
  throw new AppError(
    'request.validation_failed',
    `Invalid ${where}: ${errors.map((e) => e.path).join(', ')}`,
    {
      errors,
    },
  );
}

export function toFastifyPath(path: string): string {
  return path.replace(/\{([a-zA-Z_]+)\}/g, ':$1');
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
    handler: async (request, reply) => {
      const principal = endpoint.auth === 'none' ? undefined : await authenticate(request);
      if (endpoint.auth === 'session' && principal?.kind !== 'person') {
        throw new AppError('auth.required', 'Sign in first: this call needs a session token');
      }
      const params = parseOrThrow(endpoint.params, camelKeys(request.params ?? {}), 'params');
      const query = parseOrThrow(endpoint.query, camelKeys(request.query ?? {}), 'query');
      let body: unknown = undefined;
      if (endpoint.body) {
        if (request.body === undefined || request.body === null || typeof request.body !== 'object') {
          throw new AppError('request.validation_failed', 'A JSON object body is required', {
            errors: [{ path: 'body', message: 'Expected a JSON object' }],
          });
        }
        body = parseOrThrow(endpoint.body, camelKeys(request.body), 'body');
      }
      const ctx: RequestContext = { request, reply, ip: request.ip, principal };
      const result = await handler({ params, query, body, ctx } as HandlerInput<E>);
      const output = endpoint.response.parse(result);
      reply.code(endpoint.successStatus ?? 200);
      return snakeKeys(output);
    },
  });
}
