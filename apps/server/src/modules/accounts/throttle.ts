// Fixed-window rate limits kept in the database, so every server process behind a load balancer
// counts the same attempts. Used for login and password reset, per address and per IP.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';

export interface ThrottleRule {
  name: string;
  limit: number;
  windowSeconds: number;
}

export function createThrottle(db: Kysely<Database>, now: () => Date) {
  return {
    /** Counts one attempt for the key and throws `rate_limit.exceeded` once the window's limit is passed. */
    async hit(rule: ThrottleRule, subject: string): Promise<void> {
      const nowSeconds = Math.floor(now().getTime() / 1000);
      const windowStart = nowSeconds - (nowSeconds % rule.windowSeconds);
      const key = `${rule.name}:${subject}`;
      const row = await db
        .insertInto('rate_limits')
        .values({ key, window_start: windowStart, hits: 1 })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            hits: sql<number>`case when rate_limits.window_start = ${windowStart} then rate_limits.hits + 1 else 1 end`,
            window_start: windowStart,
          }),
        )
        .returning(['hits'])
        .executeTakeFirstOrThrow();
      if (Number(row.hits) > rule.limit) {
        const retryAfterSeconds = windowStart + rule.windowSeconds - nowSeconds;
        throw new AppError('rate_limit.exceeded', 'Too many attempts; try again later', {
          retryAfterSeconds,
        });
      }
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
