// Login limits that do not lock a person out (ADR 045, after OWASP ASVS V2.2): failures are
// counted, never successes, per IP and per address. An IP past its cap of failures is refused
// for the rest of the window; an address's failures make its next attempt wait, doubling with
// each failure, before the password is checked, so a guesser is slowed to a crawl while the
// owner, who knows the password, gets in after the wait.
import { loginDelaySeconds, MAX_LOGIN_WAIT_SECONDS } from '@countersign/domain';
import type { Clock } from '../../lib/clock.js';
import type { Throttle } from './throttle.js';

export const loginLimits = {
  /** Failed logins one IP may make in 15 minutes, over all addresses. */
  failuresPerIp: { name: 'login-failures-ip', limit: 50, windowSeconds: 900 },
  /** Failures of one address, counted for its wait (the limit is the wait, not a refusal). */
  failuresPerAddress: { name: 'login-failures-address', limit: 0, windowSeconds: 3600 },
} as const;

/** Refuses an IP past its cap, then waits for the address's turn; answers the seconds waited. */
export async function awaitLoginTurn(
  deps: { throttle: Throttle; clock: Clock },
  input: { email: string; ip: string },
): Promise<number> {
  const { throttle, clock } = deps;
  const rule = loginLimits.failuresPerAddress;
  await throttle.refuseWhenOver(loginLimits.failuresPerIp, input.ip);
  const started = clock.now().getTime();
  const waited = () => (clock.now().getTime() - started) / 1000;
  for (;;) {
    const { count, lastAt } = await throttle.failures(rule, input.email);
    const delay = loginDelaySeconds(count);
    if (delay === 0 || lastAt === 0 || waited() >= MAX_LOGIN_WAIT_SECONDS) return waited();
    const due = lastAt + delay - clock.now().getTime() / 1000;
    if (due > 0) {
      await clock.sleep(Math.ceil(Math.min(due, MAX_LOGIN_WAIT_SECONDS - waited()) * 1000));
    } else if (await throttle.claimTurn(rule, input.email, lastAt)) {
      return waited();
    }
  }
}

/** A wrong password (or an unknown address): one more failure for the IP and for the address. */
export async function recordLoginFailure(throttle: Throttle, input: { email: string; ip: string }) {
  await throttle.recordFailure(loginLimits.failuresPerIp, input.ip);
  await throttle.recordFailure(loginLimits.failuresPerAddress, input.email);
}

/** The right password: the address's failures are forgotten. */
export async function clearLoginFailures(throttle: Throttle, email: string) {
  await throttle.clear(loginLimits.failuresPerAddress, email);
}
