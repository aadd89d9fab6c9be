// How the authorization matrix judges an answer. A foreign principal (another business's people
// and API user, another request's link holder, nobody, junk credentials) gets the refusal its kind
// of credentials earns on the call's kind of auth, 404 for whatever of business A the call names,
// never 5xx, and never a byte of A's data. The principals of A get what the checked-in table says.
// The contract's schemas are checked before a handler authorizes (http/endpoint.ts), so a bad body
// would answer a stranger 400 whatever it names; that reveals nothing of A, but the fixtures send
// valid bodies so that every call reaches its authorization, and a 400 on A's things fails.
import type { Endpoint, EndpointAuth, EndpointName } from '@countersign/contract';
import type { ForeignPrincipal } from './calls.js';
import { CANARY, type World } from './world.js';

export interface Answer {
  statusCode: number;
  body: string;
}

const codeOf = (answer: Answer): string | undefined => {
  try {
    return (JSON.parse(answer.body) as { code?: string }).code;
  } catch {
    return undefined;
  }
};

/**
 * The problems of a batch answer (`POST /v3/sign`: 200 with one result per request), or undefined
 * for any other answer.
 */
function batchCodes(answer: Answer): (string | null)[] | undefined {
  if (answer.statusCode >= 300) return undefined;
  try {
    const results = (JSON.parse(answer.body) as { results?: { ok: boolean; code: string | null }[] }).results;
    return Array.isArray(results) ? results.map((r) => (r.ok ? null : r.code)) : undefined;
  } catch {
    return undefined;
  }
}

/** What the table of the principals of A records: `ok`, or the status and problem code. */
export function outcomeOf(answer: Answer): string {
  const batch = batchCodes(answer);
  if (batch?.some((code) => code !== null)) return `${answer.statusCode} ${batch.join(',')}`;
  if (answer.statusCode < 400) return 'ok';
  return `${answer.statusCode} ${codeOf(answer) ?? ''}`.trim();
}

/** Every id and name of A's things: a call naming any of them targets A. */
export function idsOfA(w: World): string[] {
  const a = w.a;
  const slices = [a.open, a.draft].flatMap((s) => [
    s.id,
    s.documentId,
    s.signerId,
    s.observerId,
    s.attachmentId,
  ]);
  return [
    a.businessId,
    ...[a.owner, a.admin, a.member, a.spare].map((p) => p.id),
    a.apiUser.username,
    a.spareApiUser.username,
    ...slices,
    a.sendtoId,
    a.seal,
    a.groupId,
    a.visualSignatureId,
    a.inviteId,
    a.domain,
    a.invoiceId,
  ];
}

/**
 * The refusals a principal's kind of credentials earns on a kind of auth, whatever the call is
 * about: nobody and junk get 401 wherever the call reads credentials (`optional` calls included:
 * a bad token is never taken for no token), API users 403 on the calls that are not theirs, and a
 * call that needs a link token 401 from whoever has none. Undefined: no rule by kind. Calls open
 * to anyone (`none`) read no credentials at all, so junk there is ignored.
 *
 * Two answers by kind are 404, not 401: a junk link token on the link holder's calls (an unknown
 * link leads nowhere, as ADR 041 has it: `GET /v3/direct/link` documents the 404; since the link
 * is resolved at the edge, ADR 061, every such call says `signature_request.not_found`), and on the
 * `optional` calls about A's things. An `optional` call that is about no request (the password
 * check) reads no link, so a junk link token there is ignored as well.
 */
export function refusalByKind(
  principal: ForeignPrincipal,
  auth: EndpointAuth,
  targetsA: boolean,
): string[] | undefined {
  if (auth === 'none') return undefined;
  // the operator API knows one token, and SCIM a business's SCIM token (ADR 084): whatever else
  // anyone brings is refused alike
  if (auth === 'operator' || auth === 'scim') return ['401'];
  switch (principal) {
    case 'anonymous':
      return auth === 'optional' && !targetsA ? undefined : ['401'];
    case 'garbage_bearer':
    case 'garbage_basic':
      return ['401'];
    case 'garbage_link':
      if (auth === 'direct') return ['404 signature_request.not_found'];
      // `optional` calls read the link only when they are about its request
      if (auth === 'optional') return targetsA ? ['404'] : undefined;
      return ['401'];
    case 'b_api_user':
      if (auth === 'direct') return ['401'];
      // a business call may still refuse API users what they never do (a personal signature)
      return auth === 'business'
        ? targetsA
          ? ['404', '403 api_user.forbidden']
          : undefined
        : ['403 api_user.forbidden'];
    case 'b_admin':
    case 'b_member':
      return auth === 'direct' ? ['401'] : undefined;
    case 'other_link_holder':
      return auth === 'session' || auth === 'business' ? ['401'] : undefined;
  }
}

/**
 * Known answers that differ from the rules above, each with the reason it is acceptable (or the
 * leak it is, for the lead to fix). Keyed `endpointName principal`.
 */
export const FOREIGN_EXCEPTIONS: Readonly<Record<string, { outcome: string; reason: string }>> = {
  // A link holder's identification always serves the request of the link: the id sent is ignored.
  'directStartIdentification other_link_holder': { outcome: 'ok', reason: "the link's own request is used" },
};

/** What is wrong with a foreign principal's answer; empty when nothing is. */
export function judgeForeign(
  name: EndpointName,
  endpoint: Endpoint,
  principal: ForeignPrincipal,
  answer: Answer,
  targetsA: boolean,
): string[] {
  const problems: string[] = [];
  const outcome = outcomeOf(answer);
  if (answer.statusCode >= 500) problems.push(`answered ${outcome}`);
  if (answer.body.toLowerCase().includes(CANARY)) {
    const at = answer.body.toLowerCase().indexOf(CANARY);
    problems.push(`leaks A's data: …${answer.body.slice(Math.max(0, at - 80), at + 40)}…`);
  }
  const exception = FOREIGN_EXCEPTIONS[`${name} ${principal}`];
  if (exception) {
    if (outcome !== exception.outcome)
      problems.push(`answered ${outcome}, FOREIGN_EXCEPTIONS says ${exception.outcome}`);
    return problems;
  }
  const byKind = refusalByKind(principal, endpoint.auth, targetsA);
  const status = String(answer.statusCode);
  if (byKind) {
    if (!byKind.some((expected) => (expected.includes(' ') ? outcome === expected : status === expected))) {
      problems.push(`answered ${outcome}, expected ${byKind.join(' or ')} for its kind of credentials`);
    }
  } else if (targetsA) {
    const batch = batchCodes(answer);
    const refusedBatch = batch?.every((code) => code?.endsWith('not_found'));
    if (status !== '404' && !refusedBatch) problems.push(`answered ${outcome} on A's things, expected 404`);
  } else if (status === '401' && endpoint.auth !== 'none') {
    // its own credentials are valid: a 401 would mean the matrix lost them, and proves nothing
    problems.push(`answered ${outcome} although its credentials are valid`);
  }
  return problems;
}
