// Login limits that do not lock a person out (ADR 045, after OWASP ASVS V2.2): failures are
// counted, never successes, per IP and per address. An address's failures make its next attempt
// wait, doubling with each failure, before the password is checked, so a guesser is slowed to a
// crawl while the owner, who knows the password, gets in after the wait. An IP past its cap of
// failures is no longer let guess: from it, only an address that nobody guessed at in its window
// is checked, once, so the people behind one office address still get in with their passwords
// while a wrong one is refused (429).
import { loginDelaySeconds, MAX_LOGIN_WAIT_SECONDS } from '@countersign/domain';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Throttle } from './throttle-repo.js';

export const loginLimits = {
  /** Failed logins one IP may make in 15 minutes, over all addresses, before it is capped. */
  failuresPerIp: { name: 'login-failures-ip', limit: 50, windowSeconds: 900 },
  /** Failures of one address, counted for its wait (the limit is the wait, not a refusal). */
  failuresPerAddress: { name: 'login-failures-address', limit: 0, windowSeconds: 3600 },
} as const;

/** How a login attempt was admitted: `pastIpCap` when its IP is past the cap of failures. */
export interface LoginTurn {
  pastIpCap: boolean;
}

/**
 * Admits a login attempt to the password check. From an IP past its cap, the attempt is counted
 * as the address's failure before the check (so attempts made at once cannot share the address's
 * one chance) and refused unless it is the address's first in the window; otherwise it waits for
 * the address's turn.
 */
export async function awaitLoginTurn(
  deps: { throttle: Throttle; clock: Clock },
  input: { email: string; ip: string },
): Promise<LoginTurn> {
  const { throttle, clock } = deps;
  const rule = loginLimits.failuresPerAddress;
  if (await throttle.isOver(loginLimits.failuresPerIp, input.ip)) {
    if ((await throttle.recordFailure(rule, input.email)) > 1) {
      throw throttle.refusal(loginLimits.failuresPerIp);
    }
    return { pastIpCap: true };
  }
  const started = clock.now().getTime();
  const waited = () => (clock.now().getTime() - started) / 1000;
  for (;;) {
    const { count, lastAt } = await throttle.failures(rule, input.email);
    const delay = loginDelaySeconds(count);
    if (delay === 0 || lastAt === 0 || waited() >= MAX_LOGIN_WAIT_SECONDS) return { pastIpCap: false };
    const due = lastAt + delay - clock.now().getTime() / 1000;
    if (due > 0) {
      await clock.sleep(Math.ceil(Math.min(due, MAX_LOGIN_WAIT_SECONDS - waited()) * 1000));
    } else if (await throttle.claimTurn(rule, input.email, lastAt)) {
      return { pastIpCap: false };
    }
  }
}

/**
 * A wrong password (or an unknown address): one more failure for the IP and for the address (an
 * attempt past the IP's cap was counted for its address already); answers the error to give, 429
 * past the cap, else 401.
 */
export async function recordLoginFailure(
  throttle: Throttle,
  input: { email: string; ip: string },
  turn: LoginTurn,
): Promise<AppError> {
  await throttle.recordFailure(loginLimits.failuresPerIp, input.ip);
  if (turn.pastIpCap) return throttle.refusal(loginLimits.failuresPerIp);
  await throttle.recordFailure(loginLimits.failuresPerAddress, input.email);
  return new AppError('auth.invalid_credentials', 'E-mail address or password is wrong');
}

/** The right password: the address's failures are forgotten. */
export async function clearLoginFailures(throttle: Throttle, email: string) {
  await throttle.clear(loginLimits.failuresPerAddress, email);
}
