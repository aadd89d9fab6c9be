// HTTP routes of bulk sends: parse (contract), authenticate, call one use case.
import type { FastifyInstance } from 'fastify';
import { bulkSendEndpoints as e } from '@countersign/contract';
import { create as contentDisposition } from 'content-disposition';
import {
  registerEndpoint,
  registerRawEndpoint,
  type Authenticator,
  type RequestContext,
} from '../../http/endpoint.js';
import { requirePerson } from '../../lib/principal.js';
import * as bulk from './manage-bulk-sends.js';

export function registerBulkSendRoutes(
  app: FastifyInstance,
  deps: bulk.BulkSendDeps,
  authenticate: Authenticator,
) {
  const person = (ctx: RequestContext) => requirePerson(ctx.principal);
  registerEndpoint(app, e.previewBulkSend, authenticate, ({ params, body, ctx }) =>
    bulk.previewBulkSend(deps, person(ctx), params.id, body.csv),
  );
  registerEndpoint(app, e.startBulkSend, authenticate, ({ params, ctx }) =>
    bulk.startBulkSend(deps, person(ctx), params.id),
  );
  registerEndpoint(app, e.getBulkSend, authenticate, ({ params, ctx }) =>
    bulk.readBulkSend(deps, person(ctx), params.id),
  );
  registerRawEndpoint(app, e.getBulkSendResult, authenticate, async ({ params, ctx }) => {
    const csv = await bulk.bulkSendResult(deps, person(ctx), params.id);
    return ctx.reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', contentDisposition(`bulk-send-${params.id}.csv`))
      .header('cache-control', 'private, no-store')
      .send(csv);
  });
}
