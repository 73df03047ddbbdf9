import { and, eq, lt, ne, or, sql } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { preparedQuery } from '../db/prepared-query.ts';
import { rowsMappedOnce } from '../db/rows-mapped-once.ts';
import { sessions, users } from '../db/schema.ts';
import { hashToken, newToken } from './tokens.ts';

export const sessionIdleMs = 7 * 24 * 3600_000;
export const sessionAbsoluteMs = 30 * 24 * 3600_000;
// Writing last-seen on every request would cost a write per call; a minute's slack is harmless.
const touchIntervalMs = 60_000;

export type User = typeof users.$inferSelect;

/** Starts a session and returns its token; only the token's hash is stored. */
export async function createSession(db: Db, clock: Clock, userId: string): Promise<string> {
  const token = newToken();
  const now = clock.now();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + sessionAbsoluteMs),
  });
  return token;
}

const sessionWithUser = preparedQuery((db) =>
  rowsMappedOnce(
    db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
      .prepare('session_with_user'),
  ),
);

/** The user behind a session token, or null when the token is unknown, idle or expired. */
export async function findSessionUser(
  db: Db,
  clock: Clock,
  token: string,
): Promise<{ user: User; tokenHash: string } | null> {
  const tokenHash = hashToken(token);
  const [row] = await sessionWithUser(db).execute({ tokenHash });
  if (!row) return null;
  const now = clock.now().getTime();
  const isExpired =
    row.session.expiresAt.getTime() <= now ||
    row.session.lastSeenAt.getTime() + sessionIdleMs <= now;
  if (isExpired) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    return null;
  }
  if (now - row.session.lastSeenAt.getTime() > touchIntervalMs) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.tokenHash, tokenHash));
  }
  return { user: row.user, tokenHash };
}

export async function deleteSession(db: Db, token: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Ends every session of a user, except optionally the one making the change. */
export async function endUserSessions(db: Db, userId: string, keepTokenHash?: string) {
  await db
    .delete(sessions)
    .where(
      keepTokenHash
        ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash))
        : eq(sessions.userId, userId),
    );
}

/** Removes sessions nobody can use any more. */
export async function deleteExpiredSessions(db: Db, clock: Clock) {
  const now = clock.now().getTime();
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, new Date(now)),
        lt(sessions.lastSeenAt, new Date(now - sessionIdleMs)),
      ),
    );
}
