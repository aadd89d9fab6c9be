// Fixed-window rate limits kept in the database, so every server process behind a load balancer
// counts the same attempts. Mails and registrations count every attempt per address and per IP
// (`hit`), invitations count what a call sends (`take`). Logins count failures only
// (`recordFailure`, ADR 045), so that nobody can use up another person's attempts: past a per-IP
// cap (`isOver`) only addresses nobody guessed at are checked, and an address's failures make its
// next login wait (`failures`, `claimTurn`) instead of refusing the right password. Guesses that
// must stay few even when made at once (a current password, a promo code; ADR 063) are counted
// before they are checked and given back when right (`hit`, `clear`, `giveBack`).
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

    /** Counts one attempt for the key and answers the window's count so far, this one included. */
    async countAttempt(rule: ThrottleRule, subject: string): Promise<number> {
      return count(rule, subject);
    },

    /** Whether the key has reached the window's limit. */
    async isOver(rule: ThrottleRule, subject: string): Promise<boolean> {
      return (await countOf(rule, subject)) >= rule.limit;
    },

    /** The `rate_limit.exceeded` error of the rule's current window, with the seconds until it ends. */
    refusal(rule: ThrottleRule): AppError {
      const { nowSeconds, windowStart } = clock(rule);
      return tooMany(rule, windowStart, nowSeconds);
    },

    /**
     * Takes `amount` from the key's allowance in this window, all or nothing: throws
     * `rate_limit.exceeded`, taking nothing, when fewer are left. One conditional update, so calls
     * made at once cannot take more than the limit between them.
     */
    async take(rule: ThrottleRule, subject: string, amount: number): Promise<void> {
      const { nowSeconds, windowStart } = clock(rule);
      const key = keyOf(rule, subject);
      await db
        .insertInto('rate_limits')
        .values({ key, window_start: windowStart, hits: 0 })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            hits: sql<number>`case when rate_limits.window_start = ${windowStart} then rate_limits.hits else 0 end`,
            window_start: windowStart,
          }),
        )
        .execute();
      const taken = await db
        .updateTable('rate_limits')
        .set({ hits: sql<number>`hits + ${amount}` })
        .where('key', '=', key)
        .where('window_start', '=', windowStart)
        .where(sql<boolean>`hits + ${amount} <= ${rule.limit}`)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) throw tooMany(rule, windowStart, nowSeconds);
    },

    /** Gives back one attempt counted in this window (it turned out right, so it is no guess). */
    async giveBack(rule: ThrottleRule, subject: string): Promise<void> {
      const { windowStart } = clock(rule);
      await db
        .updateTable('rate_limits')
        .set({ hits: sql<number>`hits - 1` })
        .where('key', '=', keyOf(rule, subject))
        .where('window_start', '=', windowStart)
        .where('hits', '>', 0)
        .execute();
    },

    /** Counts one failure for the key, remembers when it happened, and answers the window's count. */
    async recordFailure(rule: ThrottleRule, subject: string): Promise<number> {
      const { nowSeconds } = clock(rule);
      const failures = await count(rule, subject);
      await db
        .insertInto('rate_limits')
        .values({ key: lastKey(rule, subject), window_start: nowSeconds, hits: 0 })
        .onConflict((oc) => oc.column('key').doUpdateSet({ window_start: nowSeconds }))
        .execute();
      return failures;
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
