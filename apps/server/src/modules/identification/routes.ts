// HTTP routes of identification: the person's calls (start, status, cancel, qualities detail)
// and the providers' webhook, which only a verified report passes.
import type { FastifyInstance } from 'fastify';
import { endpoints as e } from '@countersign/contract';
import { registerEndpoint, registerRawEndpoint, type Authenticator } from '../../http/endpoint.js';
import { AppError } from '../../lib/app-error.js';
import { requirePerson, type PersonPrincipal, type Principal } from '../../lib/principal.js';
import type { IdentificationDeps } from './service.js';
import * as identification from './service.js';

export interface IdentificationRouteDeps extends IdentificationDeps {
  /**
   * Refuses (404) a request the person may not see (owner, signer, observer): the request an
   * identification is for must be one of theirs, else it is not recorded. The signature-requests
   * module's, handed in by the composition root (ADR 068).
   */
  requireVisibleRequest(person: PersonPrincipal, requestId: string): Promise<void>;
}

export const WEBHOOK_PATH = '/v1/identification/webhooks';

export function registerIdentificationRoutes(
  app: FastifyInstance,
  deps: IdentificationRouteDeps,
  authenticate: Authenticator,
): void {
  const userId = (principal: Principal | undefined) => requirePerson(principal).userId;
  const holder = (principal: Principal | undefined) => ({ kind: 'user', userId: userId(principal) }) as const;
  registerEndpoint(app, e.startIdentification, authenticate, async ({ params, body, ctx }) => {
    const person = requirePerson(ctx.principal);
    if (body.signatureRequestId) await deps.requireVisibleRequest(person, body.signatureRequestId);
    return identification.presentIdentification(
      await identification.startIdentification(deps, {
        holder: { kind: 'user', userId: person.userId },
        ...params,
        signatureRequestId: body.signatureRequestId,
      }),
    );
  });
  registerEndpoint(app, e.getIdentification, authenticate, async ({ params, ctx }) =>
    identification.presentIdentification(
      await identification.getIdentification(deps, { holder: holder(ctx.principal), ...params }),
    ),
  );
  registerEndpoint(app, e.cancelIdentification, authenticate, async ({ params, ctx }) =>
    identification.presentIdentification(
      await identification.cancelIdentification(deps, { holder: holder(ctx.principal), ...params }),
    ),
  );
  registerEndpoint(app, e.signatureQualitiesDetail, authenticate, async ({ ctx }) =>
    identification.signatureQualitiesDetail(deps, userId(ctx.principal)),
  );

  // Provider-facing: each provider signs its deliveries its own way, so the body is read as sent.
  registerRawEndpoint(app, e.identificationWebhook, authenticate, async ({ params, ctx }) => {
    const provider = deps.providers[params.provider];
    if (!provider) throw new AppError('identification.provider_unavailable', 'Unknown provider');
    const report = provider.verifyCallback(ctx.request.body);
    return identification.applyIdentificationReport(deps, report);
  });
}
