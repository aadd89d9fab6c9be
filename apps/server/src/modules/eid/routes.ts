// HTTP routes of the national eIDs (ADR 083): the eID+ sign-up anyone may start, and ID Austria
// for a signed-in person or a link holder. Each parses, authenticates and calls one use case.
import type { FastifyInstance } from 'fastify';
import { eidEndpoints as e } from '@countersign/contract';
import { registerEndpoint, type Authenticator } from '../../http/endpoint.js';
import { requireLinkHolder, requirePerson } from '../../lib/principal.js';
import { presentAccountOf } from '../accounts/index.js';
import { EIDPLUS, IDAUSTRIA, type EidDeps } from './deps.js';
import { disconnectEid } from './disconnect.js';
import { completeEidPlusSignUp, startEidPlusSignUp } from './eidplus-signup.js';
import { completeIdAustria, startIdAustria } from './id-austria.js';

export function registerEidRoutes(app: FastifyInstance, deps: EidDeps, authenticate: Authenticator): void {
  registerEndpoint(app, e.startEidPlusSignUp, authenticate, () => startEidPlusSignUp(deps));
  registerEndpoint(app, e.completeEidPlusSignUp, authenticate, ({ body, ctx }) =>
    completeEidPlusSignUp(deps, { ...body, ip: ctx.ip }),
  );

  const person = (ctx: { principal?: Parameters<typeof requirePerson>[0] }) =>
    ({ kind: 'user', userId: requirePerson(ctx.principal).userId }) as const;
  registerEndpoint(app, e.startIdAustria, authenticate, ({ ctx }) => startIdAustria(deps, person(ctx)));
  registerEndpoint(app, e.completeIdAustria, authenticate, async ({ body, ctx }) => {
    const holder = person(ctx);
    await completeIdAustria(deps, { holder, query: body.query });
    return presentAccountOf(deps.accounts, holder.userId);
  });

  registerEndpoint(app, e.disconnectIdAustria, authenticate, ({ ctx }) =>
    disconnectEid(deps, { userId: person(ctx).userId, provider: IDAUSTRIA }),
  );
  registerEndpoint(app, e.disconnectEidPlus, authenticate, ({ ctx }) =>
    disconnectEid(deps, { userId: person(ctx).userId, provider: EIDPLUS }),
  );

  const signer = (ctx: { principal?: Parameters<typeof requirePerson>[0] }) =>
    ({ kind: 'signer', signerId: requireLinkHolder(ctx.principal, { access: 'act' }).signerId }) as const;
  registerEndpoint(app, e.directStartIdAustria, authenticate, ({ ctx }) => startIdAustria(deps, signer(ctx)));
  registerEndpoint(app, e.directCompleteIdAustria, authenticate, async ({ body, ctx }) => {
    await completeIdAustria(deps, { holder: signer(ctx), query: body.query });
    return { identified: true as const, legislation: 'eidas' as const, quality: 'aes' as const };
  });
}
