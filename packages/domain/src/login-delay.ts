// How long a login for one address waits after failed attempts (ADR 045): the first few failures
// cost nothing (a person mistypes), then each further one doubles the wait, up to a ceiling that
// still lets the owner in. A wait slows a guesser down; it never refuses the right password.

/** Failures of one address that cost no wait. */
export const FREE_LOGIN_FAILURES = 5;
/** The longest wait between two attempts for one address, in seconds: ~110 guesses an hour. */
export const MAX_LOGIN_DELAY_SECONDS = 32;
/**
 * The longest one attempt waits in all, in seconds. Attempts made at once for one address take
 * their turns one after the other; one that has waited this long is checked anyway, so that a
 * stream of guesses cannot keep the owner waiting for ever.
 */
export const MAX_LOGIN_WAIT_SECONDS = 40;

/** Seconds a login must wait after the last attempt, given the address's failures in the window. */
export function loginDelaySeconds(failures: number): number {
  if (failures < FREE_LOGIN_FAILURES) return 0;
  return Math.min(2 ** (failures - FREE_LOGIN_FAILURES), MAX_LOGIN_DELAY_SECONDS);
}
