// HTTP routes of templates: parse (contract), authenticate, call one use case.
import type { FastifyInstance } from 'fastify';
import { snakeKeys, templateDocumentEndpoints as d, templateEndpoints as e } from '@countersign/contract';
import {
  registerEndpoint,
  registerRawEndpoint,
  type Authenticator,
  type RequestContext,
} from '../../http/endpoint.js';
import { requirePersonOrApiUser } from '../../lib/principal.js';
import * as manage from './manage-templates.js';
import * as documents from './template-documents.js';
import { useTemplate, type UseTemplateDeps } from './use-template.js';

export function registerTemplateRoutes(
  app: FastifyInstance,
  deps: documents.TemplateDocumentDeps & UseTemplateDeps,
  authenticate: Authenticator,
): void {
  // a person, or an API user for its business (ADR 100): the template policy tells them apart
  const person = (ctx: RequestContext) => requirePersonOrApiUser(ctx.principal);
  registerEndpoint(app, e.listTemplates, authenticate, ({ ctx }) => manage.listTemplates(deps, person(ctx)));
  registerEndpoint(app, e.createTemplate, authenticate, ({ body, ctx }) =>
    manage.createTemplate(deps, person(ctx), body),
  );
  registerEndpoint(app, e.getTemplate, authenticate, ({ params, ctx }) =>
    manage.readTemplate(deps, person(ctx), params.id),
  );
  registerEndpoint(app, e.updateTemplate, authenticate, ({ params, body, ctx }) =>
    manage.updateTemplate(deps, person(ctx), params.id, body),
  );
  registerEndpoint(app, e.deleteTemplate, authenticate, ({ params, ctx }) =>
    manage.deleteTemplate(deps, person(ctx), params.id),
  );
  registerEndpoint(app, e.useTemplate, authenticate, ({ params, body, ctx }) =>
    useTemplate(deps, person(ctx), params.id, body),
  );

  registerRawEndpoint(app, d.getTemplatePageImage, authenticate, async ({ params, query, ctx }) => {
    const image = await documents.templatePageImage(
      deps,
      person(ctx),
      params.id,
      params.documentId,
      params.n,
      query,
    );
    const etag = `"${image.etag}"`;
    const reply = ctx.reply
      .header('etag', etag)
      .header('cache-control', 'private, max-age=31536000, immutable');
    if (ctx.request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(query.format === 'png' ? 'image/png' : 'image/webp').send(image.bytes);
  });
  registerRawEndpoint(app, d.addTemplateDocuments, authenticate, async ({ params, ctx }) => {
    const template = await documents.addTemplateDocuments(deps, person(ctx), params.id, ctx.request);
    ctx.reply.code(201);
    return snakeKeys(d.addTemplateDocuments.response.parse(template));
  });
  registerRawEndpoint(app, d.replaceTemplateDocument, authenticate, async ({ params, ctx }) => {
    const template = await documents.replaceTemplateDocument(
      deps,
      person(ctx),
      params.id,
      params.documentId,
      ctx.request,
    );
    return snakeKeys(d.replaceTemplateDocument.response.parse(template));
  });
  registerEndpoint(app, d.removeTemplateDocument, authenticate, ({ params, ctx }) =>
    documents.removeTemplateDocument(deps, person(ctx), params.id, params.documentId),
  );
}
