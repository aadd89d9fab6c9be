// How routes learn who calls: an account holder from the Bearer session, a link holder from the
// link's token (valid for its own signer and request, until the request ends), and the signing
// call both kinds share.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Authenticator, RequestContext } from '../../http/endpoint.js';
import { AppError } from '../../lib/app-error.js';
import { requirePerson } from '../../lib/principal.js';
import { hashToken } from '../../lib/tokens.js';
import type { Caller } from './access.js';
import type { RequestsDeps } from './deps.js';
import * as repo from './repo.js';
import { signRequest } from './signing.js';

type UserCaller = Extract<Caller, { kind: 'person' }>;

export type RouteCallers = ReturnType<typeof createRouteCallers>;

export function createRouteCallers(deps: RequestsDeps, authenticate: Authenticator) {
  // the session was read together with its (not deleted) account
  const userCaller = async (ctx: RequestContext): Promise<UserCaller> => requirePerson(ctx.principal);
  const userFromRequest = async (request: FastifyRequest, reply: FastifyReply) =>
    userCaller({ request, reply, ip: request.ip, principal: await authenticate(request) });

  /** A link token is valid for its own signer and request, until the request ends. */
  const directCaller = async (
    token: string,
    requestId: string | undefined,
    ip: string,
  ): Promise<Extract<Caller, { kind: 'link_holder' }>> => {
    const found = await repo.findSignerByToken(deps.db, hashToken(token));
    if (!found || (requestId !== undefined && found.requestId !== requestId)) {
      throw new AppError('signature_request.not_found', 'No such signature request for this link');
    }
    return { kind: 'link_holder', signerId: found.id, ip, requestId: found.requestId };
  };

  const sign = async (
    caller: Caller,
    items: {
      signatureRequestId: string;
      signingName?: string | undefined;
      signingReason?: string | undefined;
      signingLocation?: string | undefined;
      visualSignatureId?: string | undefined;
    }[],
    language: 'en' | 'de' | 'fr' | 'it',
    tan?: string,
  ) => {
    const results = [];
    for (const item of items) {
      try {
        const status = await signRequest(deps, caller, item.signatureRequestId, {
          language,
          signingName: item.signingName,
          signingReason: item.signingReason,
          signingLocation: item.signingLocation,
          // a link holder has no saved visual signatures to choose from
          visualSignatureId: caller.kind === 'person' ? item.visualSignatureId : undefined,
          tan,
        });
        results.push({
          signatureRequestId: item.signatureRequestId,
          ok: true,
          code: null,
          requestStatus: status,
        });
      } catch (err) {
        // One request failing must not hide the outcome of the others; a single-item call gets
        // the problem itself so the client sees the right status.
        if (items.length === 1 || !(err instanceof AppError)) throw err;
        results.push({
          signatureRequestId: item.signatureRequestId,
          ok: false,
          code: err.code,
          requestStatus: null,
        });
      }
    }
    return { results };
  };

  return { userCaller, userFromRequest, directCaller, sign };
}
