import { isUuid } from '@deck-portal/domain';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { users } from '../db/schema.ts';
import type { User } from '../auth/sessions.ts';
import { AppError } from '../http/app-error.ts';

// Serialises administrator changes to accounts, so two admins demoting or removing each other
// at the same moment cannot leave the portal without an administrator.
const userAdministrationLockKey = 7_305_112_203;

/** Takes the administration lock and loads the account an action is about; 404 when unknown. */
export async function lockTargetUser(tx: Db, id: string): Promise<User> {
  await tx.execute(sql`select pg_advisory_xact_lock(${userAdministrationLockKey})`);
  // A malformed id cannot name an account: it is simply not found.
  const [user] = isUuid(id) ? await tx.select().from(users).where(eq(users.id, id)) : [];
  if (!user) throw new AppError('not_found', 'No user with this id exists.');
  return user;
}

/** As `lockTargetUser`, for an action only a sign-up waiting for approval allows; 409 otherwise. */
export async function lockPendingUser(tx: Db, id: string): Promise<User> {
  const user = await lockTargetUser(tx, id);
  if (user.status !== 'pending_approval') {
    throw new AppError('not_pending', `${user.name} is not waiting for approval.`, {
      status: 409,
    });
  }
  return user;
}

/**
 * As `lockTargetUser`, for approving: a sign-up waiting for approval, or one declined earlier
 * that an administrator reconsiders; 409 otherwise.
 */
export async function lockApprovableUser(tx: Db, id: string): Promise<User> {
  const user = await lockTargetUser(tx, id);
  if (user.status !== 'pending_approval' && user.status !== 'declined') {
    throw new AppError('not_pending', `${user.name} is not waiting for approval.`, {
      status: 409,
    });
  }
  return user;
}

export function isApprovedAdmin(user: Pick<User, 'role' | 'status'>) {
  return user.role === 'admin' && user.status === 'approved';
}

/** Refuses (409) a change that would leave no approved administrator. */
export async function assertNotLastAdmin(tx: Db, user: User, change: 'demoted' | 'removed') {
  if (!isApprovedAdmin(user)) return;
  const [row] = await tx
    .select({ admins: count() })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'approved')));
  if ((row?.admins ?? 0) <= 1) {
    throw new AppError(
      'last_admin',
      `The last administrator cannot be ${change}. Make someone else an administrator first.`,
      { status: 409 },
    );
  }
}
