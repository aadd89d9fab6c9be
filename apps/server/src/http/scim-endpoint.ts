// SCIM 2.0 calls (RFC 7644) registered from the contract like every other call, but with SCIM's
// own wire rules: attribute names as SCIM spells them (no snake_case conversion), bodies in
// `application/scim+json` (or plain JSON), and every failure answered in SCIM's error schema
// (3.12) with the status the error catalogue gives its code. The caller is the business whose SCIM
// token the request carries; `resolveBusiness` refuses anything else.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  SCIM_ERROR_SCHEMA,
  errorCatalogue,
  type Endpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
  type ErrorCode,
} from '@countersign/contract';
import { AppError } from '../lib/app-error.js';
import { toFastifyPath } from './endpoint.js';

export const SCIM_MEDIA_TYPE = 'application/scim+json';

/** The SCIM `scimType` of each code that has one (RFC 7644 table 9). */
const SCIM_TYPES: Partial<Record<ErrorCode, string>> = {
  'scim.invalid_filter': 'invalidFilter',
  'scim.invalid_value': 'invalidValue',
  'scim.uniqueness': 'uniqueness',
  'scim.mutability': 'mutability',
  'request.validation_failed': 'invalidValue',
  'request.malformed_body': 'invalidSyntax',
};

export interface ScimHandlerInput<E> {
  businessId: string;
  params: EndpointParams<E>;
  query: EndpointQuery<E>;
  body: EndpointBody<E>;
}

/** The business a SCIM token speaks for; throws `scim.unauthorized` for any other request. */
export type ScimAuthenticator = (request: FastifyRequest) => Promise<string>;

function parseScim<S extends z.ZodType>(schema: S, value: unknown, where: string): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  // SCIM's attribute names as the caller wrote them, not the product's snake_case
  const errors = result.error.issues.map((i) => `${[where, ...i.path.map(String)].join('.')} (${i.message})`);
  throw new AppError('scim.invalid_value', `Invalid ${errors.join(', ')}`);
}

function sendScimError(reply: FastifyReply, code: ErrorCode, detail: string, scimType?: string) {
  const { status } = errorCatalogue[code];
  const type = scimType ?? SCIM_TYPES[code];
  return reply
    .code(status)
    .type(SCIM_MEDIA_TYPE)
    .send({ schemas: [SCIM_ERROR_SCHEMA], status: String(status), ...(type && { scimType: type }), detail });
}

/**
 * A scope of the server for SCIM calls: its own body parser and error handler, so that nothing
 * of the product's problem format or key conversion reaches a SCIM client.
 */
export async function registerScimScope(
  app: FastifyInstance,
  register: (scope: FastifyInstance) => void,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(SCIM_MEDIA_TYPE, { parseAs: 'string' }, (_request, text, done) => {
      try {
        done(null, text === '' ? undefined : JSON.parse(text as string));
      } catch {
        done(new AppError('request.malformed_body', 'The body is not JSON'), undefined);
      }
    });
    scope.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
      if (error instanceof AppError) {
        const scimType =
          typeof error.details?.['scimType'] === 'string' ? error.details['scimType'] : undefined;
        return sendScimError(reply, error.code, error.message, scimType);
      }
      const status = 'statusCode' in error ? error.statusCode : undefined;
      if (status === 400 || status === 415)
        return sendScimError(reply, 'request.malformed_body', error.message);
      if (status === 413) return sendScimError(reply, 'request.body_too_large', error.message);
      request.log.error({ err: error }, 'unexpected failure');
      return sendScimError(reply, 'internal', 'Something went wrong on our side. It has been logged.');
    });
    register(scope);
  });
}

export function registerScimEndpoint<E extends Endpoint>(
  scope: FastifyInstance,
  endpoint: E,
  authenticate: ScimAuthenticator,
  handler: (input: ScimHandlerInput<E>) => Promise<EndpointResponse<E>>,
): void {
  scope.route({
    method: endpoint.method,
    url: toFastifyPath(endpoint.path),
    handler: async (request, reply) => {
      const businessId = await authenticate(request);
      const params = endpoint.params && parseScim(endpoint.params, request.params, 'params');
      const query = endpoint.query && parseScim(endpoint.query, request.query, 'query');
      const body = endpoint.body && parseScim(endpoint.body, request.body, 'body');
      const result = await handler({
        businessId,
        params: params as EndpointParams<E>,
        query: query as EndpointQuery<E>,
        body: body as EndpointBody<E>,
      });
      reply.code(endpoint.successStatus ?? 200);
      if (endpoint.successStatus === 204) return reply.send();
      return reply.type(SCIM_MEDIA_TYPE).send(endpoint.response.parse(result));
    },
  });
}
