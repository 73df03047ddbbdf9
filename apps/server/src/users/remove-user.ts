import { eq } from 'drizzle-orm';
import type { AdminUser } from '@deck-portal/domain';
import { endUserSessions, type User } from '../auth/sessions.ts';
import { users } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { toAdminUser } from './admin-user.ts';
import { recordAudit } from './record-audit.ts';
import { assertNotLastAdmin, lockTargetUser } from './target-user.ts';

/**
 * Removes an account: status `removed`, the row kept for the record, every session ended so
 * the user's very next request is anonymous.
 */
export async function removeUser(
  services: Services,
  { actor, userId }: { actor: User; userId: string },
): Promise<AdminUser> {
  const now = services.clock.now();
  const removed = await services.db.transaction(async (tx) => {
    const user = await lockTargetUser(tx, userId);
    if (user.status === 'removed') {
      throw new AppError('already_removed', `${user.name} has already been removed.`, {
        status: 409,
      });
    }
    await assertNotLastAdmin(tx, user, 'removed');
    if (user.id === actor.id) {
      throw new AppError('remove_self', 'You cannot remove your own account.', { status: 409 });
    }
    const [updated] = await tx
      .update(users)
      .set({ status: 'removed', removedAt: now })
      .where(eq(users.id, user.id))
      .returning();
    await endUserSessions(tx, user.id);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'user.removed',
      target: user,
      oldValue: user.status,
      newValue: 'removed',
      at: now,
    });
    return updated!;
  });
  return toAdminUser(removed);
}
