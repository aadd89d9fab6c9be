// OpenAPI 3.1 generated from the contract (zod -> JSON Schema), with property names written as
// they travel on the wire (snake_case). Served at /api/openapi.json and browsable at /api/docs.
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { z } from 'zod';
import {
  LINK_TOKEN_HEADER,
  SCIM_ERROR_SCHEMA,
  ZFile,
  errorCatalogue,
  errorCodes,
  type Endpoint,
  type ErrorCode,
  type FileContent,
} from '@countersign/contract';

const snake = (key: string): string => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Rewrites `properties` and `required` of every object schema to snake_case keys. */
function snakeSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(snakeSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' && value && typeof value === 'object') {
      out[key] = Object.fromEntries(Object.entries(value).map(([p, s]) => [snake(p), snakeSchema(s)]));
    } else if (key === 'required' && Array.isArray(value)) {
      out[key] = value.map((v) => (typeof v === 'string' ? snake(v) : v));
    } else {
      out[key] = snakeSchema(value);
    }
  }
  return out;
}

/** SCIM calls keep SCIM's attribute names and media type (RFC 7644 3.1). */
const SCIM_MEDIA_TYPE = 'application/scim+json';

function jsonSchema(schema: z.ZodType, io: 'input' | 'output', e?: Endpoint): Record<string, unknown> {
  const generated = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  delete generated['$schema'];
  return (e?.scim ? generated : snakeSchema(generated)) as Record<string, unknown>;
}

/** The codes any call of this shape can answer, besides those it names itself. */
function commonProblems(e: Endpoint): ErrorCode[] {
  const codes: ErrorCode[] = ['internal'];
  if (e.params || e.query || e.body) codes.push('request.validation_failed');
  if (e.body)
    codes.push('request.malformed_body', 'request.unsupported_media_type', 'request.body_too_large');
  if (e.upload)
    codes.push('request.unsupported_media_type', 'request.malformed_multipart', 'upload.too_large');
  if (e.fileBody) codes.push('request.unsupported_media_type', 'request.body_too_large');
  if (e.auth === 'session') codes.push('auth.required', 'auth.invalid_token', 'api_user.forbidden');
  if (e.auth === 'business')
    codes.push('auth.required', 'auth.invalid_token', 'auth.invalid_api_credentials', 'rate_limit.exceeded');
  if (e.auth === 'optional') codes.push('auth.invalid_token');
  if (e.auth === 'direct') codes.push('auth.required', 'signature_request.not_found');
  // without OPERATOR_API_TOKEN the operator API is not there at all
  if (e.auth === 'operator') codes.push('auth.required', 'auth.invalid_token', 'route.not_found');
  if (e.scim) return ['internal', 'scim.unauthorized', 'scim.invalid_value'];
  return codes;
}

/** One response per status the call can fail with, naming the codes that answer with it. */
function problemResponses(e: Endpoint): Record<string, unknown> {
  const byStatus = new Map<number, Set<ErrorCode>>();
  for (const code of [...commonProblems(e), ...(e.problems ?? [])]) {
    const { status } = errorCatalogue[code];
    if (!byStatus.has(status)) byStatus.set(status, new Set());
    byStatus.get(status)!.add(code);
  }
  const responses: Record<string, unknown> = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    const list = [...codes];
    if (e.scim) {
      responses[String(status)] = {
        description: `A SCIM error (RFC 7644 3.12) for ${list.map((c) => `\`${c}\``).join(', ')}`,
        content: { [SCIM_MEDIA_TYPE]: { schema: { $ref: '#/components/schemas/ScimError' } } },
      };
      continue;
    }
    responses[String(status)] = {
      description: `A problem (RFC 9457) with \`code\` ${list.map((c) => `\`${c}\``).join(', ')}`,
      content: {
        'application/problem+json': {
          schema: {
            allOf: [{ $ref: '#/components/schemas/Problem' }, { properties: { code: { enum: list } } }],
          },
        },
      },
    };
  }
  return responses;
}

/** The catalogue as a table for the document's description. */
function catalogueTable(): string {
  const rows = errorCodes.map(
    (c) => `| \`${c}\` | ${errorCatalogue[c].status} | ${errorCatalogue[c].description} |`,
  );
  return ['| code | status | meaning |', '|---|---|---|', ...rows].join('\n');
}

const binary = { type: 'string', format: 'binary' };

/** The content of a file body or answer: each media type with raw bytes. */
function fileContent(file: FileContent): Record<string, unknown> {
  return Object.fromEntries(file.mediaTypes.map((type) => [type, { schema: binary }]));
}

/** Whether a body may be left out: every field of it is optional. */
const bodyOptional = (e: Endpoint): boolean => e.body?.safeParse({}).success ?? true;

function requestBody(e: Endpoint): Record<string, unknown> | undefined {
  const content: Record<string, unknown> = {};
  // a SCIM body ignores attributes the product does not keep, as providers send many
  if (e.body && e.scim) content[SCIM_MEDIA_TYPE] = { schema: jsonSchema(e.body, 'input', e) };
  else if (e.body) content['application/json'] = { schema: strictSchema(jsonSchema(e.body, 'input')) };
  if (e.upload) {
    const properties: Record<string, unknown> = {};
    const required: string[] = [];
    for (const [name, part] of Object.entries(e.upload)) {
      if (part.required) required.push(name);
      properties[name] =
        part.kind === 'file'
          ? { ...binary, description: part.description }
          : part.kind === 'files'
            ? { type: 'array', items: binary, description: part.description }
            : { type: 'string', contentMediaType: 'application/json', description: part.description };
    }
    content['multipart/form-data'] = { schema: { type: 'object', properties, required } };
  }
  if (e.fileBody) Object.assign(content, fileContent(e.fileBody));
  if (Object.keys(content).length === 0) return undefined;
  const required = e.upload || e.fileBody ? true : !bodyOptional(e);
  return { required, content };
}

/** A body schema refuses keys it does not name, at every depth, as the server does. */
function strictSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(strictSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) out[key] = strictSchema(value);
  if (out['type'] === 'object' && out['properties'] && !('additionalProperties' in out)) {
    out['additionalProperties'] = false;
  }
  return out;
}

function successResponses(e: Endpoint): Record<string, unknown> {
  const content: Record<string, unknown> = {};
  if (e.scim && e.successStatus === 204) {
    return { '204': { description: 'Done; no body' } };
  }
  if (e.response !== ZFile)
    content[e.scim ? SCIM_MEDIA_TYPE : 'application/json'] = { schema: jsonSchema(e.response, 'output', e) };
  if (e.file) Object.assign(content, fileContent(e.file));
  const responses: Record<string, unknown> = {
    [String(e.successStatus ?? 200)]: { description: e.file?.description ?? 'Success', content },
  };
  if (e.notModified) responses['304'] = { description: 'Not Modified: the If-None-Match ETag is current' };
  for (const [status, description] of Object.entries(e.sameBodyStatuses ?? {})) {
    responses[status] = { description, content };
  }
  return responses;
}

/** Who may call: a session, a link holder, either (a link token only where the query takes one), anyone. */
function security(e: Endpoint, takesLinkToken: boolean): unknown[] | undefined {
  if (e.auth === 'session') return [{ bearer: [] }];
  if (e.auth === 'business') return [{ bearer: [] }, { api_user: [] }];
  if (e.auth === 'optional' && !takesLinkToken) return [{ bearer: [] }, {}];
  if (e.auth === 'optional') return [{ bearer: [] }, { link_token: [] }, { link_token_query: [] }, {}];
  if (e.auth === 'direct') return [{ link_token: [] }, { link_token_query: [] }];
  if (e.auth === 'operator') return [{ operator: [] }];
  if (e.auth === 'scim') return [{ scim: [] }];
  return undefined;
}

/** The document of every endpoint, each named by its key (the operationId). */
export function buildOpenApiDocument(
  endpoints: Record<string, Endpoint>,
  publicUrl: string,
): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [operationId, e] of Object.entries(endpoints)) {
    const parameters: unknown[] = [];
    let takesLinkToken = false;
    for (const [where, schema] of [
      ['path', e.params],
      ['query', e.query],
    ] as const) {
      if (!schema) continue;
      const js = jsonSchema(schema, 'input', e) as {
        properties?: Record<string, unknown>;
        required?: string[];
      };
      for (const [name, s] of Object.entries(js.properties ?? {})) {
        // a link token is a security scheme (header or query), not a parameter of its own
        if (where === 'query' && name === 'token' && (e.auth === 'direct' || e.auth === 'optional')) {
          takesLinkToken = true;
          continue;
        }
        parameters.push({
          name,
          in: where,
          required: where === 'path' || (js.required ?? []).includes(name),
          schema: s,
        });
      }
    }
    const operation: Record<string, unknown> = {
      operationId,
      summary: e.summary,
      description: e.description ?? e.summary,
      tags: e.tags,
      parameters,
      responses: { ...successResponses(e), ...problemResponses(e) },
    };
    const body = requestBody(e);
    if (body) operation['requestBody'] = body;
    const needs = security(e, takesLinkToken);
    if (needs) operation['security'] = needs;
    (paths[e.path] ??= {})[e.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Countersign API',
      version: '1',
      description: [
        "Keys are snake_case on the wire, and a body refuses keys it does not name at every depth. Account holders send the session token from POST /v1/login as `Authorization: Bearer`; a signer who has only the link mailed to them sends its token in the `X-Link-Token` header (or the `token` query parameter the link carries). Uploads are multipart/form-data; files are answered with their media type and a Content-Disposition naming them (RFC 6266). Positions on a page (a signature's `placement`, a field's box) are in PDF points (1/72 inch) with the origin at the bottom-left corner of the page. In a development or test installation the mails that would have been sent are listed at /sandbox/mail.json.",
        '',
        'Errors are RFC 9457 problem details (`application/problem+json`) with a stable `code`; each operation lists the codes it can answer under their statuses. Every code:',
        '',
        catalogueTable(),
      ].join('\n'),
    },
    servers: [{ url: publicUrl }],
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'The session token from POST /v1/login' },
        operator: {
          type: 'http',
          scheme: 'bearer',
          description:
            "The installation's operator: the server's `OPERATOR_API_TOKEN` (unset: the operator API answers 404)",
        },
        scim: {
          type: 'http',
          scheme: 'bearer',
          description:
            "A business's SCIM token, from POST /v1/businesses/{id}/scim_token (its admins), for its identity provider",
        },
        api_user: {
          type: 'http',
          scheme: 'basic',
          description: "A business's API user: `username:secret` from POST /v1/businesses/{id}/apis",
        },
        link_token: {
          type: 'apiKey',
          in: 'header',
          name: LINK_TOKEN_HEADER,
          description: "A signer's link token (the `token` of the link mailed to them)",
        },
        link_token_query: {
          type: 'apiKey',
          in: 'query',
          name: 'token',
          description: 'The same link token in the query, as the mailed links carry it',
        },
      },
      schemas: {
        ScimError: {
          type: 'object',
          required: ['schemas', 'status'],
          properties: {
            schemas: { type: 'array', items: { type: 'string', const: SCIM_ERROR_SCHEMA } },
            status: { type: 'string', description: 'the HTTP status, as a string' },
            scimType: { type: 'string' },
            detail: { type: 'string' },
          },
        },
        Problem: {
          type: 'object',
          required: ['type', 'title', 'status', 'code'],
          properties: {
            type: { type: 'string' },
            title: { type: 'string' },
            status: { type: 'integer' },
            code: { type: 'string', enum: errorCodes },
            detail: { type: 'string' },
            instance: { type: 'string' },
            retry_after_seconds: {
              type: 'integer',
              description:
                'with 429 and 503: seconds until a retry may succeed (also the Retry-After header)',
            },
            errors: {
              type: 'array',
              items: {
                type: 'object',
                properties: { path: { type: 'string' }, message: { type: 'string' } },
              },
            },
          },
        },
      },
    },
  };
}

export async function registerOpenApi(
  app: FastifyInstance,
  document: Record<string, unknown>,
): Promise<void> {
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => document);
}
