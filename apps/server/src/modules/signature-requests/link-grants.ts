// A signer's link after its request has ended (ADR 041): the token lives on as a read-only grant
// for LINK_GRANT_DAYS, so its holder can see the outcome and download what was signed; after
// that the link only says that the request is over and whom to ask. `GET /v3/direct/link` tells
// the web app which of these the link is.
import type { LinkStatus } from '@countersign/contract';
import { linkGrantExpiry, linkGrantState } from '@countersign/domain';
import { AppError } from '../../lib/app-error.js';
import type { Principal } from '../../lib/principal.js';
import { hashToken } from '../../lib/tokens.js';
import type { RequestsDeps } from './deps.js';
import { resolveEmbeddedToken } from './embedded/embedded-signing.js';
import * as repo from './repo.js';
import { requireRequest } from './service.js';

/** The times endSignerLinks records: now, and the end of the grant the links become. */
export function linkGrantTimes(now: string): { now: string; grantUntil: string } {
  return { now, grantUntil: linkGrantExpiry(new Date(now)).toISOString() };
}

export type LinkHolder = {
  signerId: string;
  requestId: string;
  state: LinkStatus['state'];
  until: string | null;
};

/** Whose link this token is and what it may still do; undefined for a token we never issued. */
export async function resolveLink(
  deps: Pick<RequestsDeps, 'clock' | 'db'>,
  token: string,
): Promise<LinkHolder | undefined> {
  const hash = hashToken(token);
  const live = await repo.findSignerByToken(deps.db, hash);
  if (live) return { signerId: live.id, requestId: live.requestId, state: 'active', until: null };
  const grant = await repo.findLinkGrant(deps.db, hash);
  // an embedded signing token (ADR 088) acts as the signer's link while it lives, and has no afterlife
  if (!grant) return resolveEmbeddedToken(deps, token);
  return {
    signerId: grant.id,
    requestId: grant.requestId,
    state: linkGrantState(grant.expiresAt, deps.clock.now()),
    until: grant.expiresAt,
  };
}

/** What the calling link holder's link still is, whatever that is (so not `requireLinkHolder`). */
export async function linkStatus(
  deps: Pick<RequestsDeps, 'db'>,
  holder: Principal | undefined,
): Promise<LinkStatus> {
  if (holder?.kind !== 'link_holder') {
    throw new AppError('signature_request.not_found', 'No such signature request for this link');
  }
  const request = await requireRequest(deps, holder.requestId);
  return {
    state: holder.link.state,
    signatureRequestId: request.id,
    signatureId: holder.signerId,
    title: request.title,
    requestStatus: request.status,
    endedAt: request.endedAt,
    availableUntil: holder.link.until,
    sender: {
      name: `${request.ownerFirstName} ${request.ownerLastName}`.trim(),
      email: request.ownerEmail,
    },
  };
}
