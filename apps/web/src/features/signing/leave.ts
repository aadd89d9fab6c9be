// Leaving the app for an integrator's page (spec 5: navigating to an external URL needs explicit
// permission; disallowed protocols are refused). The URL is checked again right here, at the
// one place that navigates, so no path through the code can hand javascript: to the browser.
// The last request a signer handled is remembered per tab: the exit countdown only runs for it.
import { parseRedirectUrl } from '@countersign/domain';

const lastHandledKey = 'countersign.last-handled-request';

export function leaveToExternal(
  url: string,
  assign: (href: string) => void = (href) => window.location.assign(href),
): boolean {
  const safe = parseRedirectUrl(url);
  if (!safe) return false;
  assign(safe);
  return true;
}

export function rememberHandledRequest(storage: Storage, requestId: string): void {
  storage.setItem(lastHandledKey, requestId);
}

export function readLastHandledRequest(storage: Storage): string | null {
  return storage.getItem(lastHandledKey);
}
