import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { AdminNotificationsResponse } from '@deck-portal/domain';
import type { Db } from '../db/database.ts';
import { notifications } from '../db/schema.ts';

/** Enough for the panel's first five and a look further back; older ones stay stored. */
export const notificationListLimit = 100;

/** The administrators' notifications, newest first, with the number still unread. */
export async function listAdminNotifications(db: Db): Promise<AdminNotificationsResponse> {
  const rows = await db
    .select()
    .from(notifications)
    .where(isNull(notifications.recipientUserId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(notificationListLimit);
  const [unread] = await db
    .select({ count: count() })
    .from(notifications)
    .where(and(isNull(notifications.recipientUserId), eq(notifications.read, false)));
  return {
    notifications: rows.map((row) => ({
      id: row.id,
      message: row.message,
      read: row.read,
      createdAt: row.createdAt.toISOString(),
    })),
    unreadCount: Number(unread?.count ?? 0),
  };
}
