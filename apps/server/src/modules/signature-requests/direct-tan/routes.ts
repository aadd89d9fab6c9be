// HTTP routes of link signers' TANs (ADR 078): resend and check, authenticated by the link token.
import type { FastifyInstance } from 'fastify';
import { endpoints as e } from '@countersign/contract';
import { registerEndpoint, type Authenticator } from '../../../http/endpoint.js';
import { requireLinkHolder } from '../../../lib/principal.js';
import type { RequestsDeps } from '../deps.js';
import { checkDirectTan, resendDirectTan } from './direct-tan.js';

export function registerDirectTanRoutes(
  app: FastifyInstance,
  deps: Pick<RequestsDeps, 'clock' | 'db' | 'mailer' | 'publicUrl'>,
  authenticate: Authenticator,
): void {
  registerEndpoint(app, e.directTanResend, authenticate, async ({ body, ctx }) =>
    resendDirectTan(deps, requireLinkHolder(ctx.principal, { requestId: undefined, access: 'act' }), body),
  );
  registerEndpoint(app, e.directTanCheck, authenticate, async ({ body, ctx }) =>
    checkDirectTan(deps, requireLinkHolder(ctx.principal, { requestId: undefined, access: 'act' }), body.tan),
  );
}
