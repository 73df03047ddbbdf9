import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { AdminStats, AdminUserListStatus, AdminUsersResponse } from '@deck-portal/domain';
import type { Db } from '../db/database.ts';
import { users } from '../db/schema.ts';
import { toAdminUser } from './admin-user.ts';

/** The admin portal's lists: pending (newest request first), approved (by name), or all. */
export async function listUsers(db: Db, status: AdminUserListStatus): Promise<AdminUsersResponse> {
  if (status === 'pending_approval') {
    const rows = await db
      .select()
      .from(users)
      .where(eq(users.status, 'pending_approval'))
      .orderBy(desc(sql`coalesce(${users.requestedAt}, ${users.createdAt})`), asc(users.email));
    return {
      status,
      users: rows.map((user) => ({
        id: user.id,
        name: user.name,
        email: user.email,
        requestedAt: (user.requestedAt ?? user.createdAt).toISOString(),
      })),
    };
  }
  if (status === 'approved') {
    const rows = await db
      .select()
      .from(users)
      .where(eq(users.status, 'approved'))
      .orderBy(asc(sql`lower(${users.name})`), asc(users.email));
    return {
      status,
      users: rows.map((user) => ({
        id: user.id,
        name: user.name,
        email: user.email,
        role: user.role,
        approvedAt: (user.approvedAt ?? user.createdAt).toISOString(),
      })),
    };
  }
  if (status === 'declined') {
    const rows = await db
      .select()
      .from(users)
      .where(eq(users.status, 'declined'))
      .orderBy(desc(sql`coalesce(${users.declinedAt}, ${users.createdAt})`), asc(users.email));
    return {
      status,
      users: rows.map((user) => ({
        id: user.id,
        name: user.name,
        email: user.email,
        requestedAt: (user.requestedAt ?? user.createdAt).toISOString(),
        declinedAt: (user.declinedAt ?? user.createdAt).toISOString(),
      })),
    };
  }
  const rows = await db.select().from(users).orderBy(desc(users.createdAt), asc(users.email));
  return { status, users: rows.map(toAdminUser) };
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
