// Where a signer goes after viewing, signing or declining a request (spec 2 "Route rules",
// spec 5 and 9): the exit, error and decline URLs an integrator passes in the query, and the
// countdown before leaving.
import { redirectPermission } from './redirect-origins.js';
import { parseWebUrl } from './web-url.js';

/** Spec 5 and 9: redirectTimeout defaults to 45 s, 0 means none, else 10..90 s. */
export const REDIRECT_TIMEOUT_DEFAULT_S = 45;
export const REDIRECT_TIMEOUT_MIN_S = 10;
export const REDIRECT_TIMEOUT_MAX_S = 90;

export interface RedirectParams {
  exit?: unknown;
  error?: unknown;
  decline?: unknown;
  redirectTimeout?: unknown;
}

export interface ResolvedRedirects {
  exit: string | null;
  error: string | null;
  decline: string | null;
  /** Seconds before leaving; 0 means no countdown. */
  redirectTimeoutS: number;
}

/**
 * Spec 5: a redirect URL is kept only if it parses as an absolute URL with the http: or https:
 * protocol. Anything else (relative paths, javascript:, data:, mailto:) is dropped, because an
 * integrator-supplied URL that the browser navigates to is an injection point. The normalised
 * form is returned so what is checked is what is used.
 */
export function parseRedirectUrl(value: unknown): string | null {
  return parseWebUrl(value)?.href ?? null;
}

function parseNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || !/^\s*-?\d+(?:\.\d+)?\s*$/.test(value)) return null;
  return Number(value);
}

/**
 * Spec 5: default 45 s; 0 means none; any other number is clamped to 10..90 (rounded to whole
 * seconds). Values that are not numbers fall back to the default.
 */
export function resolveRedirectTimeout(value: unknown): number {
  const seconds = parseNumber(value);
  if (seconds === null) return REDIRECT_TIMEOUT_DEFAULT_S;
  if (seconds === 0) return 0;
  return Math.min(REDIRECT_TIMEOUT_MAX_S, Math.max(REDIRECT_TIMEOUT_MIN_S, Math.round(seconds)));
}

/** Spec 5: error and decline fall back to exit when they are absent or invalid. */
export function resolveRedirects(params: RedirectParams): ResolvedRedirects {
  const exit = parseRedirectUrl(params.exit);
  return {
    exit,
    error: parseRedirectUrl(params.error) ?? exit,
    decline: parseRedirectUrl(params.decline) ?? exit,
    redirectTimeoutS: resolveRedirectTimeout(params.redirectTimeout),
  };
}

/**
 * Spec 4: the exit-redirect countdown runs only when the viewed request is the last one handled
 * (so opening an older request in another tab does not send the signer away).
 */
export function shouldRunExitCountdown(
  viewedRequestId: string | null | undefined,
  lastHandledRequestId: string | null | undefined,
): boolean {
  return Boolean(viewedRequestId) && viewedRequestId === lastHandledRequestId;
}

/** What ended the signer's visit: their signature, their refusal, or a failure. */
export type SigningOutcome = 'signed' | 'declined' | 'failed';

/**
 * How to leave after an outcome: `countdown` waits `seconds` then goes (the signer can go at once
 * or stay); `immediate` goes now; `offer` only shows the way out, named, for the signer to choose;
 * `ask` would have gone by itself but the address is not one the request's business registered,
 * so the signer is asked first, named, and nothing counts down; `none` stays in the app.
 */
export type LeaveDecision =
  | { kind: 'none' }
  | { kind: 'offer'; url: string }
  | { kind: 'ask'; url: string }
  | { kind: 'immediate'; url: string }
  | { kind: 'countdown'; url: string; seconds: number };

function decideUnguarded(
  outcome: SigningOutcome,
  redirects: ResolvedRedirects,
  requests: { viewed: string | null | undefined; lastHandled: string | null | undefined },
): LeaveDecision {
  if (outcome === 'declined')
    return redirects.decline ? { kind: 'immediate', url: redirects.decline } : { kind: 'none' };
  if (outcome === 'failed')
    return redirects.error ? { kind: 'offer', url: redirects.error } : { kind: 'none' };
  if (!redirects.exit) return { kind: 'none' };
  if (!shouldRunExitCountdown(requests.viewed, requests.lastHandled))
    return { kind: 'offer', url: redirects.exit };
  if (redirects.redirectTimeoutS === 0) return { kind: 'immediate', url: redirects.exit };
  return { kind: 'countdown', url: redirects.exit, seconds: redirects.redirectTimeoutS };
}

/**
 * Where the signer goes after an outcome (spec 2, 4, 5): after signing to exit, after declining
 * to decline, after a failure to error (these already fall back to exit in `resolveRedirects`).
 * Only exit counts down, and only when the viewed request is the last one handled; a timeout of
 * 0 means no countdown, so the signer leaves at once. A declining signer has said they are done
 * and leaves at once; a failure only offers the way out, so the signer may try again first.
 * Spec 5 (navigating to an external URL requires explicit permission): going by itself, at once
 * or after a countdown, happens only for an origin in `allowedOrigins`, those the request's
 * business registered (ADR 064); any other address is asked about instead.
 */
export function decideLeave(
  outcome: SigningOutcome,
  redirects: ResolvedRedirects,
  requests: { viewed: string | null | undefined; lastHandled: string | null | undefined },
  allowedOrigins: readonly string[],
): LeaveDecision {
  const decision = decideUnguarded(outcome, redirects, requests);
  if (decision.kind === 'none') return decision;
  const permission = redirectPermission(decision.url, allowedOrigins);
  if (permission === 'refuse') return { kind: 'none' };
  const goesByItself = decision.kind === 'immediate' || decision.kind === 'countdown';
  return goesByItself && permission === 'ask' ? { kind: 'ask', url: decision.url } : decision;
}
