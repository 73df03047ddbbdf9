import { and, eq, lt, sql } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { rateLimitCounters } from '../db/schema.ts';

export type ThrottleRule = { limit: number; windowMs: number };
export type ThrottleCheck = { key: string; rule: ThrottleRule };

/** One attempt as counted: refused when `retryAfterSeconds` is set; `giveBack` uncounts it. */
export type CountedAttempt = {
  retryAfterSeconds: number | undefined;
  /** Takes the attempt back from exactly the windows it was counted in. */
  giveBack(): Promise<void>;
};

/**
 * Fixed-window counters kept in the database, so every server process sees the same counts.
 * The one way to use them is `consume`: count the attempt first, then act; no account is ever
 * locked, only attempts from a key are slowed down.
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

  /** Takes back attempts counted in these windows (never below zero). */
  async function uncount(counted: { key: string; windowStart: Date }[]) {
    for (const { key, windowStart } of counted) {
      await db
        .update(rateLimitCounters)
        .set({ count: sql`greatest(${rateLimitCounters.count} - 1, 0)` })
        .where(and(eq(rateLimitCounters.key, key), eq(rateLimitCounters.windowStart, windowStart)));
    }
  }

  return {
    /**
     * Counts one attempt against the keys in order, in one statement per key, and stops at
     * the first key that is now over its limit: requests racing each other cannot all slip
     * under a limit, as a read-then-record would let them, and a refused attempt is not counted
     * against the keys after the one that refused it. So list the caller's own keys (its
     * address) before keys it shares with others (an account, a link): a caller past its own
     * limit then cannot spend a limit that protects someone else.
     */
    async consume(checks: ThrottleCheck[]): Promise<CountedAttempt> {
      const counted: { key: string; windowStart: Date }[] = [];
      let retryAfterSeconds: number | undefined;
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
        counted.push({ key, windowStart: window.start });
        if (row && row.count > rule.limit) {
          retryAfterSeconds = window.retryAfterSeconds;
          break;
        }
      }
      // Old windows are of no use to anyone.
      await db
        .delete(rateLimitCounters)
        .where(lt(rateLimitCounters.windowStart, new Date(clock.now().getTime() - 24 * 3600_000)));
      return { retryAfterSeconds, giveBack: () => uncount(counted) };
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
export function throttleRules(ipLimitPer15Minutes: number, mailLimitPerHour = 30) {
  const minute = 60_000;
  const fifteenMinutes = 15 * minute;
  const hour = 60 * 60_000;
  return {
    signInPerEmail: { limit: 10, windowMs: fifteenMinutes },
    signInPerIp: { limit: ipLimitPer15Minutes, windowMs: fifteenMinutes },
    resetPerEmail: { limit: 5, windowMs: hour },
    resetPerIp: { limit: ipLimitPer15Minutes, windowMs: fifteenMinutes },
    // Each reset request mails someone: a burst is cut short within the minute, whatever the
    // longer windows above still allow.
    resetPerEmailPerMinute: { limit: 3, windowMs: minute },
    resetPerIpPerMinute: { limit: 3, windowMs: minute },
    signUpPerIp: { limit: ipLimitPer15Minutes, windowMs: fifteenMinutes },
    // A client link's passcode is guessed like a password. Counted per link and address, so a
    // guesser elsewhere cannot lock the real client out; per link overall with a far higher
    // limit, so guesses spread over many addresses stay throttled too.
    passcodePerLinkAndIp: { limit: 10, windowMs: fifteenMinutes },
    passcodePerLink: { limit: 100, windowMs: fifteenMinutes },
    passcodePerIp: { limit: ipLimitPer15Minutes, windowMs: fifteenMinutes },
    // Mail a signed-in user makes the portal send (shares, client links, invitations).
    mailPerUser: { limit: mailLimitPerHour, windowMs: hour },
    // A client link mailed to the same address for the same deck.
    clientLinkMailPerRecipient: { limit: 1, windowMs: hour },
    // Visits of one link from one address: a script cannot inflate the link's analytics.
    visitsPerLinkPerIp: { limit: 20, windowMs: hour },
    // Tokens that name no link, tried from one address.
    unknownTokenPerIp: { limit: 30, windowMs: fifteenMinutes },
  } satisfies Record<string, ThrottleRule>;
}
export type ThrottleRules = ReturnType<typeof throttleRules>;
