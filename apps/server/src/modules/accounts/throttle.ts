// Fixed-window rate limits kept in the database, so every server process behind a load balancer
// counts the same attempts. Mails and registrations count every attempt per address and per IP
// (`hit`). Logins count failures only (`recordFailure`, ADR 045), so that nobody can use up
// another person's attempts: a per-IP cap refuses (`refuseWhenOver`), and an address's failures
// make its next login wait (`failures`, `claimTurn`) instead of refusing the right password.
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
  const clock = (rule: ThrottleRule) => {
    const nowSeconds = Math.floor(now().getTime() / 1000);
    return { nowSeconds, windowStart: nowSeconds - (nowSeconds % rule.windowSeconds) };
  };
  const tooMany = (rule: ThrottleRule, windowStart: number, nowSeconds: number) =>
    new AppError('rate_limit.exceeded', 'Too many attempts; try again later', {
      retryAfterSeconds: windowStart + rule.windowSeconds - nowSeconds,
    });
  const keyOf = (rule: ThrottleRule, subject: string) => `${rule.name}:${subject}`;
  /** The row that holds when the key last failed or took its turn (its window_start is that second). */
  const lastKey = (rule: ThrottleRule, subject: string) => `${rule.name}.last:${subject}`;

  /** The count of the key in the current window (0 when its row is from an older one). */
  async function countOf(rule: ThrottleRule, subject: string): Promise<number> {
    const { windowStart } = clock(rule);
    const row = await db
      .selectFrom('rate_limits')
      .select(['hits', 'window_start'])
      .where('key', '=', keyOf(rule, subject))
      .executeTakeFirst();
    return row && Number(row.window_start) === windowStart ? Number(row.hits) : 0;
  }
  /** Adds one to the key's count in the current window and answers the new count. */
  async function count(rule: ThrottleRule, subject: string): Promise<number> {
    const { windowStart } = clock(rule);
    const row = await db
      .insertInto('rate_limits')
      .values({ key: keyOf(rule, subject), window_start: windowStart, hits: 1 })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          hits: sql<number>`case when rate_limits.window_start = ${windowStart} then rate_limits.hits + 1 else 1 end`,
          window_start: windowStart,
        }),
      )
      .returning(['hits'])
      .executeTakeFirstOrThrow();
    return Number(row.hits);
  }

  return {
    /** Counts one attempt for the key and throws `rate_limit.exceeded` once the window's limit is passed. */
    async hit(rule: ThrottleRule, subject: string): Promise<void> {
      const { nowSeconds, windowStart } = clock(rule);
      if ((await count(rule, subject)) > rule.limit) throw tooMany(rule, windowStart, nowSeconds);
    },

    /** Throws `rate_limit.exceeded` when the key already failed `limit` times in this window. */
    async refuseWhenOver(rule: ThrottleRule, subject: string): Promise<void> {
      const { nowSeconds, windowStart } = clock(rule);
      if ((await countOf(rule, subject)) >= rule.limit) throw tooMany(rule, windowStart, nowSeconds);
    },

    /** Counts one failure for the key, and remembers when it happened. */
    async recordFailure(rule: ThrottleRule, subject: string): Promise<void> {
      const { nowSeconds } = clock(rule);
      await count(rule, subject);
      await db
        .insertInto('rate_limits')
        .values({ key: lastKey(rule, subject), window_start: nowSeconds, hits: 0 })
        .onConflict((oc) => oc.column('key').doUpdateSet({ window_start: nowSeconds }))
        .execute();
    },

    /** The key's failures in this window and when it last failed or took its turn (epoch seconds). */
    async failures(rule: ThrottleRule, subject: string): Promise<{ count: number; lastAt: number }> {
      const failed = await countOf(rule, subject);
      if (failed === 0) return { count: 0, lastAt: 0 };
      const last = await db
        .selectFrom('rate_limits')
        .select('window_start')
        .where('key', '=', lastKey(rule, subject))
        .executeTakeFirst();
      return { count: failed, lastAt: last ? Number(last.window_start) : 0 };
    },

    /**
     * Takes the key's turn: moves its last time from `seenLastAt` to now, and answers whether this
     * caller did it (false when another attempt took the turn since `seenLastAt` was read).
     */
    async claimTurn(rule: ThrottleRule, subject: string, seenLastAt: number): Promise<boolean> {
      const { nowSeconds } = clock(rule);
      const result = await db
        .updateTable('rate_limits')
        .set({ window_start: nowSeconds })
        .where('key', '=', lastKey(rule, subject))
        .where('window_start', '=', seenLastAt)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Forgets the key's failures (the right password was given). */
    async clear(rule: ThrottleRule, subject: string): Promise<void> {
      await db
        .deleteFrom('rate_limits')
        .where('key', 'in', [keyOf(rule, subject), lastKey(rule, subject)])
        .execute();
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
