// HTTP routes of templates: parse (contract), authenticate, call one use case.
import type { FastifyInstance } from 'fastify';
import { templateEndpoints as e } from '@countersign/contract';
import { registerEndpoint, type Authenticator, type RequestContext } from '../../http/endpoint.js';
import { requirePerson } from '../../lib/principal.js';
import * as manage from './manage-templates.js';
import { useTemplate, type UseTemplateDeps } from './use-template.js';

export function registerTemplateRoutes(
  app: FastifyInstance,
  deps: manage.TemplateDeps & UseTemplateDeps,
  authenticate: Authenticator,
): void {
  const person = (ctx: RequestContext) => requirePerson(ctx.principal);
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
}
