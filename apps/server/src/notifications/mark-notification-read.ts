import { isUuid } from '@deck-portal/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { User } from '../auth/sessions.ts';
import { notifications, users } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { recordAudit } from '../users/record-audit.ts';

/** Marks an administrators' notification read (read stays read); 404 for an unknown id. */
export async function markNotificationRead(
  services: Services,
  { actor, notificationId }: { actor: User; notificationId: string },
) {
  await services.db.transaction(async (tx) => {
    const [row] = isUuid(notificationId)
      ? await tx
          .select({ notification: notifications, subjectEmail: users.email })
          .from(notifications)
          .leftJoin(users, eq(users.id, notifications.subjectUserId))
          .where(and(eq(notifications.id, notificationId), isNull(notifications.recipientUserId)))
      : [];
    if (!row) throw new AppError('not_found', 'No notification with this id exists.');
    if (row.notification.read) return;
    await tx.update(notifications).set({ read: true }).where(eq(notifications.id, notificationId));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'notification.read',
      target: { id: row.notification.subjectUserId, email: row.subjectEmail },
      oldValue: 'unread',
      newValue: 'read',
      at: services.clock.now(),
    });
  });
}
