import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { AdminStats, AdminUserListStatus, AdminUsersResponse } from '@deck-portal/domain';
import type { Db } from '../db/database.ts';
import { users } from '../db/schema.ts';
import { toAdminUser } from './admin-user.ts';

/** Each list's order: requests newest first, approved people by name, declines newest first. */
const listOrder = {
  pending_approval: [
    desc(sql`coalesce(${users.requestedAt}, ${users.createdAt})`),
    asc(users.email),
  ],
  approved: [asc(sql`lower(${users.name})`), asc(users.email)],
  declined: [desc(sql`coalesce(${users.declinedAt}, ${users.createdAt})`), asc(users.email)],
} as const;

const usersWithStatus = (db: Db, status: keyof typeof listOrder) =>
  db
    .select()
    .from(users)
    .where(eq(users.status, status))
    .orderBy(...listOrder[status]);

/** The admin portal's lists: pending, approved, declined, or all (newest account first). */
export async function listUsers(db: Db, status: AdminUserListStatus): Promise<AdminUsersResponse> {
  if (status === 'all') {
    const rows = await db.select().from(users).orderBy(desc(users.createdAt), asc(users.email));
    return { status, users: rows.map(toAdminUser) };
  }
  const rows = await usersWithStatus(db, status);
  const person = (user: (typeof rows)[number]) => ({
    id: user.id,
    name: user.name,
    email: user.email,
  });
  const requestedAt = (user: (typeof rows)[number]) =>
    (user.requestedAt ?? user.createdAt).toISOString();
  if (status === 'approved') {
    return {
      status,
      users: rows.map((user) => ({
        ...person(user),
        role: user.role,
        approvedAt: (user.approvedAt ?? user.createdAt).toISOString(),
      })),
    };
  }
  if (status === 'declined') {
    return {
      status,
      users: rows.map((user) => ({
        ...person(user),
        requestedAt: requestedAt(user),
        declinedAt: (user.declinedAt ?? user.createdAt).toISOString(),
      })),
    };
  }
  return {
    status,
    users: rows.map((user) => ({ ...person(user), requestedAt: requestedAt(user) })),
  };
}

/** The three stat cards: pending, approved, and every account on record. */
export async function getUserStats(db: Db): Promise<AdminStats> {
  const rows = await db
    .select({ status: users.status, count: count() })
    .from(users)
    .groupBy(users.status);
  const byStatus = new Map(rows.map((row) => [row.status, Number(row.count)]));
  return {
    pending: byStatus.get('pending_approval') ?? 0,
    approved: byStatus.get('approved') ?? 0,
    total: rows.reduce((sum, row) => sum + Number(row.count), 0),
  };
}
