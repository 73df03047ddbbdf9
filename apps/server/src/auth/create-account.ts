import { and, eq, sql } from 'drizzle-orm';
import type { AuthProvider } from '@deck-portal/domain';
import { identities, users } from '../db/schema.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import { notifyAdminsOfSignUp } from '../notifications/notify-admins-of-sign-up.ts';
import type { Services } from '../services.ts';
import type { User } from './sessions.ts';

// Serialises account creation, so two first sign-ups cannot both become the first admin.
const accountCreationLockKey = 7_305_112_202;

export type NewAccount = {
  email: string;
  name: string;
  passwordHash: string | null;
  provider: AuthProvider;
  photoURL?: string | null;
  identity?: { issuer: string; subject: string };
  /** Set by invitations and the admin command: the account starts approved with this role. */
  approvedAs?: User['role'];
};

export async function hasApprovedAdmin(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'approved')))
    .limit(1);
  return Boolean(row);
}

/**
 * Creates an account. The first account on an instance without an administrator, and any
 * address in ADMIN_EMAILS, becomes an approved admin; anyone else waits for approval, and the
 * administrators are told in the same transaction.
 */
export async function createAccount(
  { db, clock, config }: Pick<Services, 'db' | 'clock' | 'config'>,
  account: NewAccount,
): Promise<User> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${accountCreationLockKey})`);
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, account.email));
    if (existing) {
      throw new AppError('email_taken', 'An account with this email address already exists.', {
        status: 409,
      });
    }
    const now = clock.now();
    const isAdmin =
      account.approvedAs === 'admin' ||
      config.adminEmails.includes(account.email) ||
      !(await hasApprovedAdmin(tx));
    const approvedRole = isAdmin ? 'admin' : account.approvedAs;
    const [user] = await tx
      .insert(users)
      .values({
        email: account.email,
        name: account.name,
        passwordHash: account.passwordHash,
        provider: account.provider,
        photoURL: account.photoURL ?? null,
        createdAt: now,
        requestedAt: now,
        ...(approvedRole
          ? { role: approvedRole, status: 'approved' as const, approvedAt: now }
          : { role: 'pending' as const, status: 'pending_approval' as const }),
      })
      .returning();
    if (!user) throw new Error('insert returned no row');
    if (account.identity) {
      await tx
        .insert(identities)
        .values({ ...account.identity, userId: user.id, email: account.email });
    }
    if (user.status === 'pending_approval') {
      await notifyAdminsOfSignUp(tx, { user, config });
    }
    return user;
  });
}
