// The OpenAPI document is the whole API: every route the server registers is in it (files,
// uploads and the link holders' twins included), each operation with an operationId, a
// description, its success answer and its problems; uploads describe their multipart parts and
// downloads their media types.
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

/**
 * Routes that are not the API, each with the reason: the browsable rendering of the document,
 * and stand-ins for third parties (the sandbox identification provider's page, the sandbox CSC
 * signing service, the sandbox payment provider's pages, the sandbox wallet, the sandbox phone), which follow those parties' interfaces rather than ours.
 */
const notTheApi: [RegExp, string][] = [
  [/^\/api\/docs(\/|$)/, 'Swagger UI, a rendering of this document'],
  [/^\/sandbox\/identification\//, "the sandbox identification provider's own page"],
  [/^\/sandbox\/csc\//, 'the sandbox CSC v2 signing service (the CSC specification describes it)'],
  [/^\/sandbox\/payments\//, "the sandbox payment provider's own pages (card entry, 3-D Secure, portal)"],
  [/^\/sandbox\/wallet$/, "the sandbox wallet, in place of a person's wallet app (OpenID4VP describes it)"],
  [/^\/sandbox\/dns(\/|$)/, "the sandbox DNS zone's page, in place of a DNS provider's console"],
  [
    /^\/sandbox\/mobile-id(\.json|\/|$)/,
    "the sandbox phone, in place of a Mobile ID provider and the person's phone",
  ],
];

interface Operation {
  operationId?: string;
  description?: string;
  responses: Record<string, { content?: Record<string, unknown> }>;
  requestBody?: { content: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

describe('the OpenAPI document', () => {
  let t: TestApp;
  const routes: { method: string; url: string }[] = [];
  let doc: { paths: Record<string, Record<string, Operation>> };
  beforeAll(async () => {
    t = await createTestApp('sqlite', {
      // the operator API is served only with its token, and is part of the API like the rest
      env: { OPERATOR_API_TOKEN: 'openapi-test-operator-token-0123456789' },
      onRoute: (route: RouteOptions) => {
        for (const method of [route.method].flat()) routes.push({ method, url: route.url ?? '' });
      },
    });
    doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The document's operation for a registered route (`:name` and `*` are path parameters). */
  const operationOf = (method: string, url: string): Operation | undefined => {
    const shape = (path: string) => path.replace(/\{[^}]+\}|:[^/]+|\*/g, '{}');
    const path = Object.keys(doc.paths).find((p) => shape(p) === shape(url));
    return path === undefined ? undefined : doc.paths[path]?.[method.toLowerCase()];
  };

  it('lists every route the server registers', () => {
    const api = routes.filter(
      // HEAD answers every GET by itself; the rest are in the list above
      ({ method, url }) => method !== 'HEAD' && !notTheApi.some(([pattern]) => pattern.test(url)),
    );
    expect(api.length).toBeGreaterThan(120);
    const missing = api
      .filter(({ method, url }) => !operationOf(method, url))
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('names and describes every operation, with its success and its problems', () => {
    const ids = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const where = `${method} ${path}`;
        expect(op.operationId, where).toMatch(/^[a-z][A-Za-z]+$/);
        expect(ids.has(op.operationId!), `${where} repeats ${op.operationId}`).toBe(false);
        ids.add(op.operationId!);
        expect(op.description?.length, where).toBeGreaterThan(10);
        const statuses = Object.keys(op.responses).map(Number);
        expect(
          statuses.some((s) => s >= 200 && s < 300),
          where,
        ).toBe(true);
        expect(
          statuses.some((s) => s >= 400),
          where,
        ).toBe(true);
      }
    }
  });

  it('describes uploads as multipart parts and files by their media types', () => {
    const create = operationOf('POST', '/v3/signature-requests')!;
    expect(Object.keys(create.requestBody!.content)).toEqual(['application/json', 'multipart/form-data']);
    expect(Object.keys(create.requestBody!.content['multipart/form-data']!.schema!.properties!)).toEqual([
      'payload',
      'documents',
      'attachments',
    ]);
    const download = operationOf('GET', '/v3/direct/documents/{id}/download')!;
    expect(download.responses['200']!.content).toEqual({
      'application/pdf': { schema: { type: 'string', format: 'binary' } },
    });
    const report = operationOf('GET', '/v3/signature-requests/{id}/report')!;
    expect(Object.keys(report.responses['200']!.content!)).toEqual(['application/json', 'application/pdf']);
    expect(operationOf('GET', '/v3/documents/{id}/pages/{n}')!.responses).toHaveProperty('304');
    // load balancers read health's 503, which carries the same body as its 200
    const health = operationOf('GET', '/api/health')!.responses;
    expect(health['503']?.content).toEqual(health['200']!.content);
  });

  it("keeps SCIM's attribute names and media type, and its error schema", () => {
    const create = operationOf('POST', '/scim/v2/Users')!;
    const body = create.requestBody!.content['application/scim+json']!.schema!.properties!;
    expect(Object.keys(body)).toContain('userName');
    expect(Object.keys(create.responses['201']!.content!)).toEqual(['application/scim+json']);
    expect(create.responses['409']!.content).toEqual({
      'application/scim+json': { schema: { $ref: '#/components/schemas/ScimError' } },
    });
  });

  it('says where a placement is measured from, and what the sandbox mailbox holds', () => {
    const text = JSON.stringify(doc);
    expect(text).toMatch(/PDF points \(1\/72 inch\) with the origin at the bottom-left corner/);
    const mail = operationOf('GET', '/sandbox/mail.json')!;
    expect(mail.description).toMatch(/reads the links it needs from `text`/);
  });
});
