// When an open signature request runs out (ADR 023): its deadline, the bounds a sender may
// choose it within, and when the signers still pending get one last reminder. Times are
// milliseconds since the epoch or ISO 8601 strings; the caller brings the clock.

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** A deadline must leave the signers at least this long, counted from when it is set or sent. */
export const MIN_EXPIRY_LEAD_MS = HOUR_MS;
/** ... and lie at most this far ahead: a year is longer than any offer should stay open. */
export const MAX_EXPIRY_DAYS = 365;

export const INVALID_EXPIRY = 'signature_request.invalid_expiry';

/** Why a deadline cannot be used at `now`, or undefined when it can. */
export function checkExpiry(expiresAt: string, now: Date): 'too_soon' | 'too_late' | undefined {
  const at = Date.parse(expiresAt);
  if (Number.isNaN(at) || at < now.getTime() + MIN_EXPIRY_LEAD_MS) return 'too_soon';
  if (at > now.getTime() + MAX_EXPIRY_DAYS * DAY_MS) return 'too_late';
  return undefined;
}

/** The deadline of a request sent at `sentAt` without one of its own: `days` later. */
export function defaultExpiry(sentAt: Date, days: number): string {
  return new Date(sentAt.getTime() + days * DAY_MS).toISOString();
}

/** Whether an open request's deadline has passed at `now` (at the deadline itself it has). */
export function isPastExpiry(expiresAt: string | null, now: Date): boolean {
  return expiresAt !== null && Date.parse(expiresAt) <= now.getTime();
}

/**
 * When the pending signers get the reminder that the request is about to expire: `days` before
 * the deadline, or never when that moment is not after the request was sent (the invitation is
 * still fresh) or `days` is 0.
 */
export function expiryReminderAt(sentAt: Date, expiresAt: string, days: number): string | null {
  if (days <= 0) return null;
  const at = Date.parse(expiresAt) - days * DAY_MS;
  return at > sentAt.getTime() ? new Date(at).toISOString() : null;
}
