// What a signer's link does once its request has ended (ADR 041): for LINK_GRANT_DAYS it still
// shows the outcome read-only and lets its holder download the documents and the signature
// protocol; after that it only says that the request is over and whom to ask.

export const LINK_GRANT_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Until when a link that ended at `endedAt` keeps its downloads. */
export function linkGrantExpiry(endedAt: Date): Date {
  return new Date(endedAt.getTime() + LINK_GRANT_DAYS * DAY_MS);
}

/** active: the request is open; ended: read-only with downloads; over: it says whom to ask. */
export type LinkState = 'active' | 'ended' | 'over';

export function linkGrantState(expiresAt: string, now: Date): Exclude<LinkState, 'active'> {
  return now.getTime() < Date.parse(expiresAt) ? 'ended' : 'over';
}

/**
 * The name a person gave in one field, split the way a form with first and last name wants it:
 * the last word is the last name, the rest the first name ("Anna Maria Rossi" -> "Anna Maria",
 * "Rossi"); a single word is a first name.
 */
export function splitFullName(fullName: string | null): { firstName: string; lastName: string } | null {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  if (words.length === 1) return { firstName: words[0]!, lastName: '' };
  return { firstName: words.slice(0, -1).join(' '), lastName: words.at(-1)! };
}
