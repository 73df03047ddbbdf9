import { isUuid } from '@deck-portal/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { notifications } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';

/** Marks one of the user's own notifications read; anyone else's is not found. */
export async function markUserNotificationRead(
  db: Db,
  { userId, notificationId }: { userId: string; notificationId: string },
) {
  const [row] = isUuid(notificationId)
    ? await db
        .update(notifications)
        .set({ read: true })
        .where(and(eq(notifications.id, notificationId), eq(notifications.recipientUserId, userId)))
        .returning({ id: notifications.id })
    : [];
  if (!row) throw new AppError('not_found', 'No notification with this id exists.');
}
