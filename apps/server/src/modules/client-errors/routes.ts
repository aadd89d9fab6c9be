// POST /api/client-errors: the web app's error reports (ADR 091).
import type { FastifyInstance } from 'fastify';
import { clientErrorEndpoints as e } from '@countersign/contract';
import { registerEndpoint } from '../../http/endpoint.js';
import { reportClientError, type ClientErrorDeps } from './report.js';

export function registerClientErrorRoutes(app: FastifyInstance, deps: ClientErrorDeps): void {
  const nobody = async () => undefined;
  registerEndpoint(app, e.reportClientError, nobody, async ({ body, ctx }) => {
    await reportClientError(deps, {
      report: body,
      ip: ctx.ip,
      userAgent: ctx.request.headers['user-agent']?.slice(0, 300),
    });
    return { ok: true as const };
  });
}
