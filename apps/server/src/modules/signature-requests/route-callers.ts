// How routes learn who calls: an account holder from the Bearer session, a link holder from the
// link's token (valid for its own signer and request, until the request ends), and the signing
// call both kinds share.
import type { Part11Reauthentication, SigningConsent } from '@countersign/contract';
import type { RequestContext } from '../../http/endpoint.js';
import { AppError } from '../../lib/app-error.js';
import { requireLinkHolder, requirePersonOrApiUser } from '../../lib/principal.js';
import type { Caller } from './access.js';
import type { RequestsDeps } from './deps.js';
import { requireConsent } from './signing-consent.js';
import { signRequest } from './signing.js';
import { part11Session } from './part11/reauthentication.js';

type UserCaller = Extract<Caller, { kind: 'person' | 'api_user' }>;

export type RouteCallers = ReturnType<typeof createRouteCallers>;

export function createRouteCallers(deps: RequestsDeps) {
  // the session was read together with its (not deleted) account; an API user comes only on the
  // calls the contract opens to it (auth 'business')
  const userCaller = async (ctx: RequestContext): Promise<UserCaller> =>
    requirePersonOrApiUser(ctx.principal);

  /**
   * A link token is valid for its own signer and request, until the request ends; after that, for
   * reading only (`access: 'read'`: the request, its events, its files) while its grant lasts
   * (ADR 041). The holder was resolved from the token with the call (ADR 061).
   */
  const directCaller = async (
    ctx: RequestContext,
    requestId: string | undefined,
    access: 'act' | 'read' = 'act',
  ): Promise<Extract<Caller, { kind: 'link_holder' }>> =>
    requireLinkHolder(ctx.principal, { requestId, access });

  /** The caller of a call open to account holders and link holders alike, by who presented what. */
  const callerOf = (ctx: RequestContext, requestId: string | undefined): Promise<Caller> =>
    ctx.principal?.kind === 'link_holder' ? directCaller(ctx, requestId) : userCaller(ctx);

  const sign = async (
    caller: Caller,
    items: {
      signatureRequestId: string;
      signingName?: string | undefined;
      signingReason?: string | undefined;
      signingLocation?: string | undefined;
      visualSignatureId?: string | undefined;
      fieldValues?: { fieldId: string; value: string | boolean }[] | undefined;
    }[],
    call: {
      language: 'en' | 'de' | 'fr' | 'it';
      tan?: string | undefined;
      consent?: SigningConsent | undefined;
      sealAccountName?: string | undefined;
      part11?: Part11Reauthentication | undefined;
    },
  ) => {
    // checked before anything is signed: no signature without the signer's consent
    const consent = requireConsent(call.consent);
    const { language, tan } = call;
    // one re-authentication for every Part 11 request of the call (ADR 077)
    const part11 = part11Session(call.part11);
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
          consent,
          fieldValues: item.fieldValues,
          seal: call.sealAccountName,
          part11,
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

  return { userCaller, directCaller, callerOf, sign };
}
