// HTTP routes of the activity report, the statistics and AES for business with the names it
// vouches for: parse (contract), authenticate, call one use case. The CSV export writes its answer
// as a stream. The report and the statistics take the business's API users as well as its people
// (ADR 052).
import type { FastifyInstance } from 'fastify';
import { create as contentDisposition } from 'content-disposition';
import { businessActivityEndpoints as e } from '@countersign/contract';
import {
  registerEndpoint,
  registerRawEndpoint,
  type Authenticator,
  type RequestContext,
} from '../../http/endpoint.js';
import { requirePerson, requirePersonOrApiUser } from '../../lib/principal.js';
import { exportActivities, listActivities } from './activities.js';
import { getAes4Biz, updateAes4Biz } from './aes4biz.js';
import { getStatistics } from './statistics.js';
import {
  approveVouchedName,
  listVouchedNames,
  withdrawVouchedName,
  type VouchedNameDeps,
} from './vouched-names.js';

export function registerBusinessActivityRoutes(
  app: FastifyInstance,
  deps: VouchedNameDeps,
  authenticate: Authenticator,
): void {
  const person = (ctx: RequestContext) => requirePerson(ctx.principal);
  const reader = (ctx: RequestContext) => requirePersonOrApiUser(ctx.principal);

  registerEndpoint(app, e.listAccountActivities, authenticate, ({ params, query, ctx }) =>
    listActivities(deps, reader(ctx), { businessId: params.id, kind: 'accounts', query }),
  );
  registerEndpoint(app, e.listSignatureActivities, authenticate, ({ params, query, ctx }) =>
    listActivities(deps, reader(ctx), { businessId: params.id, kind: 'signatures', query }),
  );
  registerEndpoint(app, e.listIdentificationActivities, authenticate, ({ params, query, ctx }) =>
    listActivities(deps, reader(ctx), { businessId: params.id, kind: 'identifications', query }),
  );
  registerRawEndpoint(app, e.exportActivities, authenticate, async ({ params, query, ctx }) => {
    const csv = await exportActivities(deps, reader(ctx), {
      businessId: params.id,
      kind: params.kind,
      filter: query,
    });
    const day = deps.clock.now().toISOString().slice(0, 10);
    return ctx.reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', contentDisposition(`${params.kind}-${day}.csv`))
      .header('cache-control', 'private, no-store')
      .send(csv);
  });
  registerEndpoint(app, e.getBusinessStatistics, authenticate, ({ params, query, ctx }) =>
    getStatistics(deps, reader(ctx), { businessId: params.id, months: query.months }),
  );
  registerEndpoint(app, e.getAesForBusiness, authenticate, ({ params, ctx }) =>
    getAes4Biz(deps, person(ctx), params.id),
  );
  registerEndpoint(app, e.updateAesForBusiness, authenticate, ({ params, body, ctx }) =>
    updateAes4Biz(deps, person(ctx), params.id, body),
  );
  registerEndpoint(app, e.listVouchedNames, authenticate, ({ params, query, ctx }) =>
    listVouchedNames(deps, person(ctx), params.id, query),
  );
  registerEndpoint(app, e.approveVouchedName, authenticate, ({ params, body, ctx }) =>
    approveVouchedName(deps, person(ctx), { businessId: params.id, userId: params.userId }, body.name),
  );
  registerEndpoint(app, e.withdrawVouchedName, authenticate, ({ params, ctx }) =>
    withdrawVouchedName(deps, person(ctx), { businessId: params.id, userId: params.userId }),
  );
}
