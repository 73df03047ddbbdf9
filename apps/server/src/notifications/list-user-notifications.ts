import { and, count, desc, eq } from 'drizzle-orm';
import { clientLinkPaths, type UserNotificationsResponse } from '@deck-portal/domain';
import type { Db } from '../db/database.ts';
import { clientLinks, notifications } from '../db/schema.ts';
import { notificationListLimit } from './list-admin-notifications.ts';

/** One user's own notifications, newest first, each with where it leads in the portal. */
export async function listUserNotifications(
  db: Db,
  { userId }: { userId: string },
): Promise<UserNotificationsResponse> {
  const [rows, [unread]] = await Promise.all([
    db
      .select({ notification: notifications, deckId: clientLinks.deckId })
      .from(notifications)
      .leftJoin(clientLinks, eq(clientLinks.id, notifications.clientLinkId))
      .where(eq(notifications.recipientUserId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(notificationListLimit),
    db
      .select({ count: count() })
      .from(notifications)
      .where(and(eq(notifications.recipientUserId, userId), eq(notifications.read, false))),
  ]);
  return {
    notifications: rows.map(({ notification, deckId }) => ({
      id: notification.id,
      message: notification.message,
      read: notification.read,
      createdAt: notification.createdAt.toISOString(),
      link:
        notification.linkPath ??
        (deckId && notification.clientLinkId
          ? clientLinkPaths.analytics(deckId, notification.clientLinkId)
          : null),
    })),
    unreadCount: Number(unread?.count ?? 0),
  };
}
