// OpenAPI 3.1 generated from the contract (zod -> JSON Schema), with property names written as
// they travel on the wire (snake_case). Served at /api/openapi.json and browsable at /api/docs.
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { z } from 'zod';
import { errorCatalogue, errorCodes, type Endpoint, type ErrorCode } from '@countersign/contract';

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

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const generated = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  delete generated['$schema'];
  return snakeSchema(generated) as Record<string, unknown>;
}

/** The codes any call of this shape can answer, besides those it names itself. */
function commonProblems(e: Endpoint): ErrorCode[] {
  const codes: ErrorCode[] = ['internal'];
  if (e.params || e.query || e.body) codes.push('request.validation_failed');
  if (e.body)
    codes.push('request.malformed_body', 'request.unsupported_media_type', 'request.body_too_large');
  if (e.auth === 'session') codes.push('auth.required', 'auth.invalid_token');
  if (e.auth === 'optional') codes.push('auth.invalid_token');
  if (e.auth === 'direct') codes.push('auth.required');
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

/** `filePaths`: path items of routes that answer files rather than JSON, as they are written. */
export function buildOpenApiDocument(
  endpoints: Endpoint[],
  publicUrl: string,
  filePaths: Record<string, Record<string, unknown>> = {},
): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = { ...filePaths };
  for (const e of endpoints) {
    const parameters: unknown[] = [];
    for (const [where, schema] of [
      ['path', e.params],
      ['query', e.query],
    ] as const) {
      if (!schema) continue;
      const js = jsonSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, s] of Object.entries(js.properties ?? {})) {
        parameters.push({
          name,
          in: where,
          required: where === 'path' || (js.required ?? []).includes(name),
          schema: s,
        });
      }
    }
    const operation: Record<string, unknown> = {
      summary: e.summary,
      tags: e.tags,
      parameters,
      responses: {
        [String(e.successStatus ?? 200)]: {
          description: 'Success',
          content: { 'application/json': { schema: jsonSchema(e.response, 'output') } },
        },
        ...problemResponses(e),
      },
    };
    if (e.body) {
      operation['requestBody'] = {
        required: true,
        content: { 'application/json': { schema: jsonSchema(e.body, 'input') } },
      };
    }
    if (e.auth === 'session') operation['security'] = [{ bearer: [] }];
    if (e.auth === 'optional') operation['security'] = [{ bearer: [] }, {}];
    (paths[e.path] ??= {})[e.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Countersign API',
      version: '1',
      description: [
        'Keys are snake_case on the wire. Errors are RFC 9457 problem details (`application/problem+json`) with a stable `code`; each operation lists the codes it can answer under their statuses. Every code:',
        '',
        catalogueTable(),
      ].join('\n'),
    },
    servers: [{ url: publicUrl }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: {
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
