// Embedded signing (ADR 088): the sender asks for a short-lived address for one pending signer;
// its token makes the holder that signer's link holder, on the same direct-sign calls as an
// invitation link, until it expires or the signer's signature is no longer pending. The page it
// leads to may be framed only by the origins the request's business registered.
import { EMBEDDED_SIGNING_MINUTES, type EmbeddedSigningLink } from '@countersign/contract';
import { frameAncestorsFor } from '@countersign/domain';
import { AppError } from '../../../lib/app-error.js';
import { hashToken, newSecretToken } from '../../../lib/tokens.js';
import { businessOfMember } from '../../businesses/index.js';
import { authorize, type Caller } from '../access.js';
import type { RequestsDeps } from '../deps.js';
import type { LinkHolder } from '../link-grants.js';
import { appendEvent } from '../events-repo.js';
import { actorOf, requireRequest, writeRequest } from '../service.js';
import { findEmbeddedToken, insertEmbeddedToken, type EmbeddedTokenRecord } from './repo.js';

const MINUTE_MS = 60_000;

/** The origins the business of a request's owner lets frame its signing page; none for an individual. */
async function embeddingOrigins(deps: Pick<RequestsDeps, 'db'>, ownerId: string): Promise<string[]> {
  const business = await businessOfMember(deps.db, ownerId);
  return business?.settings.embeddedSigning.allowedOrigins ?? [];
}

export async function createEmbeddedSigning(
  deps: Pick<RequestsDeps, 'clock' | 'db' | 'publicUrl'>,
  caller: Extract<Caller, { kind: 'person' | 'api_user' }>,
  input: { requestId: string; signerId: string; lifetimeMinutes?: number | undefined },
): Promise<EmbeddedSigningLink> {
  const request = await requireRequest(deps, input.requestId);
  // the sender alone, while the request is open: the rule of a reminder, which also reaches signers
  authorize(request, caller, 'remind');
  const signer = request.signers.find((s) => s.id === input.signerId);
  if (!signer) throw new AppError('signer.not_found', 'No such signer in this request');
  // a group's place is signed by whichever member comes, with their own account (ADR 056)
  if (signer.status !== 'pending' || signer.group) {
    throw new AppError('embedded_signing.signer_not_pending', 'This signer has nothing to sign now');
  }
  const allowedOrigins = await embeddingOrigins(deps, request.ownerId);
  if (allowedOrigins.length === 0) {
    throw new AppError(
      'embedded_signing.no_origins',
      'The business allows no origin to frame its signing page',
    );
  }
  const now = deps.clock.now();
  const minutes = input.lifetimeMinutes ?? EMBEDDED_SIGNING_MINUTES.default;
  const expiresAt = new Date(now.getTime() + minutes * MINUTE_MS).toISOString();
  const token = newSecretToken();
  const at = now.toISOString();
  // The address lets its holder sign as this signer, so its making is in the request's audit log,
  // written with the token; through writeRequest, a request that ended meanwhile gets none.
  await writeRequest(
    deps,
    request,
    {},
    at,
    async (trx) => {
      await insertEmbeddedToken(trx, {
        tokenHash: hashToken(token),
        signerId: signer.id,
        createdAt: at,
        expiresAt,
      });
      await appendEvent(trx, request.id, {
        type: 'embedded_signing_issued',
        at,
        actor: actorOf(caller, request),
        ip: caller.ip,
        data: { signer: signer.email, expiresAt },
      });
    },
    'status',
  );
  const path = `/embed/sign/${encodeURIComponent(request.id)}/${encodeURIComponent(signer.id)}`;
  return { url: `${deps.publicUrl}${path}?token=${token}`, expiresAt, allowedOrigins };
}

/** Whether an embedded token still lets its holder act: unexpired, its signer's turn still open. */
function isLive(record: EmbeddedTokenRecord, now: Date): boolean {
  return (
    now.getTime() < Date.parse(record.expiresAt) &&
    record.requestStatus === 'open' &&
    record.signerStatus === 'pending' &&
    record.signerGroupId === null
  );
}

/** The link holder an embedded token makes, or undefined for an unknown, expired or spent one. */
export async function resolveEmbeddedToken(
  deps: Pick<RequestsDeps, 'clock' | 'db'>,
  token: string,
): Promise<LinkHolder | undefined> {
  const record = await findEmbeddedToken(deps.db, hashToken(token));
  if (!record || !isLive(record, deps.clock.now())) return undefined;
  return { signerId: record.signerId, requestId: record.requestId, state: 'active', until: null };
}

/**
 * GET /v3/direct/embedded-signing: where the page may post what happened. Any token made for
 * embedding answers, live or not, so an expired page can still say `error` to its parent.
 */
export async function embeddingOfToken(
  deps: Pick<RequestsDeps, 'db'>,
  token: string,
): Promise<{ allowedOrigins: string[] }> {
  const record = await findEmbeddedToken(deps.db, hashToken(token));
  if (!record) throw new AppError('signature_request.not_found', 'No embedded signing for this token');
  return { allowedOrigins: await embeddingOrigins(deps, record.ownerId) };
}

/**
 * The `frame-ancestors` of the embedded signing page at /embed/sign/{id}/{signerId}?token=...:
 * the business's origins when the token was made for that signer of that request, even expired or
 * spent (the page then tells its parent `error`), else undefined and the page refuses framing.
 */
export async function frameAncestorsOfEmbeddedPage(
  deps: Pick<RequestsDeps, 'db'>,
  page: { requestId: string; signerId: string; token: string },
): Promise<string | undefined> {
  const record = await findEmbeddedToken(deps.db, hashToken(page.token));
  if (!record || record.requestId !== page.requestId || record.signerId !== page.signerId) return undefined;
  const origins = await embeddingOrigins(deps, record.ownerId);
  return origins.length > 0 ? frameAncestorsFor(origins) : undefined;
}
