// A qualified signature authorised on the QTSP's own page (ADR 076, 087): the browser leaves for
// the provider and comes back to /mab/redirect with the provider's `state`, which begins with the
// request's id. This works out, from that and what this tab holds, whose signature comes back (a
// link holder's, by the direct session the tab keeps; else the signed-in account's) and where the
// signer returns to.
import { resolveDirectSession } from './direct-session.js';
import type { RequestSource } from './request-api.js';

/**
 * The key, among the redirect query params kept with the pending signature, of the way back (one
 * word, so the wire's snake_case conversion leaves it alone).
 */
export const RETURN_TO = 'back';

/** The request id the state was made for (`<request id>.<random>`), or null for a malformed one. */
export function requestIdOfState(state: string | null): string | null {
  const match = /^([A-Za-z0-9_-]{1,64})\.[A-Za-z0-9_-]+$/.exec(state ?? '');
  return match?.[1] ?? null;
}

/**
 * Whose signature comes back: the link holder's when this tab holds their session for that
 * request, else the account's (the session decides on the server whether it is theirs).
 */
export function sourceOfReturn(storage: Storage, requestId: string): RequestSource {
  const direct = resolveDirectSession(storage, null, '');
  if (direct?.requestId === requestId)
    return { kind: 'direct', requestId, signerId: direct.signerId, token: direct.token };
  return { kind: 'account', requestId };
}

/** The request's view for that signer, the way back when nothing better is known. */
export function viewPathOf(source: RequestSource): string {
  const id = encodeURIComponent(source.requestId);
  return source.kind === 'direct' ? `/view/${id}/${encodeURIComponent(source.signerId)}` : `/view/${id}`;
}

/**
 * The way back kept with the signature, if it is a path of this app: never another origin, since
 * the value came through the provider's round trip.
 */
export function returnPathOf(params: Record<string, string>, fallback: string): string {
  const path = params[RETURN_TO];
  return path && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') ? path : fallback;
}
