// Identification for one signature (ADR 025): a link holder starts, reads and cancels an
// identification through their link, bound to their signature rather than to an account; and
// anyone who may see a request asks what one of its signatures needs (ident-method).
import type { FastifyInstance } from 'fastify';
import { endpoints as e, type IdentMethod } from '@countersign/contract';
import { canSignAt, identificationMethodsFor } from '@countersign/domain';
import { registerEndpoint, type Authenticator, type RequestContext } from '../../http/endpoint.js';
import { AppError } from '../../lib/app-error.js';
import {
  listIdentifications,
  cancelIdentification,
  getIdentification,
  holdersOfSigner,
  presentIdentification,
  signatureQualitiesOf,
  startIdentification,
  type Holder,
} from '../identification/index.js';
import { authorize, type Caller } from './access.js';
import type { RequestsDeps } from './deps.js';
import { requireRequest } from './service.js';
import { identificationPayment } from './identification-payment.js';

export type DirectCaller = Extract<Caller, { kind: 'link_holder' }>;

/** Starting needs the signature still open to its holder: nobody identifies for a finished one. */
async function startForSignature(
  deps: Pick<RequestsDeps, 'clock' | 'db' | 'identificationProviders'>,
  caller: DirectCaller,
  input: { provider: string; method: string },
) {
  authorize(await requireRequest(deps, caller.requestId), caller, 'sign');
  return startIdentification(identificationDeps(deps), { holder: holderOf(caller), ...input });
}

const holderOf = (caller: DirectCaller): Holder => ({ kind: 'signer', signerId: caller.signerId });
const identificationDeps = (deps: Pick<RequestsDeps, 'clock' | 'db' | 'identificationProviders'>) => ({
  db: deps.db,
  clock: deps.clock,
  providers: deps.identificationProviders,
});

/**
 * The account that would make the signature in its session, whose business may vouch for it
 * (AES for business, ADR 057): the caller's own when they ask about their signature signed in,
 * else the account behind the signer's address. A link holder signs through the link, where the
 * business's word does not count (the signing call says the same), so it has none.
 */
function signingAccountOf(
  caller: Caller,
  isOwnSignature: boolean,
  signer: { email: string; accountUserId: string | null },
  holders: readonly Holder[],
): { userId: string; email: string } | undefined {
  if (caller.kind === 'link_holder') return undefined;
  if (caller.kind === 'person' && isOwnSignature) return caller;
  const isAccountsAddress = holders.some((h) => h.kind === 'user');
  return signer.accountUserId && isAccountsAddress
    ? { userId: signer.accountUserId, email: signer.email }
    : undefined;
}

/**
 * What a signature needs: its request's level and legislation, whether the signer holds them,
 * and which methods would grant them. The signer's own identification (with its provider URL,
 * which completes it) is shown to that signer only.
 */
export async function identMethod(
  deps: Pick<RequestsDeps, 'db'>,
  caller: Caller,
  requestId: string,
  signatureId: string,
): Promise<IdentMethod> {
  const request = await requireRequest(deps, requestId);
  const relation = authorize(request, caller, 'view');
  const signer = request.signers.find((s) => s.id === signatureId);
  if (!signer) throw new AppError('signature_request.not_found', 'No such signature in this request');
  const { quality, legislation } = request;
  const { holders, emailVerified } = await holdersOfSigner(deps.db, signer);
  const qualities = await signatureQualitiesOf(
    deps.db,
    holders,
    emailVerified,
    signingAccountOf(caller, relation.signer?.id === signer.id, signer, holders),
  );
  const isSatisfied = canSignAt(qualities, emailVerified, quality, legislation);
  const useful = identificationMethodsFor(quality, legislation);
  let identification = null;
  if (relation.signer?.id === signer.id && useful.length > 0) {
    const all = (await Promise.all(holders.map((h) => listIdentifications(deps.db, h)))).flat();
    const newest = all
      .filter((i) => (useful as string[]).includes(`${i.provider}/${i.method}`))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
    identification = newest ? presentIdentification(newest) : null;
  }
  return {
    signatureId: signer.id,
    quality,
    legislation,
    isSatisfied,
    methods: isSatisfied
      ? []
      : useful.map((key) => {
          const [provider, method] = key.split('/') as [
            IdentMethod['methods'][number]['provider'],
            IdentMethod['methods'][number]['method'],
          ];
          return { provider, method };
        }),
    identification,
  };
}

export function registerSignatureIdentificationRoutes(
  app: FastifyInstance,
  deps: Pick<RequestsDeps, 'clock' | 'db' | 'identificationProviders' | 'plans'>,
  authenticate: Authenticator,
  callers: {
    direct: (ctx: RequestContext, requestId: string | undefined) => Promise<DirectCaller>;
    user: (ctx: RequestContext) => Promise<Caller>;
  },
): void {
  registerEndpoint(app, e.directStartIdentification, authenticate, async ({ params, ctx }) =>
    presentIdentification(await startForSignature(deps, await callers.direct(ctx, undefined), params)),
  );
  registerEndpoint(app, e.directGetIdentification, authenticate, async ({ params, ctx }) => {
    const caller = await callers.direct(ctx, undefined);
    return presentIdentification(
      await getIdentification(identificationDeps(deps), { holder: holderOf(caller), ...params }),
    );
  });
  registerEndpoint(app, e.directCancelIdentification, authenticate, async ({ params, ctx }) => {
    const caller = await callers.direct(ctx, undefined);
    return presentIdentification(
      await cancelIdentification(identificationDeps(deps), { holder: holderOf(caller), ...params }),
    );
  });
  registerEndpoint(app, e.getIdentMethod, authenticate, async ({ params, query, ctx }) => {
    const caller = query.token ? await callers.direct(ctx, params.id) : await callers.user(ctx);
    return identMethod(deps, caller, params.id, params.sigId);
  });
  registerEndpoint(app, e.getIdentificationPayment, authenticate, async ({ params, ctx }) =>
    identificationPayment(deps, await callers.user(ctx), params.id),
  );
  registerEndpoint(app, e.directGetIdentificationPayment, authenticate, async ({ params, ctx }) =>
    identificationPayment(deps, await callers.direct(ctx, params.id), params.id),
  );
}
