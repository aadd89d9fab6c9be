// Leaving the app in component tests: observed instead of performed (jsdom cannot navigate to
// another origin), after the real checks of whether the page may leave at all (spec 5, ADR 064).
import type * as LeaveModule from '../features/signing/leave.js';

/** The leave module whose redirects end in `navigated` instead of the browser's address. */
export function observeLeaving(
  real: typeof LeaveModule,
  navigated: (href: string) => void,
): typeof LeaveModule {
  return {
    ...real,
    leaveToRedirect: (url, consent) => real.leaveToRedirect(url, consent, navigated),
  };
}
