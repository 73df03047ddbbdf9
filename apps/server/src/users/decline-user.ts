import { eq } from 'drizzle-orm';
import type { AdminUser } from '@deck-portal/domain';
import { endUserSessions, type User } from '../auth/sessions.ts';
import { users } from '../db/schema.ts';
import type { Services } from '../services.ts';
import { toAdminUser } from './admin-user.ts';
import { recordAudit } from './record-audit.ts';
import { lockPendingUser } from './target-user.ts';

/** Declines a pending account and ends its sessions (DESIGN.md section 4). */
export async function declineUser(
  services: Services,
  { actor, userId }: { actor: User; userId: string },
): Promise<AdminUser> {
  const now = services.clock.now();
  const declined = await services.db.transaction(async (tx) => {
    const user = await lockPendingUser(tx, userId);
    const [updated] = await tx
      .update(users)
      .set({ status: 'declined', declinedAt: now })
      .where(eq(users.id, user.id))
      .returning();
    await endUserSessions(tx, user.id);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'user.declined',
      target: user,
      oldValue: user.status,
      newValue: 'declined',
      at: now,
    });
    return updated!;
  });
  return toAdminUser(declined);
}
