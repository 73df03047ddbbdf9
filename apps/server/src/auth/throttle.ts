import { and, eq, lt, sql } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { rateLimitCounters } from '../db/schema.ts';

export type ThrottleRule = { limit: number; windowMs: number };

/**
 * Fixed-window counters kept in the database, so every server process sees the same counts.
 * `isBlocked` reads, `record` counts one more attempt; no account is ever locked.
 */
export function createThrottle({ db, clock }: { db: Db; clock: Clock }) {
  const windowOf = (rule: ThrottleRule) => {
    const now = clock.now().getTime();
    const start = now - (now % rule.windowMs);
    return {
      start: new Date(start),
      retryAfterSeconds: Math.ceil((start + rule.windowMs - now) / 1000),
    };
  };

  return {
    /** The seconds to wait when any of the keys is over its limit, else undefined. */
    async retryAfter(checks: { key: string; rule: ThrottleRule }[]): Promise<number | undefined> {
      let wait: number | undefined;
      for (const { key, rule } of checks) {
        const window = windowOf(rule);
        const [row] = await db
          .select({ count: rateLimitCounters.count })
          .from(rateLimitCounters)
          .where(
            and(eq(rateLimitCounters.key, key), eq(rateLimitCounters.windowStart, window.start)),
          );
        if (row && row.count >= rule.limit) {
          wait = Math.max(wait ?? 0, window.retryAfterSeconds);
        }
      }
      return wait;
    },

    async record(checks: { key: string; rule: ThrottleRule }[]) {
      for (const { key, rule } of checks) {
        const window = windowOf(rule);
        await db
          .insert(rateLimitCounters)
          .values({ key, windowStart: window.start, count: 1 })
          .onConflictDoUpdate({
            target: [rateLimitCounters.key, rateLimitCounters.windowStart],
            set: { count: sql`${rateLimitCounters.count} + 1` },
          });
      }
      // Old windows are of no use to anyone.
      await db
        .delete(rateLimitCounters)
        .where(lt(rateLimitCounters.windowStart, new Date(clock.now().getTime() - 24 * 3600_000)));
    },

    /**
     * Counts one attempt against every key and tells whether any key is now over its limit,
     * in one statement per key: requests racing each other cannot all slip under the limit, as
     * a read-then-record would let them.
     */
    async consume(checks: { key: string; rule: ThrottleRule }[]): Promise<number | undefined> {
      let wait: number | undefined;
      for (const { key, rule } of checks) {
        const window = windowOf(rule);
        const [row] = await db
          .insert(rateLimitCounters)
          .values({ key, windowStart: window.start, count: 1 })
          .onConflictDoUpdate({
            target: [rateLimitCounters.key, rateLimitCounters.windowStart],
            set: { count: sql`${rateLimitCounters.count} + 1` },
          })
          .returning({ count: rateLimitCounters.count });
        if (row && row.count > rule.limit) {
          wait = Math.max(wait ?? 0, window.retryAfterSeconds);
        }
      }
      return wait;
    },

    async clear(key: string) {
      await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, key));
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;

/**
 * Per e-mail limits are fixed; per-IP limits come from `IP_ATTEMPT_LIMIT` (a busy office
 * behind one address needs more than a single person does).
 */
export function throttleRules(ipLimitPer15Minutes: number) {
  const fifteenMinutes = 15 * 60_000;
  return {
    signInPerEmail: { limit: 10, windowMs: fifteenMinutes },
    signInPerIp: { limit: ipLimitPer15Minutes, windowMs: fifteenMinutes },
    resetPerEmail: { limit: 5, windowMs: 60 * 60_000 },
    resetPerIp: { limit: ipLimitPer15Minutes, windowMs: fifteenMinutes },
    signUpPerIp: { limit: ipLimitPer15Minutes, windowMs: fifteenMinutes },
    // A client link's passcode is guessed like a password: the same limits as sign-in.
    passcodePerLink: { limit: 10, windowMs: fifteenMinutes },
    passcodePerIp: { limit: ipLimitPer15Minutes, windowMs: fifteenMinutes },
  } satisfies Record<string, ThrottleRule>;
}
export type ThrottleRules = ReturnType<typeof throttleRules>;
