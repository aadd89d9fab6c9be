// HTTP routes of a Part 11 signer before signing: the status with their kept defaults, and the
// one-time code (ADR 077). The signature itself is POST /v3/sign with `part11`.
import type { FastifyInstance } from 'fastify';
import { endpoints as e } from '@countersign/contract';
import { registerEndpoint, type Authenticator } from '../../../http/endpoint.js';
import { requirePerson } from '../../../lib/principal.js';
import { part11Status, sendPart11Code, type Part11CodeDeps } from './part11-code.js';

export function registerPart11Routes(
  app: FastifyInstance,
  deps: Part11CodeDeps,
  authenticate: Authenticator,
): void {
  registerEndpoint(app, e.getPartElevenStatus, authenticate, async ({ params, ctx }) =>
    part11Status(deps, requirePerson(ctx.principal), params.id),
  );
  registerEndpoint(app, e.sendPartElevenCode, authenticate, async ({ params, ctx }) =>
    sendPart11Code(deps, requirePerson(ctx.principal), params.id),
  );
}
