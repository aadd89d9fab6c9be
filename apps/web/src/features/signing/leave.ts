// Leaving the app (spec 5: navigating to an external URL requires explicit permission; disallowed
// protocols are refused). Addresses our server gives (a payment or identification provider's
// page) go through `leaveToExternal`; the exit, decline and error addresses that anyone can put
// into a link's query go through `leaveToRedirect`, which goes by itself only to an origin the
// request's business registered (ADR 064) and otherwise only when the person chose it. Each URL
// is checked again right here, at the one place that navigates, so no path through the code can
// hand javascript: to the browser or send the signer away unasked.
// The last request a signer handled is remembered per tab: the exit countdown only runs for it.
import { parseRedirectUrl, redirectPermission } from '@countersign/domain';

const lastHandledKey = 'countersign.last-handled-request';

/** The overlay actions that leave: the signer chose it, or the exit countdown ran out. */
export const LEAVE_CHOSEN = 'leave';
export const LEAVE_TIMED = 'leave-timed';
const assignLocation = (href: string) => window.location.assign(href);

export function leaveToExternal(url: string, assign: (href: string) => void = assignLocation): boolean {
  const safe = parseRedirectUrl(url);
  if (!safe) return false;
  assign(safe);
  return true;
}

/**
 * To a digital identity wallet (ADR 085): an app's own OpenID4VP address (`openid4vp://?...`,
 * which the phone hands to the wallet app), or a web wallet's page.
 */
export function leaveToWallet(url: string, assign: (href: string) => void = assignLocation): boolean {
  if (/^(openid4vp|haip|eudi-openid4vp):\/\/\?/.test(url)) {
    assign(url);
    return true;
  }
  return leaveToExternal(url, assign);
}

/**
 * Why the signer leaves: they chose it, on a button naming the place (`chosen`), or the page goes
 * by itself, at once or when a countdown ends, which the request's registered origins must allow.
 */
export type LeaveConsent = 'chosen' | { allowedOrigins: readonly string[] };

export function leaveToRedirect(
  url: string,
  consent: LeaveConsent,
  assign: (href: string) => void = assignLocation,
): boolean {
  const permission = redirectPermission(url, consent === 'chosen' ? [] : consent.allowedOrigins);
  if (permission === 'refuse' || (permission === 'ask' && consent !== 'chosen')) return false;
  return leaveToExternal(url, assign);
}

export function rememberHandledRequest(storage: Storage, requestId: string): void {
  storage.setItem(lastHandledKey, requestId);
}

export function readLastHandledRequest(storage: Storage): string | null {
  return storage.getItem(lastHandledKey);
}
